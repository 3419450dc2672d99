// What decides a member's access, read with their session on every members' area request (decision
// 163), and kept between requests only as the database's own version of it (decision 178): the
// session's query reads the versions of the member's rows and of their trainer's products, and reads
// the lists again only when a version differs from the one kept for this session. The database moves
// a version in the same transaction as every write of those rows, whoever makes it (this instance,
// another, the CLI, a migration), so rows kept under a version are the rows as they are while the
// version stands. The access rule is still asked on every request, at the member's time.
import type { Alongside } from '../auth/auth.repository.ts';
import { KeptPerDatabase } from '../db/kept-per-database.ts';
import type { UserRow } from '../db/schema.ts';
import { type AccessRows, accessFrom, accessKeptColumns } from './library.repository.ts';

type Lists = Omit<AccessRows, 'trainerId' | 'createdAt' | 'nativePlan' | 'nativePlanEnd'>;

interface Kept {
  userId: string;
  /** The versions the lists were read under, as the query writes them. */
  version: string;
  lists: Lists;
}

/** Bounds the memory: past it, the session kept longest ago makes room. */
export const MAX_KEPT_SESSIONS = 10_000;

const keptOn = new KeptPerDatabase<Kept>(MAX_KEPT_SESSIONS);

/** Frozen all the way down: the same lists serve every request of the session until a version moves. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/** The member's columns and lists as the rule reads them. */
const rowsOf = (user: UserRow, lists: Lists): AccessRows => ({
  trainerId: user.trainerId,
  createdAt: user.createdAt,
  nativePlan: user.nativePlan,
  nativePlanEnd: user.nativePlanEnd,
  ...lists,
});

/**
 * The member's access rows read in the session's own query, the lists only when their versions moved
 * since this session's last read. The member's own columns (their native plan) come with the session
 * on every request.
 */
export const accessAlongside: Alongside<AccessRows | undefined> = {
  name: 'access_kept',
  columns: accessKeptColumns,
  keptWithSession: true,
  prior({ db, tokenHash }) {
    const kept = keptOn.get(db, tokenHash);
    // No version is empty: without a kept read the lists are always read.
    return { values: { accessVersion: kept?.version ?? '' }, kept };
  },
  read(row, user, { db, tokenHash, kept }) {
    const version = String(row.access_version);
    const read = row.access_lists;
    const prior = kept as Kept | undefined;
    if (read === null || read === undefined) {
      // Only a version equal to the kept one skips the lists, and the kept read is the one handed
      // to the query.
      // Otherwise (never seen) nothing is handed on, and the library service reads the rows itself.
      return prior && prior.version === version && prior.userId === user.id
        ? rowsOf(user, prior.lists)
        : undefined;
    }
    const object = (typeof read === 'string' ? JSON.parse(read) : read) as Record<string, unknown>;
    const all = accessFrom(user, object);
    const lists: Lists = {
      offsetSeconds: all.offsetSeconds,
      purchases: all.purchases,
      subscriptions: all.subscriptions,
      grants: all.grants,
      products: all.products,
      starts: all.starts,
      done: all.done,
    };
    keptOn.set(db, tokenHash, { userId: user.id, version, lists: frozen(lists) });
    return rowsOf(user, lists);
  },
};
