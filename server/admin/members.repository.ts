// The SQL of the admin API's members: a trainer's members page by page, one member's subscriptions
// and charges, and the rows a refund or a cancellation locks, in the portal's order (member, then
// the charge or subscription) so the two never wait on each other in a circle.
import { and, asc, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Transaction } from '../db/index.ts';
import { charges, prices, products, subscriptions, users } from '../db/schema.ts';
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

function memberFilter(trainerId: string, email: string | undefined) {
  const ofTrainer = eq(users.trainerId, trainerId);
  return email
    ? and(ofTrainer, like(sql`lower(${users.email})`, `%${escapeLike(email.toLowerCase())}%`))
    : ofTrainer;
}

/** A page of the trainer's members, newest first, those whose email contains `email` if given. */
export async function membersPage(
  db: Db,
  trainerId: string,
  page: { email?: string; limit: number; offset: number },
): Promise<{ total: number; members: MemberRow[] }> {
  const where = memberFilter(trainerId, page.email);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  const members = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: Number(counted?.total ?? 0), members };
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
