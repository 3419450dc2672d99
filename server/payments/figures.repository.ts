// The figures' history, as the payment processor keeps it (decision 144): the snapshot of each
// subscription and the movements its events make.
import { eq } from 'drizzle-orm';
import {
  discountEndedBy,
  type MetricsCoupon,
  type Movement,
  type Snapshot,
  type SubscriptionFacts,
} from '../../domain/metrics/metrics.ts';
import { newId } from '../db/ids.ts';
import type { Transaction } from '../db/index.ts';
import { coupons, metricMovements, prices, subscriptionMetrics, subscriptions } from '../db/schema.ts';

export interface SubscriptionForFigures {
  trainerId: string;
  userId: string;
  currency: string;
  facts: SubscriptionFacts;
  openInvoice: { id: string; amount: number } | null;
}

/** A subscription with its price and coupon, as its figures need it; undefined when not recurring. */
export async function subscriptionForFigures(
  tx: Transaction,
  subscriptionId: string,
): Promise<SubscriptionForFigures | undefined> {
  const [row] = await tx
    .select({ sub: subscriptions, price: prices, coupon: coupons })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .leftJoin(coupons, eq(coupons.id, subscriptions.couponId))
    .where(eq(subscriptions.id, subscriptionId));
  const interval = row?.price.interval;
  if (!row || !interval) return undefined;
  const { sub, price, coupon } = row;
  const metricsCoupon: MetricsCoupon | null = coupon
    ? { percentOff: coupon.percentOff, amountOff: coupon.amountOff, duration: coupon.duration }
    : null;
  return {
    trainerId: sub.trainerId,
    userId: sub.userId,
    currency: price.currency,
    facts: {
      status: sub.status,
      price: { amount: price.amount, interval, intervalCount: price.intervalCount ?? 1 },
      coupon: metricsCoupon,
      discountEnded: discountEndedBy(sub.discountEnd, sub.currentPeriodStart),
    },
    openInvoice:
      sub.openInvoiceId && sub.openInvoiceAmount !== null
        ? { id: sub.openInvoiceId, amount: sub.openInvoiceAmount }
        : null,
  };
}

/** What the figures last recorded of the subscription, locked until the transaction ends. */
export async function lockedSnapshot(tx: Transaction, subscriptionId: string): Promise<Snapshot | null> {
  const [row] = await tx
    .select()
    .from(subscriptionMetrics)
    .where(eq(subscriptionMetrics.subscriptionId, subscriptionId))
    .for('update');
  return row
    ? {
        standing: row.standing,
        mrr: row.mrr,
        trialed: row.trialed,
        converted: row.converted,
        openInvoiceId: row.openInvoiceId,
      }
    : null;
}

export async function saveFigures(
  tx: Transaction,
  subscriptionId: string,
  sub: SubscriptionForFigures,
  at: Date,
  snapshot: Snapshot,
  movements: readonly Movement[],
): Promise<void> {
  await tx
    .insert(subscriptionMetrics)
    .values({ subscriptionId, ...snapshot })
    .onConflictDoUpdate({ target: subscriptionMetrics.subscriptionId, set: snapshot });
  if (movements.length === 0) return;
  await tx.insert(metricMovements).values(
    movements.map((m) => ({
      id: newId('mov'),
      trainerId: sub.trainerId,
      userId: sub.userId,
      subscriptionId,
      at,
      currency: sub.currency,
      ...m,
    })),
  );
}
