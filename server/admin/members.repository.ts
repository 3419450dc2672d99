// The SQL of the admin API's members: a trainer's members page by page from a cursor, narrowed by
// search, status, plan or a failing renewal (the studio's list calls the same function), one member's subscriptions
// and charges, and the rows a refund or a cancellation locks, in the portal's order (member, then
// the charge or subscription) so the two never wait on each other in a circle.
import { and, asc, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, cursorKey, decodeCursor, encodeCursor } from '../db/cursor.ts';
import type { Transaction } from '../db/index.ts';
import { charges, prices, products, subscriptions, users } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import type { Db } from './admin.repository.ts';

export type MemberRow = typeof users.$inferSelect;
export type ChargeRow = typeof charges.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export interface SubscriptionWithPlan {
  sub: SubscriptionRow;
  price: typeof prices.$inferSelect;
  productName: string;
}

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/** A member's status in the lists: their newest subscription's, or none. */
export type MemberStatus = SubscriptionRow['status'] | 'none';

/** What the members lists can be narrowed to; every part is optional and they combine. */
export interface MemberFilter {
  /**
   * Part of the email or of the name, in any case (trigram indexes, decision 145); a whole address
   * finds that member only (decision 163).
   */
  q?: string | undefined;
  status?: MemberStatus | undefined;
  /** The price of the newest subscription. */
  plan?: string | undefined;
  /** Only those whose newest subscription's renewal failed (past due or unpaid). */
  failing?: boolean | undefined;
}

/**
 * The member's newest subscription, one row of their own read through subscriptions_user_idx, for
 * the lists' status, plan and failing filters.
 */
const newestSubscription = (column: 'status' | 'price_id') =>
  sql.raw(
    `(select s.${column} from subscriptions s where s.user_id = users.id order by s.created_at desc, s.id asc limit 1)`,
  );

/**
 * A whole address, as an operator pastes one: that member, matched exactly through
 * users_trainer_email_idx (decision 163). Its trigrams are shared by nearly every address
 * ('@example.', '.com'), so the trigram search read far more of its index than for a part.
 */
const WHOLE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

function memberFilter(trainerId: string, filter: MemberFilter) {
  const parts = [eq(users.trainerId, trainerId)];
  if (filter.q && WHOLE_ADDRESS.test(filter.q)) {
    parts.push(sql`lower(${users.email}) = ${filter.q.toLowerCase()}`);
  } else if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    const either = or(like(sql`lower(${users.email})`, pattern), like(sql`lower(${users.name})`, pattern));
    if (either) parts.push(either);
  }
  if (filter.status) parts.push(sql`coalesce(${newestSubscription('status')}, 'none') = ${filter.status}`);
  if (filter.plan) parts.push(sql`${newestSubscription('price_id')} = ${filter.plan}`);
  if (filter.failing) parts.push(sql`${newestSubscription('status')} in ('past_due', 'unpaid')`);
  return and(...parts);
}

/** Up to this many members are counted exactly; beyond, the planner's estimate is given. */
export const EXACT_COUNT_UP_TO = 1000;

/**
 * How many members match: counted when at most EXACT_COUNT_UP_TO do (reading that many index
 * entries at most), else the planner's estimate of the same query, never below the count's bound.
 */
async function countMembers(db: Db, where: SQL | undefined): Promise<{ total: number; exact: boolean }> {
  const bounded = await db.execute(
    // In the list's order, so the count walks users_trainer_created_idx and stops at the bound.
    sql`select count(*)::int as n from (select 1 from ${users} where ${where} order by ${users.createdAt} desc, ${users.id} desc limit ${EXACT_COUNT_UP_TO + 1}) as matching`,
  );
  const counted = (bounded as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  if (counted <= EXACT_COUNT_UP_TO) return { total: counted, exact: true };
  const plan = await db.execute(sql`explain (format json) select 1 from ${users} where ${where}`);
  const [row] = (plan as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows;
  const text = row?.['QUERY PLAN'];
  const parsed = (typeof text === 'string' ? JSON.parse(text) : text) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(counted, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0)), exact: false };
}

