// The one HTTP client of the SPA. Cross-cutting rules of the trainer API live here as middleware, so
// call sites only say what they want: the `token` header, `gateway=true` on the calls that carry it,
// the trainer id in request bodies, the site's language in `Accept-Language` (the server writes its
// messages in it, decision 105), and a 120 s timeout. It never navigates or shows messages: a 401
// on an authenticated call is handed to `onUnauthorized` with the token it carried, so the owner can
// tell the session's token from an emailed link's.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema.d.ts';
import { pageLocale } from '../lib/locale.ts';

export const HTTP_TIMEOUT_MS = 120_000;

const GATEWAY_PATHS: ReadonlySet<string> = new Set([
  '/api/user/login',
  '/api/user/register',
  '/api/user',
] satisfies (keyof paths)[]);

/** The paths whose request body carries the trainer id, per the contract. */
type PathsWithTrainerBody = NonNullable<
  {
    [P in keyof paths]: {
      [M in keyof paths[P]]: paths[P][M] extends {
        requestBody: { content: { 'application/json': { trainerID: string } } };
      }
        ? P
        : never;
    }[keyof paths[P]];
  }[keyof paths]
>;

const TRAINER_BODY_PATH_LIST = [
  '/api/user/login',
  '/api/user/register',
  '/api/user/{userID}/password',
  '/api/user/forgot-password',
  '/api/user/startGatewayStripeSession',
  '/api/user/openGatewayStripePortal',
] as const satisfies readonly PathsWithTrainerBody[];
/** A type that compiles only when `T` is `never`: a list that must name every member of a union. */
export type MustBeNever<T extends never> = T;
/** Fails to compile when the contract gains a body with a trainer id that the list above misses. */
export type UnlistedTrainerPaths = MustBeNever<
  Exclude<PathsWithTrainerBody, (typeof TRAINER_BODY_PATH_LIST)[number]>
>;
const TRAINER_BODY_PATHS: ReadonlySet<string> = new Set(TRAINER_BODY_PATH_LIST);

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type WithoutTrainer<B> = B extends { trainerID: string } ? Omit<B, 'trainerID'> & { trainerID?: string } : B;
type MapOperation<O> = O extends { requestBody: infer R }
  ? Omit<O, 'requestBody'> & { requestBody: { content: { 'application/json': WithoutTrainer<JsonOf<R>> } } }
  : O;
/** The contract's paths, with `trainerID` optional in bodies because the middleware fills it in. */
export type ClientPaths = { [P in keyof paths]: { [M in keyof paths[P]]: MapOperation<paths[P][M]> } };

export interface ApiClientOptions {
  trainerId: string;
  getToken: () => string | null | undefined;
  onUnauthorized?: (token: string) => void;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export function createApiClient(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const client = createClient<ClientPaths>({
    baseUrl: options.baseUrl ?? globalThis.location?.origin ?? '',
    fetch: options.fetch,
  });

  const middleware: Middleware = {
    async onRequest({ request, schemaPath }) {
      const url = new URL(request.url);
      if (GATEWAY_PATHS.has(schemaPath)) url.searchParams.set('gateway', 'true');
      const headers = new Headers(request.headers);
      const token = options.getToken();
      if (token && !headers.has('token')) headers.set('token', token);
      // The page's language (i18n keeps it on <html lang>), which the member may have chosen over
      // the browser's: the one the server's messages must be in.
      headers.set('accept-language', pageLocale());
      let body = request.body ? await request.clone().text() : undefined;
      if (body !== undefined && TRAINER_BODY_PATHS.has(schemaPath)) {
        const json: unknown = JSON.parse(body);
        if (json && typeof json === 'object' && !Array.isArray(json) && !('trainerID' in json)) {
          body = JSON.stringify({ ...json, trainerID: options.trainerId });
        }
      }
      return new Request(url, {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]),
      });
    },
    onResponse({ request, response }) {
      const token = request.headers.get('token');
      if (response.status === 401 && token) options.onUnauthorized?.(token);
      return undefined;
    },
  };
  client.use(middleware);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /** `body`: the server's answer as sent (a refusal may say more than its message), if any. */
  | { ok: false; status: number; message: string; body?: unknown };

/** Messages for failures that carry no server message; the UI translates these keys. */
export const CLIENT_ERRORS = {
  network: 'errors.network',
  timeout: 'errors.timeout',
  cancelled: 'errors.cancelled',
  unexpected: 'errors.unexpected',
} as const;

function messageOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return undefined;
}

/**
 * Turns an openapi-fetch call into a result that never throws: the server's own message on an
 * error response, a generic key for network errors, timeouts and cancellation.
 */
export async function call<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<ApiResult<T>> {
  try {
    const { data, error, response } = await request;
    if (response.ok && data !== undefined) return { ok: true, status: response.status, data };
    return {
      ok: false,
      status: response.status,
      message: messageOf(error) ?? CLIENT_ERRORS.unexpected,
      body: error,
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const message =
      name === 'TimeoutError'
        ? CLIENT_ERRORS.timeout
        : name === 'AbortError'
          ? CLIENT_ERRORS.cancelled
          : CLIENT_ERRORS.network;
    return { ok: false, status: 0, message };
  }
}
