// The rows a subscription's money depends on, read and handed to the billing engine
// (domain/billing) in its own terms. Nothing here computes an amount.
import type { CouponTerms } from '../../domain/billing/discounts.ts';
import type { PriceTerms, SubscriptionTerms } from '../../domain/billing/subscriptions.ts';
import type { Database, Transaction } from '../db/index.ts';
import type { coupons, prices, subscriptions } from '../db/schema.ts';
import { invoiceRefunded } from './charges.repository.ts';
import { couponById, pricesByIds } from './payments.repository.ts';

// Read here by the sandbox's pages too.
export { couponById };

export type PriceRow = typeof prices.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export function priceTerms(row: PriceRow): PriceTerms {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    type: row.type,
    interval: row.interval,
    intervalCount: row.intervalCount,
    trialDays: row.trialDays,
  };
}

export function couponTerms(row: CouponRow): CouponTerms {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    currency: row.currency,
    duration: row.duration,
    durationInMonths: row.durationInMonths,
    active: row.active,
    expiresAt: row.expiresAt,
  };
}

/** The rows besides the subscription's own that its terms depend on. */
export interface TermsRows {
  price: PriceRow;
  scheduled: PriceRow | null;
  coupon: CouponRow | null;
  /** Whether the charge of the current period was refunded. */
  periodRefunded: boolean;
}

/** A subscription row in the engine's terms, with the prices, coupon and refunds it depends on. */
export async function subscriptionTerms(
  db: Database | Transaction,
  sub: SubscriptionRow,
): Promise<SubscriptionTerms> {
  const ids = [sub.priceId, ...(sub.scheduledPriceId ? [sub.scheduledPriceId] : [])];
  const rows = await pricesByIds(db, ids);
  const price = rows.find((r) => r.id === sub.priceId);
  if (!price) throw new Error(`Subscription ${sub.id} has no price ${sub.priceId}`);
  const scheduled = rows.find((r) => r.id === sub.scheduledPriceId) ?? null;
  const coupon = await couponById(db, sub.couponId);
  const periodRefunded = sub.periodInvoiceId
    ? await invoiceRefunded(db, sub.userId, sub.periodInvoiceId)
    : false;
  return termsFromRows(sub, { price, scheduled, coupon, periodRefunded });
}

/** The same terms from rows already read, as the member view reads them for every subscription at once. */
export function termsFromRows(sub: SubscriptionRow, rows: TermsRows): SubscriptionTerms {
  const { price, scheduled, coupon } = rows;
  const periodStart = sub.currentPeriodStart ?? sub.createdAt;
  return {
    status: sub.status,
    price: priceTerms(price),
    scheduledPrice: scheduled ? priceTerms(scheduled) : null,
    anchor: sub.billingAnchor ?? sub.trialEnd ?? periodStart,
    periodStart,
    periodEnd: sub.currentPeriodEnd,
    trialEnd: sub.trialEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    discount: coupon ? { coupon: couponTerms(coupon), end: sub.discountEnd } : null,
    pause:
      sub.pauseStartsAt && sub.pauseResumesAt
        ? { startsAt: sub.pauseStartsAt, resumesAt: sub.pauseResumesAt }
        : null,
    // A refunded period was given back: there is nothing left of it to credit.
    periodValue: rows.periodRefunded || sub.status === 'trialing' ? 0 : sub.periodValue,
  };
}