/**
 * A page of the trainer's members, newest first by (created_at, id), after `cursor` when given:
 * read from users_trainer_created_idx, so page 1 and page 1,000 cost the same (decision 145).
 */
export async function membersPage(
  db: Db,
  trainerId: string,
  page: MemberFilter & { cursor?: string | undefined; limit: number },
): Promise<{ total: number; totalExact: boolean; members: MemberRow[]; nextCursor: string | null }> {
  const where = memberFilter(trainerId, page);
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  if (page.cursor !== undefined && !after) throw badRequest('admin.badCursor');
  const rows = await db
    .select({
      member: users,
      key: cursorKey(users.createdAt),
    })
    .from(users)
    .where(after ? and(where, afterCursor(users.createdAt, users.id, after)) : where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit + 1);
  const members = rows.slice(0, page.limit);
  const last = rows.length > page.limit ? members.at(-1) : undefined;
  const { total, exact } = await countMembers(db, where);
  return {
    total,
    totalExact: exact,
    members: members.map((r) => r.member),
    nextCursor: last ? encodeCursor({ createdAt: last.key, id: last.member.id }) : null,
  };
}

/** The subscriptions of these members with their plans, newest first. */
export function subscriptionsOf(
  db: Db,
  trainerId: string,
  userIds: string[],
): Promise<SubscriptionWithPlan[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ sub: subscriptions, price: prices, productName: products.name })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(products, eq(products.id, prices.productId))
    .where(and(eq(subscriptions.trainerId, trainerId), inArray(subscriptions.userId, userIds)))
    .orderBy(desc(subscriptions.createdAt), asc(subscriptions.id));
}

/** How many charges each of these members has. */
export async function chargeCounts(
  db: Db,
  trainerId: string,
  userIds: string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: charges.userId, n: count() })
    .from(charges)
    .where(and(eq(charges.trainerId, trainerId), inArray(charges.userId, userIds)))
    .groupBy(charges.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** The trainer's member of this id, or of this email in any case. */
export async function findMember(
  db: Db,
  trainerId: string,
  idOrEmail: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.trainerId, trainerId),
        sql`(${users.id} = ${idOrEmail} or lower(${users.email}) = lower(${idOrEmail}))`,
      ),
    )
    .limit(1);
  return row;
}

export function chargesOf(db: Db, trainerId: string, userId: string): Promise<ChargeRow[]> {
  return db
    .select()
    .from(charges)
    .where(and(eq(charges.trainerId, trainerId), eq(charges.userId, userId)))
    .orderBy(desc(charges.createdAt), asc(charges.id));
}

/** The trainer's charge of this id; `lock` holds it until the transaction ends. */
export async function findCharge(
  db: Db,
  trainerId: string,
  chargeId: string,
  lock = false,
): Promise<ChargeRow | undefined> {
  const query = db
    .select()
    .from(charges)
    .where(and(eq(charges.trainerId, trainerId), eq(charges.id, chargeId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The lines recorded for one payment of several (`<payment>_<n>`, charge-succeeded.ts) that this
 * charge's id could be one of: none unless at least one other line of the same payment exists.
 */
export async function siblingLines(db: Db, charge: ChargeRow): Promise<number> {
  const payment = /^(.+)_\d+$/.exec(charge.id)?.[1];
  if (!payment) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(charges)
    .where(
      and(
        eq(charges.userId, charge.userId),
        sql`${charges.id} ~ ${`^${payment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}_[0-9]+$`}`,
      ),
    );
  return Number(row?.n ?? 0) - 1;
}

/** The trainer's subscription of this id with its plan; `lock` holds it until the transaction ends. */
export async function findSubscription(
  db: Db,
  trainerId: string,
  subscriptionId: string,
  lock = false,
): Promise<SubscriptionWithPlan | undefined> {
  const query = db
    .select({ sub: subscriptions, price: prices, productName: products.name })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(products, eq(products.id, prices.productId))
    .where(and(eq(subscriptions.trainerId, trainerId), eq(subscriptions.id, subscriptionId)));
  const [row] = lock ? await query.for('update', { of: subscriptions }) : await query;
  return row;
}

/** The member's row, locked first, as the portal locks it before their charges and subscriptions. */
export async function lockMemberRow(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
