/** An error whose status and message the API's error handler sends as `{success: false, message}`. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

export const unauthorized = (message = 'Please sign in again') => new HttpError(401, message);
export const forbidden = (message = 'You may not do that') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
