// The rows a checkout reads and writes: the prices and coupon it sells, the member it locks, and
// its checkout_sessions row (a checkout, a plan change or a portal visit).
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index.ts';
import { checkoutSessions, coupons, prices, type UserRow, users } from '../db/schema.ts';

type Db = Database | Transaction;
type PriceRow = typeof prices.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;

/** The trainer's active prices among these ids, in no particular order. */
export function activeTrainerPrices(db: Db, trainerId: string, priceIds: string[]): Promise<PriceRow[]> {
  return db
    .select()
    .from(prices)
    .where(and(eq(prices.trainerId, trainerId), eq(prices.active, true), inArray(prices.id, priceIds)));
}

/**
 * The same, read again inside the transaction that records the checkout and held there (`for share`),
 * so the operator's change to one of them (decision 117) waits for the checkout or comes before it.
 */
export function heldTrainerPrices(
  tx: Transaction,
  trainerId: string,
  priceIds: string[],
): Promise<PriceRow[]> {
  return tx
    .select()
    .from(prices)
    .where(and(eq(prices.trainerId, trainerId), eq(prices.active, true), inArray(prices.id, priceIds)))
    .for('share');
}

/** The trainer's coupon of this code, whatever its case. */
export async function couponByCode(db: Db, trainerId: string, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.trainerId, trainerId), sql`lower(${coupons.code}) = lower(${code})`));
  return row;
}

/** How many checkouts were completed with the coupon. */
export async function couponRedemptions(db: Db, couponId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.couponId, couponId), eq(checkoutSessions.status, 'complete')));
  return Number(row?.n ?? 0);
}

/** The member, locked until the transaction ends. */
export async function lockedUser(tx: Transaction, userId: string): Promise<UserRow | undefined> {
  const [member] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return member;
}

export async function setGatewayCustomer(tx: Transaction, userId: string, customer: string): Promise<void> {
  await tx.update(users).set({ gatewayCustomerId: customer }).where(eq(users.id, userId));
}

export async function insertCheckoutSession(
  db: Db,
  values: typeof checkoutSessions.$inferInsert,
): Promise<void> {
  await db.insert(checkoutSessions).values(values);
}

export async function expireCheckoutSession(db: Db, sessionId: string): Promise<void> {
  await db.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, sessionId));
}

export async function setGatewaySession(db: Db, sessionId: string, gatewaySessionId: string): Promise<void> {
  await db.update(checkoutSessions).set({ gatewaySessionId }).where(eq(checkoutSessions.id, sessionId));
}

/**
 * Expires the member's open checkouts that sell a plan; returns their gateway sessions, which the
 * gateway is to expire too.
 */
export function expireOpenPlanCheckouts(
  tx: Transaction,
  userId: string,
): Promise<{ gatewaySessionId: string | null }[]> {
  return tx
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.kind, 'checkout'),
        eq(checkoutSessions.status, 'open'),
        sql`exists (select 1 from ${prices} where ${prices.id} = any(select jsonb_array_elements_text(${checkoutSessions.priceIds})) and ${prices.type} = 'recurring')`,
      ),
    )
    .returning({ gatewaySessionId: checkoutSessions.gatewaySessionId });
}
