// Password hashes are self-describing (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so a hash made with
// the lower test cost and one made with the production cost both verify, and the cost can be raised
// later without breaking existing accounts.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { badRequest, tooManyRequests, unavailable } from '../errors.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/**
 * Who a hash is for: the client's address, and the account whose password it checks or sets when
 * there is one (for a sign-in, the account as seen from that client: see accounts/sign-in.ts).
 */
export interface HashClient {
  address: string;
  account?: string;
}

/** Hashes the server does for itself (the dummy hash) take their turn as one more client. */
const SERVER: HashClient = { address: 'server' };

interface Waiter {
  account: string | undefined;
  start: () => void;
}

/**
 * At most one scrypt per core runs at a time and a bounded number wait; beyond that a request is
 * refused at once with 503, so a burst of logins or sign-ups cannot make every other member's
 * login wait a minute (each hash takes a large fraction of a second and 128 MiB at production cost).
 * The waiting places are shared fairly: an account has at most one, an address a few, and the
 * addresses take turns, so one client's burst is refused (429, its own limit) instead of filling
 * the places everyone else needs, and delays another client's hash by one turn at most.
 */
export class HashQueue {
  readonly concurrency: number;
  readonly maxWaiting: number;
  readonly maxWaitingPerAddress: number;
  #running = 0;
  #ran = 0;
  #waiting = 0;
  /** Waiters by address; the map's order is the order the addresses take their turns in. */
  readonly #turns = new Map<string, Waiter[]>();
  readonly #waitingAccounts = new Set<string>();
  /** Hashes running per address. */
  readonly #runningFor = new Map<string, number>();

  constructor(
    concurrency = availableParallelism(),
    maxWaiting = 8 * concurrency,
    maxWaitingPerAddress = MAX_WAITING_PER_ADDRESS,
  ) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
    this.maxWaitingPerAddress = maxWaitingPerAddress;
  }

  get waiting(): number {
    return this.#waiting;
  }

  /** How many hashes have started since the process began (for tests and benchmarks). */
  get ran(): number {
    return this.#ran;
  }

  async run<T>(work: () => Promise<T>, client: HashClient = SERVER): Promise<T> {
    if (this.#running >= this.concurrency) {
      const turn = this.#turns.get(client.address);
      if (
        (turn?.length ?? 0) >= this.maxWaitingPerAddress ||
        (client.account !== undefined && this.#waitingAccounts.has(client.account))
      ) {
        throw tooManyRequests('password.tooManyUnderWay', BUSY_RETRY_SECONDS);
      }
      if (this.#waiting >= this.maxWaiting) {
        throw unavailable('password.serverBusy', BUSY_RETRY_SECONDS);
      }
      await new Promise<void>((start) => {
        const waiter = { account: client.account, start };
        if (turn) turn.push(waiter);
        else this.#turns.set(client.address, [waiter]);
        if (client.account !== undefined) this.#waitingAccounts.add(client.account);
        this.#waiting++;
      });
    } else {
      this.#running++;
      this.#startFor(client.address);
    }
    this.#ran++;
    try {
      return await work();
    } finally {
      const left = (this.#runningFor.get(client.address) ?? 1) - 1;
      if (left > 0) this.#runningFor.set(client.address, left);
      else this.#runningFor.delete(client.address);
      // The slot passes straight to the next waiter, so a newcomer cannot jump the queue.
      const next = this.#nextWaiter();
      if (next) next.start();
      else this.#running--;
    }
  }

  #startFor(address: string): void {
    this.#runningFor.set(address, (this.#runningFor.get(address) ?? 0) + 1);
  }

  /**
   * The first waiter of the address whose turn it is, which then goes to the back: the first in turn
   * among those with the fewest hashes running, so that an address already holding the cores does
   * not take the next one ahead of a client that has none.
   */
  #nextWaiter(): Waiter | undefined {
    let chosen: [string, Waiter[]] | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const entry of this.#turns) {
      const running = this.#runningFor.get(entry[0]) ?? 0;
      if (running < fewest) [chosen, fewest] = [entry, running];
      if (running === 0) break;
    }
    if (!chosen) return undefined;
    const [address, turn] = chosen;
    const waiter = turn.shift();
    this.#turns.delete(address);
    if (turn.length > 0) this.#turns.set(address, turn);
    // Counted now rather than when the waiter resumes, so that a slot freed meanwhile sees it.
    this.#startFor(address);
    if (waiter?.account !== undefined) this.#waitingAccounts.delete(waiter.account);
    this.#waiting--;
    return waiter;
  }
}

/** Enough for a few members behind one address (a gym's Wi-Fi) signing in at the same moment. */
const MAX_WAITING_PER_ADDRESS = 2;
const BUSY_RETRY_SECONDS = 5;
export const hashQueue = new HashQueue();

function derive(
  password: string,
  salt: Buffer,
  log2N: number,
  r: number,
  p: number,
  client: HashClient | undefined,
): Promise<Buffer> {
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
    client,
  );
}

/** Refuses a new password outside 8 to 256 characters, before any hashing work is done. */
export function checkNewPassword(typed: string): void {
  const password = typed.normalize('NFC');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest('password.tooShort', { min: MIN_PASSWORD_LENGTH });
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest('password.tooLong', { max: MAX_PASSWORD_LENGTH });
  }
}

export async function hashPassword(password: string, log2N: number, client?: HashClient): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, log2N, R, P, client);
  return ['scrypt', log2N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(
  password: string,
  stored: string,
  client?: HashClient,
): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(log2N),
    Number(r),
    Number(p),
    client,
  );
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
