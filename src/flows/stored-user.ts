// The user kept across reloads under `pcc-user` (spec section 3), token included; the architecture
// accepts that and contains it with a strict CSP and server-side revocation.
import type { User } from '../../domain/api-types.ts';
import type { FlowDependencies } from './flow-dependencies.ts';

export const STORED_USER_KEY = 'pcc-user';

type UserStorage = FlowDependencies['storage'];

/** The stored user, or null when there is none; an unreadable copy is an error. */
export function readStoredUser(storage: UserStorage): User | null {
  const text = storage.getItem(STORED_USER_KEY);
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || !('token' in value)) {
    throw new Error(`${STORED_USER_KEY} does not hold a user`);
  }
  return value as User;
}

export function writeStoredUser(storage: UserStorage, user: User): void {
  storage.setItem(STORED_USER_KEY, JSON.stringify(user));
}

export function removeStoredUser(storage: UserStorage): void {
  storage.removeItem(STORED_USER_KEY);
}
