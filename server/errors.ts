/** An error whose status and message the API's error handler sends as `{success: false, message}`. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Sent with the answer, e.g. Retry-After on a 429 or 503. */
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

/** Busy or briefly down: the client may try again after `seconds`. */
export const unavailable = (message: string, seconds: number) =>
  new HttpError(503, message, { 'retry-after': String(seconds) });

export const unauthorized = (message = 'Please sign in again') => new HttpError(401, message);
export const forbidden = (message = 'You may not do that') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const conflict = (message: string) => new HttpError(409, message);
