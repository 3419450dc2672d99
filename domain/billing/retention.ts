// The one offer a member is made at the cancel button (decision 153), when the trainer has set one:
// a coupon for the next N months, or a pause (pause.ts). Taking the coupon applies it to the
// subscription at once, as Stripe's portal applies its `subscription_cancel.retention` coupon: it
// replaces the discount the subscription had (a subscription has one) and counts its months from
// now, so the next N monthly renewals are discounted. Nothing is charged today.
import { type CouponTerms, discountStarting } from './discounts.ts';
import {
  type ChargeSchedule,
  chargeSchedule,
  QUOTE_HOLD_MS,
  type SubscriptionTerms,
} from './subscriptions.ts';

/** The reasons a member may give, Stripe's portal's list; `other` carries the member's words. */
export const CANCEL_REASONS = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export function isCancelReason(value: string): value is CancelReason {
  return (CANCEL_REASONS as readonly string[]).includes(value);
}

export type OfferRefusal =
  /** Not a live, paid subscription that renews: nothing to discount. */
  | 'notRenewing'
  /** The offer's coupon is not a repeating one in the plan's currency. */
  | 'coupon';

export interface CouponOfferQuote {
  coupon: CouponTerms;
  after: SubscriptionTerms;
  /** The next charge, discounted, and until when the discount goes on. */
  schedule: ChargeSchedule;
  dueToday: 0;
  validUntil: Date;
}

/**
 * What taking a coupon offer at `at` does to the member's charges. Only a `repeating` coupon makes
 * the offer "N months": a `once` or `forever` one is refused, so the page never promises months the
 * coupon does not keep.
 */
export function couponOfferQuote(
  terms: SubscriptionTerms,
  coupon: CouponTerms,
  at: Date,
): CouponOfferQuote | { refused: OfferRefusal } {
  if (coupon.duration !== 'repeating' || !coupon.durationInMonths) return { refused: 'coupon' };
  if (coupon.amountOff && coupon.currency?.toLowerCase() !== terms.price.currency.toLowerCase())
    return { refused: 'coupon' };
  if (terms.status !== 'active' || terms.pause || terms.cancelAtPeriodEnd || at >= terms.periodEnd)
    return { refused: 'notRenewing' };
  const after = { ...terms, discount: discountStarting(coupon, at) };
  return {
    coupon,
    after,
    schedule: chargeSchedule(after),
    dueToday: 0,
    validUntil: new Date(Math.min(at.getTime() + QUOTE_HOLD_MS, terms.periodEnd.getTime())),
  };
}

/** The promise the offer makes, stored with the page and compared when it is taken. */
export function couponOfferPromise(quote: CouponOfferQuote) {
  const { next, discounted, regular } = quote.schedule;
  return {
    couponId: quote.coupon.id,
    next: next ? { at: next.at.getTime(), amount: next.amount } : null,
    discounted: discounted ? { amount: discounted.amount, until: discounted.until.getTime() } : null,
    regular,
    validUntil: quote.validUntil.getTime(),
  };
}
export type CouponOfferPromise = ReturnType<typeof couponOfferPromise>;
