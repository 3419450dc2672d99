// The SQL of the admin API's coupons: the trainer's coupons with how often each was redeemed.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { checkoutSessions, coupons, prices } from '../db/schema.ts';
import type { Db } from './admin.repository.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export interface CouponWithUse extends CouponRow {
  redemptions: number;
}

// The same count as checkout's (couponRedemptions in checkout.repository.ts): completed checkouts.
// The outer row is named in full: in a query on one table Drizzle leaves columns unqualified, and
// a bare "id" inside the subquery would be the checkout session's.
const redemptions = sql<number>`(
  select count(*) from ${checkoutSessions}
  where ${checkoutSessions.couponId} = "coupons"."id" and ${checkoutSessions.status} = 'complete'
)`;

const withUse = (r: { coupon: CouponRow; redemptions: number }): CouponWithUse => ({
  ...r.coupon,
  redemptions: Number(r.redemptions),
});

export async function couponsOf(db: Db, trainerId: string): Promise<CouponWithUse[]> {
  const rows = await db
    .select({ coupon: coupons, redemptions })
    .from(coupons)
    .where(eq(coupons.trainerId, trainerId))
    .orderBy(asc(sql`lower(${coupons.code})`), asc(coupons.id));
  return rows.map(withUse);
}

/** The coupon, locked until the transaction ends. */
export async function findCoupon(
  db: Db,
  trainerId: string,
  couponId: string,
): Promise<CouponWithUse | undefined> {
  const [row] = await db
    .select({ coupon: coupons, redemptions })
    .from(coupons)
    .where(and(eq(coupons.trainerId, trainerId), eq(coupons.id, couponId)))
    .for('update', { of: coupons });
  return row && withUse(row);
}

/** Whether the trainer has a coupon of this code, whatever its case, archived ones included. */
export async function codeTaken(db: Db, trainerId: string, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.trainerId, trainerId), sql`lower(${coupons.code}) = lower(${code})`));
  return rows.length > 0;
}

/** Every coupon checkout may still apply, of every trainer: what Stripe must have. */
export async function activeCoupons(db: Db): Promise<Pick<CouponRow, 'id' | 'trainerId' | 'code'>[]> {
  return db
    .select({ id: coupons.id, trainerId: coupons.trainerId, code: coupons.code })
    .from(coupons)
    .where(eq(coupons.active, true))
    .orderBy(asc(coupons.trainerId), asc(coupons.code));
}

/** False when the trainer already has a coupon of this code, whatever its case. */
export async function insertCoupon(db: Db, row: NewCoupon): Promise<boolean> {
  const inserted = await db.insert(coupons).values(row).onConflictDoNothing().returning({ id: coupons.id });
  return inserted.length > 0;
}

export async function archiveCoupon(db: Db, couponId: string): Promise<void> {
  await db.update(coupons).set({ active: false }).where(eq(coupons.id, couponId));
}

/** Which of these ids are prices of the trainer. */
export async function trainerPriceIds(db: Db, trainerId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: prices.id })
    .from(prices)
    .where(and(eq(prices.trainerId, trainerId), inArray(prices.id, ids)));
  return rows.map((r) => r.id);
}
