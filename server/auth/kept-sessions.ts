// A session and its member's row, kept in memory while the database has named neither the member nor
// their trainer since they were read (decision 179), with what a reading kept beside them (the access
// rows of the members' area). A request that finds its session kept reads nothing: no query at all.
// The database names a member after every commit that changes their row, one of their sessions, or
// a row their access is read from, whoever wrote it; an instance not hearing it keeps nothing.
import type { Database } from '../db/index.ts';
import { type RowChanges, rowChangesOf } from '../db/row-changes.ts';
import type { UserRow } from '../db/schema.ts';

/** Bounds the memory: past it, the session kept longest ago makes room. */
export const MAX_KEPT = 10_000;

interface Kept {
  user: UserRow;
  expiresAt: Date;
  /** The changes heard when the read began. */
  ticket: number;
  owners: readonly string[];
  /** What readings kept beside the session, by reading. */
  readings: Map<object, unknown>;
}

const keptOn = new WeakMap<Database, Map<string, Kept>>();

function keptOf(db: Database): Map<string, Kept> {
  let kept = keptOn.get(db);
  if (!kept) {
    kept = new Map();
    keptOn.set(db, kept);
  }
  return kept;
}

/** A read of a session about to begin: its ticket, or nothing when the instance does not listen. */
export function beginRead(db: Database): { changes: RowChanges; ticket: number } | undefined {
  const changes = rowChangesOf(db);
  return changes?.listens() ? { changes, ticket: changes.ticket() } : undefined;
}

/** The session kept for this token, if nothing it was read from has changed and it holds at `now`. */
export function keptSession(
  db: Database,
  tokenHash: string,
  now: Date,
): { user: UserRow; expiresAt: Date; reading(of: object): unknown } | undefined {
  const sessions = keptOn.get(db);
  const kept = sessions?.get(tokenHash);
  if (!kept) return undefined;
  const changes = rowChangesOf(db);
  if (!changes?.unchangedSince(kept.ticket, kept.owners) || kept.expiresAt <= now) {
    if (changes?.hearing()) sessions?.delete(tokenHash);
    return undefined;
  }
  return { user: kept.user, expiresAt: kept.expiresAt, reading: (of) => kept.readings.get(of) };
}

/**
 * Keeps a session read under `began`'s ticket, with what `reading` read beside it, unless a change
 * to its member or their trainer was heard since the read began.
 */
export function keepSession(
  db: Database,
  began: { changes: RowChanges; ticket: number },
  tokenHash: string,
  session: { user: UserRow; expiresAt: Date },
  reading?: { of: object; rows: unknown },
): void {
  const owners = [session.user.id, session.user.trainerId];
  if (began.changes.changedSince(began.ticket, owners)) return;
  const sessions = keptOf(db);
  const before = sessions.get(tokenHash);
  // What another reading kept and still holds stays beside this one, both under the older ticket.
  const merged =
    before?.user.id === session.user.id && !began.changes.changedSince(before.ticket, owners)
      ? before
      : undefined;
  const readings = new Map(merged?.readings);
  if (reading) readings.set(reading.of, reading.rows);
  const ticket = Math.min(began.ticket, merged?.ticket ?? began.ticket);
  sessions.delete(tokenHash);
  if (sessions.size >= MAX_KEPT) {
    const oldest = sessions.keys().next().value;
    if (oldest !== undefined) sessions.delete(oldest);
  }
  sessions.set(tokenHash, { ...session, ticket, owners, readings });
}

/**
 * Keeps what `reading` read of `userId`'s rows beside the session already kept for this token, the
 * read begun under `began`'s ticket: only while the database has named neither the member nor their
 * trainer since the session was kept nor since the read began. The session itself is neither kept
 * anew nor replaced: the caller's member row may be older than the one kept.
 */
export function keepBeside(
  db: Database,
  began: { changes: RowChanges; ticket: number },
  tokenHash: string,
  userId: string,
  reading: { of: object; rows: unknown },
): void {
  const kept = keptOn.get(db)?.get(tokenHash);
  if (
    !kept ||
    kept.user.id !== userId ||
    began.changes.changedSince(Math.min(kept.ticket, began.ticket), kept.owners)
  )
    return;
  kept.readings.set(reading.of, reading.rows);
}
