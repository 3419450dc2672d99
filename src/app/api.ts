// The app's single API client. The token comes from the stored user (`pcc-user`), which the session
// keeps current.
import { createApiClient } from '../api/client.ts';
import { TRAINER_ID } from '../config.ts';

export const USER_STORAGE_KEY = 'pcc-user';

export function storedToken(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): string | null {
  try {
    const raw = storage?.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const user: unknown = JSON.parse(raw);
    return user && typeof user === 'object' && 'token' in user && typeof user.token === 'string'
      ? user.token
      : null;
  } catch {
    return null;
  }
}

export const api = createApiClient({
  trainerId: TRAINER_ID,
  getToken: () => storedToken(),
  // Looked up per request, so whatever wraps fetch after start (instrumentation, test interceptors) is used.
  fetch: (input, init) => globalThis.fetch(input, init),
});
