// A session and its member's row, kept in memory while the database has named neither the member nor
// their trainer since they were read (decision 179), with what a reading kept beside them (the access
// rows of the members' area). A request that finds its session kept reads nothing: no query at all.
// The database names a member after every commit that changes their row, one of their sessions, or
// a row their access is read from, whoever wrote it; an instance not hearing it keeps nothing.
import type { Database } from '../db/index.ts';
import { KeptPerDatabase } from '../db/kept-per-database.ts';
import { type RowChanges, rowChangesOf } from '../db/row-changes.ts';
import type { UserRow } from '../db/schema.ts';
import type { Alongside } from './auth.repository.ts';

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

const keptOn = new KeptPerDatabase<Kept>(MAX_KEPT);

/** A read of a session about to begin: its ticket, or nothing when the instance does not listen. */
export function beginRead(db: Database): { changes: RowChanges; ticket: number } | undefined {
  const changes = rowChangesOf(db);
  return changes?.listens() ? { changes, ticket: changes.ticket() } : undefined;
}

/** The session kept for this token while nothing it was read from has changed and it holds at `now`. */
function holding(db: Database, tokenHash: string, now: Date): Kept | undefined {
  const kept = keptOn.get(db, tokenHash);
  if (!kept) return undefined;
  const changes = rowChangesOf(db);
  if (!changes?.unchangedSince(kept.ticket, kept.owners) || kept.expiresAt <= now) {
    if (changes?.hearing()) keptOn.delete(db, tokenHash);
    return undefined;
  }
  return kept;
}

/** What `keepBeside` kept for `of` beside the session kept for this token, while that session holds. */
export function keptBeside(db: Database, tokenHash: string, now: Date, of: object): unknown {
  return holding(db, tokenHash, now)?.readings.get(of);
}

/** What a reading read beside the session, and which reading it was. */
export interface ReadAlongside {
  reading: Alongside<unknown>;
  rows: unknown;
}

/**
 * The session kept for this token, if nothing it was read from has changed and it holds at `now`.
 * A call whose reading may be kept beside it is answered only with that reading's rows kept too; any
 * other reading is the call's own to make.
 */
export function keptSession(
  db: Database,
  tokenHash: string,
  now: Date,
  read: Alongside<unknown> | undefined,
): { user: UserRow; expiresAt: Date; alongside?: ReadAlongside } | undefined {
  const kept = holding(db, tokenHash, now);
  if (!kept) return undefined;
  const session = { user: kept.user, expiresAt: kept.expiresAt };
  if (!read?.keptWithSession) return session;
  const rows = kept.readings.get(read);
  return rows === undefined ? undefined : { ...session, alongside: { reading: read, rows } };
}

/**
 * Keeps a session read under `began`'s ticket, with what a reading that may be kept read beside it,
 * unless a change to its member or their trainer was heard since the read began.
 */
export function keepSession(
  db: Database,
  began: { changes: RowChanges; ticket: number },
  tokenHash: string,
  session: { user: UserRow; expiresAt: Date },
  alongside: ReadAlongside | undefined,
): void {
  const owners = [session.user.id, session.user.trainerId];
  if (began.changes.changedSince(began.ticket, owners)) return;
  const before = keptOn.get(db, tokenHash);
  // What another reading kept and still holds stays beside this one, both under the older ticket.
  const merged =
    before?.user.id === session.user.id && !began.changes.changedSince(before.ticket, owners)
      ? before
      : undefined;
  const readings = new Map(merged?.readings);
  if (alongside?.reading.keptWithSession) readings.set(alongside.reading, alongside.rows);
  const ticket = Math.min(began.ticket, merged?.ticket ?? began.ticket);
  keptOn.set(db, tokenHash, { ...session, ticket, owners, readings });
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
  const kept = keptOn.get(db, tokenHash);
  if (
    !kept ||
    kept.user.id !== userId ||
    began.changes.changedSince(Math.min(kept.ticket, began.ticket), kept.owners)
  )
    return;
  kept.readings.set(reading.of, reading.rows);
}
