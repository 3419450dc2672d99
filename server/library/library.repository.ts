// The SQL of the members' area: in one prepared query, everything that decides what a member can
// open (their paid one-time charges, subscriptions, grants, the trainer's challenges and courses, the
// sandbox clock) and where they are (starts, units done); and the writes of an opening and a mark,
// each an upsert that a second device or a retry repeats harmlessly.
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/index.ts';
import { preparedRows } from '../db/prepared.ts';
import { libraryProgress, libraryStarts, users } from '../db/schema.ts';

type Db = Database | Transaction;

/** JSON's timestamps are strings. */
type Stamp = string;

export interface AccessRows {
  trainerId: string;
  createdAt: Date;
  nativePlan: string | null;
  nativePlanEnd: Date | null;
  /** How far the sandbox's test clock was moved ahead for this member (0 with a real gateway). */
  offsetSeconds: number;
  purchases: { productId: string; paidAt: Stamp; refundedAt: Stamp | null }[];
  subscriptions: {
    lookupKey: string | null;
    status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid' | 'paused';
    startedAt: Stamp;
    currentPeriodEnd: Stamp;
    cancelAtPeriodEnd: boolean;
    endedAt: Stamp | null;
    pauseStartsAt: Stamp | null;
    pauseResumesAt: Stamp | null;
  }[];
  grants: { target: string; from: Stamp; until: Stamp | null; revokedAt: Stamp | null }[];
  /** The trainer's challenges and courses, archived ones too (their buyers keep them), in the catalogue's order. */
  products: {
    id: string;
    kind: 'challenge' | 'course';
    slug: string;
    name: string;
    names: Record<string, string> | null;
    /** The picture of its public page. */
    image: string | null;
  }[];
  starts: { item: string; startedAt: Stamp; lastUnitKey: string }[];
  /** The units marked done (not those marked done and then undone). */
  done: { item: string; unitKey: string; doneAt: Stamp }[];
}

/**
 * The lists of one member (`users`' row in the query), each a JSON array made in the database, so
 * the whole read is one round trip, and beside the session on a members' area request (decision 163).
 * A purchase is a paid charge of a one-time price; a refund sets `refunded` and its time.
 */
const listsOf = {
  offset_seconds: sql`coalesce((select c.offset_seconds from sandbox_clocks c where c.user_id = ${users.id}), 0)`,
  purchases: sql`coalesce((select json_agg(json_build_object(
        'productId', p.product_id, 'paidAt', c.created_at,
        'refundedAt', case when c.refunded then coalesce(c.refunded_at, c.created_at) end))
      from charges c join prices p on p.id = c.price_id
      where c.user_id = ${users.id} and c.paid and p.type = 'one_time'), '[]'::json)`,
  subscriptions: sql`coalesce((select json_agg(json_build_object(
        'lookupKey', p.lookup_key, 'status', s.status, 'startedAt', s.created_at,
        'currentPeriodEnd', s.current_period_end, 'cancelAtPeriodEnd', s.cancel_at_period_end,
        'endedAt', s.ended_at, 'pauseStartsAt', s.pause_starts_at, 'pauseResumesAt', s.pause_resumes_at))
      from subscriptions s join prices p on p.id = s.price_id
      where s.user_id = ${users.id}), '[]'::json)`,
  grants: sql`coalesce((select json_agg(json_build_object(
        'target', g.target, 'from', g.starts_at, 'until', g.until, 'revokedAt', g.revoked_at))
      from access_grants g where g.user_id = ${users.id}), '[]'::json)`,
  products: sql`coalesce((select json_agg(json_build_object(
        'id', p.id, 'kind', p.kind, 'slug', p.slug, 'name', p.name, 'names', p.names,
        'image', case when jsonb_typeof(p.page->'challengeImage') = 'string' then p.page->>'challengeImage' end)
        order by p.position, p.id)
      from products p
      where p.trainer_id = ${users.trainerId} and p.kind in ('challenge', 'course') and p.slug is not null), '[]'::json)`,
  starts: sql`coalesce((select json_agg(json_build_object(
        'item', s.item, 'startedAt', s.started_at, 'lastUnitKey', s.last_unit_key))
      from library_starts s where s.user_id = ${users.id}), '[]'::json)`,
  done: sql`coalesce((select json_agg(json_build_object(
        'item', l.item, 'unitKey', l.unit_key, 'doneAt', l.done_at))
      from library_progress l where l.user_id = ${users.id} and l.done_at is not null), '[]'::json)`,
};

const accessLists = sql.join(
  Object.entries(listsOf).map(([name, list]) => sql`${list} as ${sql.raw(name)}`),
  sql`, `,
);

/**
 * The versions of the member's rows and of their trainer's products and prices as one text, moved
 * by the database in every transaction that writes one of those rows (migration 0019, decision 178).
 */
const accessVersion = sql`coalesce((select v.version from access_versions v where v.owner_id = ${users.id}), 0)
    || '.' || coalesce((select v.version from access_versions v where v.owner_id = ${users.trainerId}), 0)`;

/**
 * Beside the session: the versions, and the lists as one JSON object (its keys the columns' names)
 * only when the versions differ from `accessVersion`'s placeholder, those of the lists kept.
 */
export const accessKeptColumns = sql`${accessVersion} as access_version,
    case when ${accessVersion} = ${sql.placeholder('accessVersion')} then null
      else json_build_object(${sql.join(
        Object.entries(listsOf).map(([name, list]) => sql`${sql.raw(`'${name}'`)}, ${list}`),
        sql`, `,
      )}) end as access_lists`;

const accessQuery = (userId: SQL | string) =>
  sql`select ${users.trainerId} as trainer_id, ${users.createdAt} as created_at,
      ${users.nativePlan} as native_plan, ${users.nativePlanEnd} as native_plan_end, ${accessLists}
    from ${users} where ${users.id} = ${userId}`;

