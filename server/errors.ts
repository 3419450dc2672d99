// The API's refusals name their text by its key in locales/api (decision 105): the error handler
// writes it in the request's language, so a service throws the same error whoever asked. Keys are
// written out whole where an error is made (`conflict('checkout.samePlan')`) or where a constant is
// typed `ApiKey`, so a test can find every one.
import type api from '../locales/api/en.json';

/** The dotted paths to the texts of a catalogue. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A text of locales/api. */
export type ApiKey = KeysOf<typeof api>;
/** The values of a text's `{{variables}}`. */
export type ApiValues = Record<string, string | number>;

/**
 * An error whose status and text the API's error handler sends as `{success: false, message}`. Its
 * `message` is the key of its text; the handler renders it with `values` in the request's language.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly values: ApiValues;
  /** Sent with the answer, e.g. Retry-After on a 429 or 503. */
  readonly headers: Record<string, string>;
  /** Fields the answer carries beside its message, as the contract declares them (a refusal's reason). */
  readonly details: Record<string, unknown>;
  constructor(
    statusCode: number,
    key: string,
    values: ApiValues = {},
    headers: Record<string, string> = {},
    details: Record<string, unknown> = {},
  ) {
    super(key);
    this.statusCode = statusCode;
    this.values = values;
    this.headers = headers;
    this.details = details;
  }
}

/** Busy or briefly down: the client may try again after `seconds`. */
export const unavailable = (key: ApiKey, seconds: number) =>
  new HttpError(503, key, {}, { 'retry-after': String(seconds) });

/** Too many requests: the client may try again after `seconds`. */
export const tooManyRequests = (key: ApiKey, seconds: number, values: ApiValues = {}) =>
  new HttpError(429, key, values, { 'retry-after': String(seconds) });

export const unauthorized = (key: ApiKey = 'auth.signInAgain', values?: ApiValues) =>
  new HttpError(401, key, values);
export const forbidden = (
  key: ApiKey = 'auth.notAllowed',
  values?: ApiValues,
  details?: Record<string, unknown>,
) => new HttpError(403, key, values, {}, details);
export const notFound = (key: ApiKey, values?: ApiValues) => new HttpError(404, key, values);
export const badRequest = (key: ApiKey, values?: ApiValues) => new HttpError(400, key, values);
export const conflict = (key: ApiKey, values?: ApiValues) => new HttpError(409, key, values);
