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
