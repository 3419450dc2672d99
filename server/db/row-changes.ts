// What this instance has heard of the database's changes to members' rows (migration 0020, decision
// 179): the database names, after each commit, the members and trainers whose rows it changed, whoever
// wrote them. A reading kept in memory holds only while nothing it was read from has been named since
// it began, and only while the instance is known to be hearing: never while the listening connection
// is down or silent, nor while a write of this instance has not yet been heard back.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export const CHANGES_CHANNEL = 'row_changes';

/** Bounds the memory of who changed when: past it, every reading before is given up. */
const MAX_OWNERS = 10_000;

export class RowChanges {
  /** Notifications heard: a reading's ticket is this count when it began. */
  #count = 0;
  #changedAt = new Map<string, number>();
  /** Readings that began before this count are given up (listening began again, '*', the bound). */
  #floor = 0;
  #listening = false;
  /** On PostgreSQL: how long ago the last fence was heard, past which the listener is taken as lost. */
  #silentAfterMs: number | undefined;
  #heardAt = 0;
  /** This instance's writes numbered as they start; those still running. */
  #writes = 0;
  #running = new Set<number>();
  /** Every write up to this one has been heard back. */
  #fenced = 0;
  readonly fencePrefix = `fence:${randomUUID()}:`;
  /** Sends a fence (a notification of this instance's own, heard after every commit before it). */
  sendFence: ((payload: string) => Promise<unknown>) | undefined;
  #fencing = false;
  #fenceAgain = false;

  constructor(options: { silentAfterMs?: number } = {}) {
    this.#silentAfterMs = options.silentAfterMs;
  }

  ticket(): number {
    return this.#count;
  }

  /** Whether a reading that began at `ticket`, of these owners' rows, may still be served now. */
  unchangedSince(ticket: number, owners: readonly string[]): boolean {
    return this.hearing() && !this.changedSince(ticket, owners);
  }

  /** Whether something a reading that began at `ticket` was read from may have changed since. */
  changedSince(ticket: number, owners: readonly string[]): boolean {
    if (!this.#listening || ticket < this.#floor) return true;
    for (const owner of owners) if ((this.#changedAt.get(owner) ?? 0) > ticket) return true;
    return false;
  }

  /**
   * Whether a reading that begins now may be kept: while listening, whatever is still to be heard
   * (this instance's writes included) is heard before anything kept is served, and a notice heard
   * after the reading began gives it up.
   */
  listens(): boolean {
    return this.#listening;
  }

  hearing(): boolean {
    if (!this.#listening || this.#fenced < this.#writes) return false;
    return this.#silentAfterMs === undefined || Date.now() - this.#heardAt < this.#silentAfterMs;
  }

  heard(payload: string): void {
    this.#count++;
    if (payload.startsWith(this.fencePrefix)) {
      this.#heardAt = Date.now();
      this.#fenced = Math.max(this.#fenced, Number(payload.slice(this.fencePrefix.length)));
    } else if (payload === '*' || this.#changedAt.size >= MAX_OWNERS) {
      this.#changedAt.clear();
      this.#floor = this.#count;
    }
    if (payload !== '*' && !payload.startsWith('fence:')) this.#changedAt.set(payload, this.#count);
  }

  /** Listening (again): whatever was read before may have missed a change. */
  listening(): void {
    this.#changedAt.clear();
    this.#floor = ++this.#count;
    this.#heardAt = Date.now();
    this.#listening = true;
    this.fence();
  }

  stopped(): void {
    this.#listening = false;
  }

  /** A write of this instance starts: nothing kept is served until it has ended and been heard back. */
  writeStarts(): () => void {
    const n = ++this.#writes;
    this.#running.add(n);
    return () => {
      this.#running.delete(n);
      this.fence();
    };
  }

  /** Asks to hear back every write of this instance that has ended, one fence at a time. */
  fence(): void {
    if (!this.sendFence) return;
    if (this.#fencing) {
      this.#fenceAgain = true;
      return;
    }
    this.#fencing = true;
    this.#fenceAgain = false;
    const upTo = this.#running.size > 0 ? Math.min(...this.#running) - 1 : this.#writes;
    this.sendFence(`${this.fencePrefix}${upTo}`)
      .catch(() => {})
      .finally(() => {
        this.#fencing = false;
        if (this.#fenceAgain) this.fence();
      });
  }
}

/** By the database object (the requests' `Database`), which this module does not import. */
const changesOn = new WeakMap<object, RowChanges>();

/** What the instance hears of `db`'s changes, when it listens to them. */
export const rowChangesOf = (db: object): RowChanges | undefined => changesOn.get(db);

/** PGlite: the instance is its only writer, and hears each commit before the commit's caller goes on. */
export async function listenOnPglite(db: object, client: PGlite): Promise<RowChanges> {
  const changes = new RowChanges();
  await client.listen(CHANGES_CHANNEL, (payload) => changes.heard(payload));
  changes.listening();
  changesOn.set(db, changes);
  return changes;
}

/** A statement that may write: anything but a plain read or a transaction's start. */
export function writes(text: string): boolean {
  const first = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  return first !== 'select' && first !== 'begin';
}

/**
 * PostgreSQL: a connection of its own listens, and says every `heartbeatMs` that it still hears (a
 * fence); lost, it is opened again, and until then nothing kept is served.
 */
export function listenOnPostgres(
  db: object,
  url: string,
  changes: RowChanges,
  options: { heartbeatMs: number; connectMs: number },
): { close(): Promise<void> } {
  changesOn.set(db, changes);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    retry = undefined;
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectMs,
      query_timeout: options.heartbeatMs * 3,
      keepAlive: true,
      application_name: 'row-changes',
    });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      void next.end().catch(() => {});
      // A connection lost after a newer one listens stops nothing.
      if (client !== undefined && client !== next) return;
      client = undefined;
      changes.stopped();
      changes.sendFence = undefined;
      if (!closed && !retry) {
        retry = setTimeout(connect, options.heartbeatMs);
        retry.unref();
      }
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) changes.heard(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      if (closed) return void (await next.end());
      client = next;
      changes.sendFence = (payload) =>
        next.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]).catch((error) => {
          lost();
          throw error;
        });
      changes.listening();
    } catch {
      lost();
    }
  };
  void connect();
  const heartbeat = setInterval(() => changes.fence(), options.heartbeatMs);
  heartbeat.unref();
  return {
    close: async () => {
      closed = true;
      clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      changes.stopped();
      await client?.end().catch(() => {});
    },
  };
}
