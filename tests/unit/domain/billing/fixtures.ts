// Prices and coupons the billing tests share, in the engine's own terms. Every amount is in the
// currency's minor unit, as Stripe sends it.
import type { CouponTerms } from '../../../../domain/billing/discounts.ts';
import type { PlanChangeQuote, PlanChangeRefusal } from '../../../../domain/billing/quotes.ts';
import type { PriceTerms, SubscriptionTerms } from '../../../../domain/billing/subscriptions.ts';

export const at = (iso: string) => new Date(iso);

export const monthly: PriceTerms = {
  id: 'price_monthly',
  amount: 2999,
  currency: 'usd',
  type: 'recurring',
  interval: 'month',
  intervalCount: 1,
  trialDays: null,
};

/** Another monthly price: the same billing period as {@link monthly}. */
export const monthlyLite: PriceTerms = { ...monthly, id: 'price_monthly_lite', amount: 1999 };

export const quarterly: PriceTerms = { ...monthly, id: 'price_quarterly', amount: 7999, intervalCount: 3 };

export const annual: PriceTerms = {
  ...monthly,
  id: 'price_annual',
  amount: 24999,
  interval: 'year',
  intervalCount: 1,
};

export const weekly: PriceTerms = { ...monthly, id: 'price_weekly', amount: 999, interval: 'week' };

export const shred: PriceTerms = {
  id: 'price_shred',
  amount: 4900,
  currency: 'usd',
  type: 'one_time',
  interval: null,
  intervalCount: null,
  trialDays: null,
};

export const mealPlan: PriceTerms = { ...shred, id: 'price_meal_plan', amount: 1999 };

export const monthlyEur: PriceTerms = { ...monthly, id: 'price_monthly_eur', currency: 'eur' };

export function coupon(terms: Partial<CouponTerms>): CouponTerms {
  return {
    id: 'coupon',
    code: 'SAVE',
    percentOff: null,
    amountOff: null,
    currency: null,
    duration: 'once',
    durationInMonths: null,
    ...terms,
  };
}

export const twentyOffOnce = coupon({ id: 'twenty_once', code: 'TWENTY', percentOff: 20, duration: 'once' });

export const quarterOffForever = coupon({
  id: 'quarter_forever',
  code: 'QUARTER',
  percentOff: 25,
  duration: 'forever',
});

export function quarterOffFor(months: number): CouponTerms {
  return coupon({
    id: `quarter_${months}m`,
    code: 'QUARTER',
    percentOff: 25,
    duration: 'repeating',
    durationInMonths: months,
  });
}

/**
 * A monthly subscription paid in full for April 2026, a 30-day period: the setting of the proration
 * examples.
 */
export function paidApril(overrides: Partial<SubscriptionTerms> = {}): SubscriptionTerms {
  return {
    status: 'active',
    price: monthly,
    scheduledPrice: null,
    anchor: at('2026-04-01T00:00:00Z'),
    periodStart: at('2026-04-01T00:00:00Z'),
    periodEnd: at('2026-05-01T00:00:00Z'),
    trialEnd: null,
    cancelAtPeriodEnd: false,
    discount: null,
    periodValue: 2999,
    ...overrides,
  };
}

/** A monthly subscription in a 14-day trial that started on April 1, 2026. */
export function inTrial(overrides: Partial<SubscriptionTerms> = {}): SubscriptionTerms {
  return {
    status: 'trialing',
    price: monthly,
    scheduledPrice: null,
    anchor: at('2026-04-15T00:00:00Z'),
    periodStart: at('2026-04-01T00:00:00Z'),
    periodEnd: at('2026-04-15T00:00:00Z'),
    trialEnd: at('2026-04-15T00:00:00Z'),
    cancelAtPeriodEnd: false,
    discount: null,
    periodValue: 0,
    ...overrides,
  };
}

export const firstMonthFree = coupon({
  id: 'first_free',
  code: 'FREEMONTH',
  percentOff: 100,
  duration: 'once',
});

/** A plan change's quote; the test fails when the change was refused. */
export function quoted(result: PlanChangeQuote | { refused: PlanChangeRefusal }): PlanChangeQuote {
  if ('refused' in result) throw new Error(`The change was refused: ${result.refused}`);
  return result;
}
