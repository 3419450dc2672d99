// The rows of the pause and the cancel flow (decisions 152, 153): the trainer's retention settings
// and the answers members give at the cancel button.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { CancelReason } from '../../domain/billing/retention.ts';
import { newId } from '../db/ids.ts';
import type { Database, Transaction } from '../db/index.ts';
import { cancellationReasons, coupons, type subscriptions, trainers } from '../db/schema.ts';

type Db = Database | Transaction;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface RetentionSettings {
  pauseMonths: number[];
  cancelOffer: { kind: 'coupon'; couponId: string } | { kind: 'pause'; months: number } | null;
}

export async function retentionSettings(db: Db, trainerId: string): Promise<RetentionSettings> {
  const [row] = await db
    .select({ pauseMonths: trainers.pauseMonths, cancelOffer: trainers.cancelOffer })
    .from(trainers)
    .where(eq(trainers.id, trainerId));
  return { pauseMonths: row?.pauseMonths ?? [], cancelOffer: row?.cancelOffer ?? null };
}

export async function saveRetentionSettings(db: Db, trainerId: string, settings: RetentionSettings) {
  await db.update(trainers).set(settings).where(eq(trainers.id, trainerId));
}

/** The trainer's coupon of this code, whatever its case. */
export async function trainerCouponByCode(db: Db, trainerId: string, code: string) {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.trainerId, trainerId), sql`lower(${coupons.code}) = lower(${code})`));
  return coupon;
}

export async function couponCode(db: Db, couponId: string): Promise<string | undefined> {
  const [coupon] = await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, couponId));
  return coupon?.code;
}

/** A member's answer at the cancel button. */
export async function recordCancelReason(
  tx: Transaction,
  sub: SubscriptionRow,
  answer: {
    reason: CancelReason | null;
    comment: string | null;
    offer: 'coupon' | 'pause' | null;
    outcome: 'cancelled' | 'offerTaken';
    at: Date;
  },
): Promise<void> {
  await tx.insert(cancellationReasons).values({
    id: newId('cr'),
    trainerId: sub.trainerId,
    userId: sub.userId,
    subscriptionId: sub.id,
    reason: answer.reason,
    comment: answer.comment,
    offer: answer.offer,
    outcome: answer.outcome,
    createdAt: answer.at,
  });
}

/** A member's answers, newest first. */
export function memberCancelReasons(db: Db, trainerId: string, userId: string) {
  return db
    .select()
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.trainerId, trainerId), eq(cancellationReasons.userId, userId)))
    .orderBy(sql`${cancellationReasons.createdAt} desc`);
}

/** The answers counted by UTC month, reason and outcome, from `since` on. */
export async function cancelReasonsByMonth(db: Db, trainerId: string, since: Date) {
  const month = sql<string>`to_char(${cancellationReasons.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      reason: cancellationReasons.reason,
      outcome: cancellationReasons.outcome,
      count: sql<number>`count(*)::int`,
    })
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.trainerId, trainerId), gte(cancellationReasons.createdAt, since)))
    .groupBy(month, cancellationReasons.reason, cancellationReasons.outcome)
    .orderBy(month, cancellationReasons.reason, cancellationReasons.outcome);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
