// The figures' history, as the payment processor keeps it (decision 144): the snapshot of each
// subscription and the movements its events make.
import { and, eq, sql } from 'drizzle-orm';
import {
  discountEndedBy,
  type MetricsCoupon,
  type Movement,
  mrrLost,
  type Snapshot,
  type SubscriptionFacts,
} from '../../domain/metrics/metrics.ts';
import { newId } from '../db/ids.ts';
import type { Transaction } from '../db/index.ts';
import {
  coupons,
  metricMonths,
  metricMovements,
  prices,
  subscriptionMetrics,
  subscriptions,
} from '../db/schema.ts';

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
  await addToMonths(
    tx,
    movements.map((m) => ({
      trainerId: sub.trainerId,
      currency: sub.currency,
      at,
      key: m.kind,
      amount: m.amount,
      mrrDelta: m.mrrDelta,
      mrrLost: mrrLost(m),
    })),
  );
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

export interface MonthAddition {
  trainerId: string;
  currency: string;
  at: Date;
  key: string;
  count?: number;
  amount?: number;
  mrrDelta?: number;
  mrrLost?: number;
}

/** Adds to the month's sums of `at` (UTC), one key at a time, in the caller's transaction. */
export async function addToMonths(tx: Transaction, additions: readonly MonthAddition[]): Promise<void> {
  // One statement per key: an insert may not update the row it inserts twice.
  for (const a of [...additions].sort((x, y) => x.key.localeCompare(y.key))) {
    const values = {
      trainerId: a.trainerId,
      currency: a.currency,
      month: a.at.toISOString().slice(0, 7),
      key: a.key,
      count: a.count ?? 1,
      amount: a.amount ?? 0,
      mrrDelta: a.mrrDelta ?? 0,
      mrrLost: a.mrrLost ?? 0,
    };
    await tx
      .insert(metricMonths)
      .values(values)
      .onConflictDoUpdate({
        target: [metricMonths.trainerId, metricMonths.currency, metricMonths.month, metricMonths.key],
        set: {
          count: sql`${metricMonths.count} + ${values.count}`,
          amount: sql`${metricMonths.amount} + ${values.amount}`,
          mrrDelta: sql`${metricMonths.mrrDelta} + ${values.mrrDelta}`,
          mrrLost: sql`${metricMonths.mrrLost} + ${values.mrrLost}`,
        },
      });
  }
}

/** A charge paid: the month's revenue, a one-time product's sale, and money recovered when its invoice had failed. */
export async function chargeFigures(
  tx: Transaction,
  charge: {
    trainerId: string;
    priceId: string;
    amount: number;
    currency: string;
    invoiceId: string | null;
    createdAt: Date;
  },
): Promise<void> {
  const base = {
    trainerId: charge.trainerId,
    currency: charge.currency,
    at: charge.createdAt,
    amount: charge.amount,
  };
  const additions: MonthAddition[] = [{ ...base, key: 'revenue' }];
  const [price] = await tx.select().from(prices).where(eq(prices.id, charge.priceId));
  if (price?.type === 'one_time') additions.push({ ...base, key: `sale:${price.productId}` });
  if (charge.invoiceId) {
    const [failed] = await tx
      .select({ id: metricMovements.id })
      .from(metricMovements)
      .where(and(eq(metricMovements.invoiceId, charge.invoiceId), eq(metricMovements.kind, 'paymentFailed')))
      .limit(1);
    if (failed) additions.push({ ...base, key: 'recovered' });
  }
  await addToMonths(tx, additions);
}
