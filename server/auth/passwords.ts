// Password hashes are self-describing (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so a hash made with
// the lower test cost and one made with the production cost both verify, and the cost can be raised
// later without breaking existing accounts.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { badRequest, unavailable } from '../errors.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/**
 * At most one scrypt per core runs at a time and a bounded number wait; beyond that a request is
 * refused at once with 503, so a burst of logins or sign-ups cannot make every other member's
 * login wait a minute (each hash takes a large fraction of a second and 128 MiB at production cost).
 */
export class HashQueue {
  readonly concurrency: number;
  readonly maxWaiting: number;
  #running = 0;
  #ran = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(concurrency = availableParallelism(), maxWaiting = 8 * concurrency) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** How many hashes have started since the process began (for tests and benchmarks). */
  get ran(): number {
    return this.#ran;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) {
        throw unavailable('The server is busy. Please try again in a few seconds.', BUSY_RETRY_SECONDS);
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    this.#ran++;
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter, so a newcomer cannot jump the queue.
      if (next) next();
      else this.#running--;
    }
  }
}

const BUSY_RETRY_SECONDS = 5;
export const hashQueue = new HashQueue();

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below what N = 2^17 needs.
  const options: ScryptOptions = { N: 2 ** log2N, r, p, maxmem: 256 * 2 ** log2N * r + 1024 * 1024 };
  // The same password typed on two keyboards may arrive composed or decomposed (é as one code
  // point or two): both hash alike.
  const normalized = password.normalize('NFC');
  return hashQueue.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(normalized, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** Refuses a new password outside 8 to 256 characters, before any hashing work is done. */
export function checkNewPassword(typed: string): void {
  const password = typed.normalize('NFC');
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
