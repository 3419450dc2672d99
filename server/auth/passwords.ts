// Password hashes are self-describing (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so a hash made with
// the lower test cost and one made with the production cost both verify, and the cost can be raised
// later without breaking existing accounts.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../errors.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below what N = 2^17 needs.
  const options: ScryptOptions = { N: 2 ** log2N, r, p, maxmem: 256 * 2 ** log2N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Refuses a new password outside 8 to 256 characters, before any hashing work is done. */
export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest(`The password must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  }
}

export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, log2N, R, P);
  return ['scrypt', log2N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(log2N), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at the configured cost. Checking a password against it for an unknown
 * email makes that answer take as long as a wrong password for a known one.
 */
export function dummyHash(log2N: number): Promise<string> {
  let hash = dummyHashes.get(log2N);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), log2N);
    dummyHashes.set(log2N, hash);
  }
  return hash;
}
