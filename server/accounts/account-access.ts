// What a caller may change of an account: only their own, and moving it elsewhere (a new email, a
// new password) only with its current password.
import type { Auth } from '../auth/authenticate.ts';
import { type HashClient, MAX_PASSWORD_LENGTH, verifyPassword } from '../auth/passwords.ts';
import type { Database } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden } from '../errors.ts';
import {
  CHECKS_LOCKED,
  checkThrottle,
  clearThrottle,
  passwordCheckKey,
  recordFailure,
} from './login-throttle.ts';

/** Refuses a call on another account than the caller's (or of another trainer, when one is named). */
export function checkOwnAccount(auth: Auth, userId: string, trainerId?: string): void {
  if (userId !== auth.user.id || (trainerId !== undefined && trainerId !== auth.user.trainerId)) {
    throw forbidden('accounts.ownAccountOnly');
  }
}

/** The hashing queue's client for a hash of this account's password (see auth/passwords.ts). */
export const accountClient = (address: string, user: UserRow): HashClient => ({
  address,
  account: `user ${user.id}`,
});

/**
 * The signed-in member's current password, before an email or password change. Wrong ones back off
 * as failed logins do, but on a count of the account's own: a stolen session cannot use these
 * calls to guess faster than the sign-in page allows, nor to lock the member's sign-in.
 */
export async function checkCurrentPassword(
  db: Database,
  address: string,
  user: UserRow,
  typed: string,
): Promise<void> {
  const key = passwordCheckKey(user.id);
  await checkThrottle(db, user.trainerId, key, CHECKS_LOCKED);
  if (
    typed.length > MAX_PASSWORD_LENGTH ||
    !(await verifyPassword(typed, user.passwordHash, accountClient(address, user)))
  ) {
    await recordFailure(db, user.trainerId, key);
    throw forbidden('accounts.currentPasswordIncorrect');
  }
  await clearThrottle(db, user.trainerId, key);
}
