// Every amount the member pays is computed here from the database rows: the client sends price
// ids and a coupon code, never an amount.
import type { coupons, prices } from '../db/schema.ts';

export type PriceRow = typeof prices.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

export interface PricedLine {
  price: PriceRow;
  /** What the member pays for this line now, after the discount and before any trial. */
  amount: number;
}

/**
 * A percentage applies to each line; a fixed amount comes off the lines in order until it is used
 * up, so no line goes below zero.
 */
export function priceLines(lines: PriceRow[], coupon: CouponRow | null): PricedLine[] {
  let amountOffLeft = coupon?.amountOff ?? 0;
  return lines.map((price) => {
    let amount = price.amount;
    if (coupon?.percentOff) amount -= Math.round((price.amount * coupon.percentOff) / 100);
    if (amountOffLeft > 0) {
      const off = Math.min(amountOffLeft, amount);
      amount -= off;
      amountOffLeft -= off;
    }
    return { price, amount };
  });
}

/** Whether a coupon can be used now on prices in `currency`. */
export function couponUsable(coupon: CouponRow, currency: string, now: Date): boolean {
  if (!coupon.active) return false;
  if (coupon.expiresAt && coupon.expiresAt <= now) return false;
  if (coupon.amountOff && coupon.currency && coupon.currency !== currency) return false;
  return true;
}

// The route is the SPA's current path. It is appended to PUBLIC_URL, so anything but a plain path
// (`//evil.test`, `@evil.test`, a backslash) could send the member to another site.
const ROUTE = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

export function normaliseRoute(route: string): string | null {
  if (route === '') return '/';
  if (!ROUTE.test(route)) return null;
  return route.length > 1 ? route.replace(/\/+$/, '') || '/' : route;
}

export function checkoutUrls(publicUrl: string, route: string): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${publicUrl}${route === '/' ? '' : route}/confirmation`,
    cancelUrl: `${publicUrl}${route}`,
  };
}

/** Adds `count` intervals of a recurring price to `from`, as Stripe bills them. */
export function addInterval(from: Date, interval: PriceRow['interval'], count: number): Date {
  const d = new Date(from);
  switch (interval) {
    case 'day':
      d.setUTCDate(d.getUTCDate() + count);
      break;
    case 'week':
      d.setUTCDate(d.getUTCDate() + 7 * count);
      break;
    case 'month':
      d.setUTCMonth(d.getUTCMonth() + count);
      break;
    case 'year':
      d.setUTCFullYear(d.getUTCFullYear() + count);
      break;
    default:
      break;
  }
  return d;
}

/** The discount a subscription carries into its renewals, as Stripe's `discount` on a subscription. */
export interface SubscriptionDiscount {
  coupon: CouponRow;
  /** When a `repeating` coupon stops applying; null for `forever`, and for `once` until it is used. */
  end: Date | null;
}

/** The discount a new subscription starts with: a repeating coupon counts its months from the start. */
export function discountFrom(coupon: CouponRow | null, start: Date): SubscriptionDiscount | null {
  if (!coupon) return null;
  const end =
    coupon.duration === 'repeating' ? addInterval(start, 'month', coupon.durationInMonths ?? 1) : null;
  return { coupon, end };
}

/** What a subscription's invoice at `at` charges: the price, less the discount while it applies. */
export function invoiceAmount(price: PriceRow, discount: SubscriptionDiscount | null, at: Date): number {
  if (!discount || (discount.end && discount.end <= at)) return price.amount;
  return priceLines([price], discount.coupon)[0]?.amount ?? price.amount;
}

/** Whether the discount is still there after an invoice at `at` was paid with it. */
export function discountAfterInvoice(
  discount: SubscriptionDiscount | null,
  at: Date,
): SubscriptionDiscount | null {
  if (!discount) return null;
  if (discount.coupon.duration === 'once') return null;
  if (discount.end && discount.end <= at) return null;
  return discount;
}

/**
 * A plan change as Stripe prorates one that changes the billing period: the new plan starts now
 * for a full period, and what is left of the current period is credited. Nothing is charged while
 * the member is in a trial: the trial goes on and the new plan is billed when it ends.
 */
export function prorate(input: {
  current: PriceRow;
  next: PriceRow;
  discount: SubscriptionDiscount | null;
  periodStart: Date;
  periodEnd: Date;
  trialing: boolean;
  /** What the member paid for the current period. */
  paidForPeriod: number;
  at: Date;
}): { credit: number; charge: number; dueToday: number; nextRenewal: Date } {
  const { next, at } = input;
  if (input.trialing) {
    return { credit: 0, charge: 0, dueToday: 0, nextRenewal: input.periodEnd };
  }
  const period = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.max(0, input.periodEnd.getTime() - at.getTime());
  const credit = period > 0 ? Math.round((input.paidForPeriod * left) / period) : 0;
  const charge = invoiceAmount(next, input.discount, at);
  return {
    credit,
    charge,
    dueToday: Math.max(0, charge - credit),
    nextRenewal: addInterval(at, next.interval, next.intervalCount ?? 1),
  };
}

/**
 * The charges a new subscription makes after today's payment: the first one (at the trial's end, or
 * the first renewal) and the one after it, and when a repeating discount stops. The hosted checkout
 * page states these, and the clock charges exactly these.
 */
export function upcomingCharges(price: PriceRow, coupon: CouponRow | null, start: Date, trialDays: number) {
  const discount = discountFrom(coupon, start);
  const count = price.intervalCount ?? 1;
  const firstAt =
    trialDays > 0 ? addInterval(start, 'day', trialDays) : addInterval(start, price.interval, count);
  const afterToday = trialDays > 0 ? discount : discountAfterInvoice(discount, start);
  const first = invoiceAmount(price, afterToday, firstAt);
  const afterFirst = discountAfterInvoice(afterToday, firstAt);
  const second = invoiceAmount(price, afterFirst, addInterval(firstAt, price.interval, count));
  return { firstAt, first, second, discountEnds: afterFirst?.end ?? null, full: price.amount };
}