/** The member's columns the rule reads, and the lists, as the database wrote them. */
export function accessFrom(
  member: Pick<AccessRows, 'trainerId' | 'createdAt' | 'nativePlan' | 'nativePlanEnd'>,
  row: Record<string, unknown>,
): AccessRows {
  // node-postgres and PGlite both parse json; a driver that hands back text is read the same way.
  const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return {
    trainerId: member.trainerId,
    createdAt: member.createdAt,
    nativePlan: member.nativePlan,
    nativePlanEnd: member.nativePlanEnd,
    offsetSeconds: Number(row.offset_seconds),
    purchases: parsed(row.purchases),
    subscriptions: parsed(row.subscriptions),
    grants: parsed(row.grants),
    products: parsed(row.products),
    starts: parsed(row.starts),
    done: parsed(row.done),
  };
}

/** A timestamp as either driver gives it. */
const dateOf = (value: unknown) => new Date(value as Stamp | Date);

/**
 * What decides the member's access and progress, as the rows are now; undefined for an unknown
 * member. Prepared once per database (decision 156); a payment event's email reads it inside the
 * event's transaction, unprepared.
 */
export async function memberAccessRows(db: Db, userId: string): Promise<AccessRows | undefined> {
  const [row] =
    db instanceof PgTransaction
      ? ((await db.execute(accessQuery(userId))) as unknown as { rows: Record<string, unknown>[] }).rows
      : await preparedRows(
          db as Database,
          'member_access',
          () => accessQuery(sql`${sql.placeholder('userId')}`),
          {
            userId,
          },
        );
  if (!row) return undefined;
  return accessFrom(
    {
      trainerId: row.trainer_id as string,
      createdAt: dateOf(row.created_at),
      nativePlan: row.native_plan as string | null,
      nativePlanEnd: row.native_plan_end === null ? null : dateOf(row.native_plan_end),
    },
    row,
  );
}

interface Place {
  trainerId: string;
  userId: string;
  item: string;
  unitKey: string;
  at: Date;
}

/**
 * A unit opened: the item's start is written by the first opening only (two devices at once agree
 * on it), the last place by every opening. Returns the start as stored.
 */
export async function recordOpening(db: Db, place: Place): Promise<Date> {
  const [row] = await db
    .insert(libraryStarts)
    .values({
      trainerId: place.trainerId,
      userId: place.userId,
      item: place.item,
      startedAt: place.at,
      lastUnitKey: place.unitKey,
      lastOpenedAt: place.at,
      // Units done before the item was ever opened (none through the API) are counted from the start.
      unitsDone: sql`(select count(*)::integer from library_progress p
        where p.user_id = ${place.userId} and p.item = ${place.item} and p.done_at is not null)`,
    })
    .onConflictDoUpdate({
      target: [libraryStarts.userId, libraryStarts.item],
      set: { lastUnitKey: place.unitKey, lastOpenedAt: place.at },
    })
    .returning({ startedAt: libraryStarts.startedAt });
  if (!row) throw new Error('the opening was not recorded');
  return row.startedAt;
}

/** The member's count of the item's units done moved by one, in the mark's transaction (decision 161). */
async function countDone(db: Db, place: Place, by: 1 | -1) {
  await db
    .update(libraryStarts)
    .set({ unitsDone: sql`${libraryStarts.unitsDone} + ${by}` })
    .where(and(eq(libraryStarts.userId, place.userId), eq(libraryStarts.item, place.item)));
}

/**
 * A unit marked done (keeping the first time it was) or not done; the last writer's state wins.
 * The item's count of units done moves only when this write changed the unit's state: the change
 * is a conditional write that the database lets one of two devices (or a retry) make, so the count
 * never counts a unit twice. The member's start is locked first, the order an opening takes too.
 */
export async function recordMark(db: Db, place: Place & { done: boolean }): Promise<Date | null> {
  const unit = and(
    eq(libraryProgress.userId, place.userId),
    eq(libraryProgress.item, place.item),
    eq(libraryProgress.unitKey, place.unitKey),
  );
  await db
    .select({ item: libraryStarts.item })
    .from(libraryStarts)
    .where(and(eq(libraryStarts.userId, place.userId), eq(libraryStarts.item, place.item)))
    .for('update');
  const row = {
    trainerId: place.trainerId,
    userId: place.userId,
    item: place.item,
    unitKey: place.unitKey,
    updatedAt: place.at,
  };
  const target = [libraryProgress.userId, libraryProgress.item, libraryProgress.unitKey];
  if (place.done) {
    const [changed] = await db
      .insert(libraryProgress)
      .values({ ...row, doneAt: place.at })
      .onConflictDoUpdate({
        target,
        set: { doneAt: place.at, updatedAt: place.at },
        where: isNull(libraryProgress.doneAt),
      })
      .returning({ doneAt: libraryProgress.doneAt });
    if (changed) {
      await countDone(db, place, 1);
      return changed.doneAt;
    }
    const [kept] = await db
      .update(libraryProgress)
      .set({ updatedAt: place.at })
      .where(unit)
      .returning({ doneAt: libraryProgress.doneAt });
    return kept?.doneAt ?? null;
  }
  const [undone] = await db
    .update(libraryProgress)
    .set({ doneAt: null, updatedAt: place.at })
    .where(and(unit, isNotNull(libraryProgress.doneAt)))
    .returning({ doneAt: libraryProgress.doneAt });
  if (undone) {
    await countDone(db, place, -1);
    return null;
  }
  await db
    .insert(libraryProgress)
    .values({ ...row, doneAt: null })
    .onConflictDoUpdate({ target, set: { updatedAt: place.at } });
  return null;
}
