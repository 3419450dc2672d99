// The SPA's one API client. Its token is the session's: until the session machine has loaded (it
// starts after the first render), the copy the session stored under `pcc-user` stands in for it.
// Every 401 to a call made with that token goes to the session, which signs the member out; a call
// made with an emailed link's own token is refused without touching the session.
import { TRAINER_ID } from '../config.ts';
import { peekStoredUser } from '../lib/stored-user.ts';
import { type ApiClient, type ApiClientOptions, createApiClient } from './client.ts';

/** What the session hands the client when it starts. */
export interface SessionConnection {
  token(): string | null;
  unauthorized(): void;
}

export interface SessionClient {
  api: ApiClient;
  connectSession(session: SessionConnection): void;
}

export function createSessionClient(
  options: Pick<ApiClientOptions, 'trainerId' | 'baseUrl' | 'fetch'> & {
    storage?: Pick<Storage, 'getItem'>;
  },
): SessionClient {
  let session: SessionConnection | null = null;
  /** A 401 that arrived before the session loaded is handed to it as soon as it connects. */
  let unauthorizedEarly = false;
  const currentToken = () => session?.token() ?? peekStoredUser(options.storage)?.token ?? null;
  const api = createApiClient({
    trainerId: options.trainerId,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    getToken: currentToken,
    onUnauthorized: (token) => {
      if (token !== currentToken()) return;
      if (session) session.unauthorized();
      else unauthorizedEarly = true;
    },
  });
  return {
    api,
    connectSession(next) {
      session = next;
      if (unauthorizedEarly) {
        unauthorizedEarly = false;
        next.unauthorized();
      }
    },
  };
}

export const sessionClient = createSessionClient({
  trainerId: TRAINER_ID,
  // Looked up per request, so whatever wraps fetch after start (instrumentation, test interceptors) is used.
  fetch: (input, init) => globalThis.fetch(input, init),
});

export const api = sessionClient.api;
