// Coupons, as Stripe applies them (docs.stripe.com/billing/subscriptions/coupons):
// - a percentage comes off each line, rounded to the minor unit; a fixed amount comes off the lines in
//   order until it is used up, and no line goes below zero;
// - `once` discounts the first invoice that charges something (a trial's free invoice does not use
//   it), and is used up when that invoice is created, whether or not its payment goes through, so the
//   retries of a declined invoice charge the same discounted amount and never a second discounted one;
// - `repeating` discounts every invoice created in the N months after the discount started (the
//   subscription's start), counted on the calendar as Stripe does;
// - `forever` discounts every invoice.

import type { CouponDuration } from '../../openapi/contract-values.ts';
import { addPeriods } from './calendar.ts';

export interface CouponTerms {
  id: string;
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  /** The currency of `amountOff`. */
  currency: string | null;
  duration: CouponDuration;
  durationInMonths: number | null;
  active?: boolean;
  expiresAt?: Date | null;
}

/** The discount a subscription carries into its invoices, as Stripe's `discount` on a subscription. */
export interface Discount {
  coupon: CouponTerms;
  /** When a `repeating` coupon stops applying; null for `forever` and `once`. */
  end: Date | null;
}

/** The discount a new subscription starts with: a repeating coupon counts its months from `start`. */
export function discountStarting(coupon: CouponTerms | null, start: Date): Discount | null {
  if (!coupon) return null;
  const end =
    coupon.duration === 'repeating' ? addPeriods(start, 'month', 1, coupon.durationInMonths ?? 1) : null;
  return { coupon, end };
}

/** Whether the discount still applies to an invoice created at `at`. */
export function discountApplies(discount: Discount | null, at: Date): discount is Discount {
  return discount !== null && (discount.end === null || at < discount.end);
}

/**
 * What each line costs after the coupon. A percentage applies to each line; a fixed amount comes off
 * the lines in order until it is used up.
 */
export function discountedLines(amounts: readonly number[], coupon: CouponTerms | null): number[] {
  let amountOffLeft = coupon?.amountOff ?? 0;
  return amounts.map((full) => {
    let amount = full;
    if (coupon?.percentOff) amount -= Math.round((full * coupon.percentOff) / 100);
    // No test of what is left: a line is never below 0, so with nothing left min(0, amount) takes nothing off.
    const off = Math.min(amountOffLeft, amount);
    amountOffLeft -= off;
    return amount - off;
  });
}

/** One line's amount after the discount, when it applies at `at`. */
export function invoiceLineAmount(full: number, discount: Discount | null, at: Date): number {
  if (!discountApplies(discount, at)) return full;
  return discountedLines([full], discount.coupon)[0] ?? full;
}

/**
 * The discount left after an invoice created at `at` whose lines come to `subtotal` before the
 * discount: a `once` coupon is used by an invoice that charges something, even when the coupon itself
 * takes all of it off (a 100% first month), and is kept through a trial's free invoice.
 */
export function discountAfterInvoice(discount: Discount | null, at: Date, subtotal: number): Discount | null {
  if (!discount) return null;
  if (discount.coupon.duration === 'once') return subtotal > 0 ? null : discount;
  if (discount.end && discount.end <= at) return null;
  return discount;
}

/** Whether a coupon can be used now on prices in `currency`. */
export function couponUsable(coupon: CouponTerms, currency: string, now: Date): boolean {
  if (coupon.active === false) return false;
  if (coupon.expiresAt && coupon.expiresAt <= now) return false;
  if (coupon.amountOff && coupon.currency && coupon.currency.toLowerCase() !== currency.toLowerCase())
    return false;
  return true;
}
