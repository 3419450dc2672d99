// The user kept across reloads under `pcc-user` (spec section 3), token included; the architecture
// accepts that and contains it with a strict CSP and server-side revocation. This is the only module
// that reads or writes the key: the session machine owns the copy through these functions.
import type { User } from '../../domain/api-types.ts';

export const STORED_USER_KEY = 'pcc-user';

export type UserStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored user, or null when there is none; an unreadable copy is an error. */
export function readStoredUser(storage: Pick<Storage, 'getItem'>): User | null {
  const text = storage.getItem(STORED_USER_KEY);
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || !('token' in value) || typeof value.token !== 'string') {
    throw new Error(`${STORED_USER_KEY} does not hold a user`);
  }
  return value as User;
}

/**
 * The stored user for a first paint, before the session has checked it: an unreadable copy counts as
 * none here, and the session removes it when it starts.
 */
export function peekStoredUser(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): User | null {
  try {
    return storage ? readStoredUser(storage) : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(storage: UserStorage, user: User): void {
  storage.setItem(STORED_USER_KEY, JSON.stringify(user));
}

export function removeStoredUser(storage: UserStorage): void {
  storage.removeItem(STORED_USER_KEY);
}
