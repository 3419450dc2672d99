// The studio's HTTP client: openapi-fetch over the contract's /api/studio operations. The session is
// the studio_session cookie (HttpOnly, sent by the browser, decision 147), so no token travels here;
// the server's messages come in the page's language. A 401 on any call but the sign-in's own means
// the session ended (signed out elsewhere, revoked, expired): the layout sends the person to sign in.
import createClient, { type Middleware } from 'openapi-fetch';
import { StudioRequestError } from '../../machines/studio-error.ts';
import type { paths } from '../../openapi/schema.d.ts';
import { pageLocale } from '../lib/locale.ts';

export const STUDIO_TIMEOUT_MS = 60_000;

export type StudioPaths = { [P in keyof paths as P extends `/api/studio${string}` ? P : never]: paths[P] };

let onSessionEnded: () => void = () => {};
/** Who is told when a call finds the session gone. */
export function whenSessionEnds(listener: () => void): void {
  onSessionEnded = listener;
}

const middleware: Middleware = {
  onRequest({ request }) {
    const headers = new Headers(request.headers);
    headers.set('accept-language', pageLocale());
    return new Request(request, {
      headers,
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(STUDIO_TIMEOUT_MS)]),
    });
  },
  onResponse({ response, schemaPath }) {
    if (
      response.status === 401 &&
      !schemaPath.startsWith('/api/studio/sign-in') &&
      !schemaPath.startsWith('/api/studio/invites')
    )
      onSessionEnded();
    return undefined;
  },
};

export function createStudioClient(baseUrl = globalThis.location?.origin ?? '') {
  const client = createClient<StudioPaths>({
    baseUrl,
    credentials: 'same-origin',
    // Looked up per request, so whatever wraps fetch after start (test interceptors) is used.
    fetch: (input) => globalThis.fetch(input),
  });
  client.use(middleware);
  return client;
}

export const studioApi = createStudioClient();

function messageOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return undefined;
}

/**
 * The answer's data, or a StudioRequestError with the server's message (in the staff member's
 * language), its status and its body; no answer is status 0 with a key the page translates.
 */
export async function studioCall<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let answer: { data?: T; error?: unknown; response: Response };
  try {
    answer = await request;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new StudioRequestError(name === 'TimeoutError' ? 'errors.timeout' : 'errors.network', 0);
  }
  const { data, error, response } = answer;
  if (response.ok) return data as T;
  throw new StudioRequestError(messageOf(error) ?? 'errors.unexpected', response.status, error ?? null);
}
