// GET /api/user, which every signed-in page calls, answered from what this instance read for the same
// session a moment before (decision 097). An entry lives at most MEMBER_VIEW_MAX_AGE_MS and never past
// its session's expiry; every write of this instance that changes what the view shows, or whether the
// session holds, forgets the member's entries once it has committed.
import type { User } from '../../domain/api-types.ts';
import type { UserRow } from '../db/schema.ts';

type Customer = User['customer'];

interface Entry {
  user: UserRow;
  /** The session's. */
  expiresAt: Date;
  customer: Customer;
  /** Epoch ms after which the entry is not used. */
  until: number;
}

export interface MemberViewOptions {
  maxAgeMs: number;
  /** Bounds the memory: past it, the oldest entry makes room. */
  maxEntries: number;
  /**
   * True on PGlite, whose data directory one process holds: every write to it is this instance's,
   * so a session it read is known to hold until one of its own writes forgets it. On PostgreSQL
   * another instance may revoke the session, so whether it holds is asked on every request.
   */
  soleWriter: boolean;
}

export class MemberViews {
  readonly #options: MemberViewOptions;
  readonly #entries = new Map<string, Entry>();
  /**
   * Counts the forgets. A read that started before a write committed may finish after that write's
   * forget: it is kept only if no forget happened since it started.
   */
  #epoch = 0;

  constructor(options: MemberViewOptions) {
    this.#options = options;
  }

  /** Taken before reading the session, and handed back to `keep`. */
  epoch(): number {
    return this.#epoch;
  }

  #live(tokenHash: string): Entry | undefined {
    const entry = this.#entries.get(tokenHash);
    if (entry && entry.until <= Date.now()) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /**
   * The member a session token signed in when last read; `confirm` when another process could have
   * revoked the session since, and the database must say it still holds.
   */
  session(tokenHash: string): { user: UserRow; expiresAt: Date; confirm: boolean } | undefined {
    const entry = this.#live(tokenHash);
    return entry && { user: entry.user, expiresAt: entry.expiresAt, confirm: !this.#options.soleWriter };
  }

  /** The subscriptions and charges kept for this session, if they were read for this member and language. */
  customer(tokenHash: string, user: UserRow): Customer | undefined {
    const entry = this.#live(tokenHash);
    return entry && entry.user.id === user.id && entry.user.locale === user.locale
      ? entry.customer
      : undefined;
  }

  keep(
    session: { tokenHash: string; user: UserRow; expiresAt: Date; epoch: number },
    customer: Customer,
  ): void {
    const { maxAgeMs, maxEntries } = this.#options;
    if (maxAgeMs <= 0 || session.epoch !== this.#epoch) return;
    this.#entries.delete(session.tokenHash);
    if (this.#entries.size >= maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const until = Math.min(Date.now() + maxAgeMs, session.expiresAt.getTime());
    this.#entries.set(session.tokenHash, {
      user: session.user,
      expiresAt: session.expiresAt,
      customer,
      until,
    });
  }

  /** After a write to the member's row, subscriptions, charges or sessions has ended. */
  forgetUser(userId: string): void {
    this.#epoch++;
    for (const [tokenHash, entry] of this.#entries) {
      if (entry.user.id === userId) this.#entries.delete(tokenHash);
    }
  }

  /** After a transaction that applied payment events, whoever's they were. */
  forgetAll(): void {
    this.#epoch++;
    this.#entries.clear();
  }
}

/**
 * Runs a write that changes what the member's view shows or whether their sessions hold, and then,
 * committed or not, forgets the views this instance kept for them: a read that began before the
 * commit is not kept either (decision 097).
 */
export async function forgettingAfter<T>(
  views: MemberViews,
  userId: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } finally {
    views.forgetUser(userId);
  }
}
