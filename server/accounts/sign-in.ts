// Signing in with an email and a password. The answer and its timing are the same whether the
// address has an account or not: an unknown one is checked against a dummy hash, and counts its
// failures as a known one does (login-throttle.ts).
import type { operations } from '../../openapi/schema.d.ts';
import type { DeviceCookies } from '../auth/device-cookies.ts';
import { dummyHash, type HashClient, MAX_PASSWORD_LENGTH, verifyPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { type ApiKey, unauthorized } from '../errors.ts';
import { findUserByEmail } from './accounts.repository.ts';
import {
  checkThrottle,
  clearThrottle,
  deviceKey,
  emailKey,
  recordFailure,
  SIGN_IN_LOCKED,
} from './login-throttle.ts';
import { createSession } from './sessions.ts';

type Credentials = operations['login']['requestBody']['content']['application/json'];

const WRONG_CREDENTIALS: ApiKey = 'accounts.wrongCredentials';

/**
 * The session token for these credentials, and whose it is: the route gives this browser the
 * account's device cookie, which lets its failures count apart from now on (decision 094).
 */
export async function signIn(
  { config, db }: { config: Config; db: Database },
  devices: DeviceCookies,
  { email, password, trainerID }: Credentials,
  client: { address: string; deviceCookie: string | undefined },
): Promise<{ token: string; userId: string }> {
  // No stored password is this long, so it cannot match; it is refused without hashing it.
  if (password.length > MAX_PASSWORD_LENGTH) throw unauthorized(WRONG_CREDENTIALS);
  const user = await findUserByEmail(db, trainerID, email);
  // A browser that signed in to this account before has failures, and a lockout, of its own;
  // every other client shares the account's (decision 094).
  const device = user ? devices.trusted(client.deviceCookie, user.id) : null;
  const key = user && device ? deviceKey(user.id, device) : emailKey(email);
  await checkThrottle(db, trainerID, key, SIGN_IN_LOCKED);
  // The hashing queue's client: the account as seen from this client (decision 094).
  const hashClient: HashClient = { address: client.address, account: `sign-in ${trainerID} ${key}` };
  const cost = config.PASSWORD_HASH_LOG2_COST;
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(cost)), hashClient);
  if (!user || !ok) {
    await recordFailure(db, trainerID, key);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  await clearThrottle(db, trainerID, key);
  return { token: await createSession(db, user), userId: user.id };
}
