// Failed sign-ins back off: a few are free, then each further one waits twice as long as the last,
// up to a lockout of 15 minutes. A counter is kept per key: an email, for sign-ins from untrusted
// clients; one device cookie, for sign-ins from a device that signed in before (decision 094); one
// account, for the password checks of a signed-in member. The two other kinds hold a space, which no
// email does.
import type { Database } from '../db/index.ts';
import { type ApiKey, tooManyRequests } from '../errors.ts';
import { countFailure, deleteKey, deleteKeysOfUser, lockedUntil, lockKey } from './accounts.repository.ts';

/**
 * Failed logins for one address before each further one waits, starting at 30 s and doubling to 15 min.
 * The same holds for the failures of one trusted device (decision 094), and for the wrong current
 * passwords given by one signed-in account.
 */
export const FREE_LOGIN_FAILURES = 5;
const LOGIN_BACKOFF_BASE_MS = 30 * 1000;
const LOGIN_BACKOFF_MAX_MS = 15 * 60 * 1000;

export function loginBackoffMs(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(LOGIN_BACKOFF_MAX_MS, LOGIN_BACKOFF_BASE_MS * 2 ** (failures - FREE_LOGIN_FAILURES));
}

export const emailKey = (email: string) => email.toLowerCase();
export const deviceKey = (userId: string, nonce: string) => `device ${userId} ${nonce}`;
export const passwordCheckKey = (userId: string) => `password-check ${userId}`;

export const SIGN_IN_LOCKED: ApiKey = 'accounts.signInLocked';
export const CHECKS_LOCKED: ApiKey = 'accounts.checksLocked';

/** Answers 429 while the key is backing off, before any hashing is done. */
export async function checkThrottle(
  db: Database,
  trainerId: string,
  key: string,
  message: ApiKey,
): Promise<void> {
  const until = await lockedUntil(db, trainerId, key, new Date());
  if (until) {
    const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    throw tooManyRequests(message, seconds, { seconds });
  }
}

export async function recordFailure(db: Database, trainerId: string, key: string): Promise<void> {
  const now = new Date();
  const wait = loginBackoffMs(await countFailure(db, trainerId, key, now));
  if (wait) await lockKey(db, trainerId, key, new Date(now.getTime() + wait));
}

export async function clearThrottle(db: Database, trainerId: string, key: string): Promise<void> {
  await deleteKey(db, trainerId, key);
}

/** After a password reset: the account's address, its devices and its password checks start afresh. */
export async function clearThrottlesOfUser(tx: Database, userId: string): Promise<void> {
  await deleteKeysOfUser(tx, userId, { prefix: deviceKey(userId, ''), key: passwordCheckKey(userId) });
}
