import { describe, expect, it } from 'vitest';
import { discountStarting } from '../../../../domain/billing/discounts.ts';
import { planChangePromise, planChangeQuote } from '../../../../domain/billing/quotes.ts';
import { type PriceTerms, startSubscription } from '../../../../domain/billing/subscriptions.ts';
import {
  annual,
  at,
  coupon,
  monthly,
  monthlyEur,
  paidApril,
  quarterly,
  quarterOffFor,
  quarterOffForever,
  quoted,
} from './fixtures.ts';

describe('planChangeQuote: a change now credits the unused part of the period', () => {
  const day10 = at('2026-04-11T00:00:00Z');

  it('follows Stripe’s example: monthly paid, annual from day 10 of 30', () => {
    const quote = quoted(planChangeQuote(paidApril(), annual, day10));
    expect(quote).toMatchObject({
      kind: 'now',
      at: day10,
      currency: 'usd',
      from: monthly,
      to: annual,
      credit: 1999, // round(2999 × 20/30) = round(1999.33)
      newPlanCharge: 24999,
      dueToday: 23000, // 24999 - 1999
      effectiveAt: day10,
      renewsInsteadOfEnding: false,
    });
  });

  it('starts the new plan now for a full period on its own cycle', () => {
    const quote = quoted(planChangeQuote(paidApril(), annual, day10));
    expect(quote.after).toEqual({
      ...paidApril(),
      status: 'active',
      price: annual,
      scheduledPrice: null,
      anchor: day10,
      periodStart: day10,
      periodEnd: at('2027-04-11T00:00:00Z'),
      periodValue: 24999, // what the new period was billed at, before the credit
    });
    expect(quote.schedule).toEqual({
      currency: 'usd',
      price: annual,
      next: { at: at('2027-04-11T00:00:00Z'), price: annual, amount: 24999 },
      discounted: null,
      regular: 24999,
    });
  });

  it('credits to the millisecond, rounded to the cent', () => {
    const quote = quoted(planChangeQuote(paidApril(), annual, at('2026-04-20T12:00:00Z')));
    expect(quote.credit).toBe(1050); // 10.5 of 30 days unused: round(2999 × 10.5/30) = round(1049.65)
    expect(quote.dueToday).toBe(23949); // 24999 - 1050
  });

  it('credits the whole period at its very start', () => {
    const quote = quoted(planChangeQuote(paidApril(), quarterly, at('2026-04-01T00:00:00Z')));
    expect(quote.credit).toBe(2999); // 2999 × 30/30
    expect(quote.dueToday).toBe(5000); // 7999 - 2999
  });

  it('credits nothing of a period that was refunded or not paid', () => {
    const quote = quoted(planChangeQuote(paidApril({ periodValue: 0 }), annual, day10));
    expect(quote.kind).toBe('now');
    expect(quote.credit).toBe(0);
    expect(quote.dueToday).toBe(24999);
  });

  it('credits what the period was billed at with a discount, and discounts the new plan', () => {
    const discounted = paidApril({
      discount: discountStarting(quarterOffForever, at('2026-04-01T00:00:00Z')),
      periodValue: 2249, // 2999 - round(749.75)
    });
    const quote = quoted(planChangeQuote(discounted, annual, day10));
    expect(quote.credit).toBe(1499); // round(2249 × 20/30) = round(1499.33)
    expect(quote.newPlanCharge).toBe(18749); // 24999 - round(6249.75)
    expect(quote.dueToday).toBe(17250); // 18749 - 1499
    expect(quote.schedule.regular).toBe(18749);
  });

  it('discounts the new plan’s first period with a repeating coupon that has not run out, not its renewal', () => {
    // Three months from March 1 run to June 1.
    const repeating = paidApril({
      discount: discountStarting(quarterOffFor(3), at('2026-03-01T00:00:00Z')),
      periodValue: 2249,
    });
    const quote = quoted(planChangeQuote(repeating, annual, day10));
    expect(quote.newPlanCharge).toBe(18749); // 24999 - round(6249.75)
    expect(quote.schedule.next).toEqual({ at: at('2027-04-11T00:00:00Z'), price: annual, amount: 24999 });
    expect(quote.schedule.discounted).toBeNull();
  });

  it('credits nothing for a period of no length', () => {
    const empty = paidApril({ periodStart: at('2026-05-01T00:00:00Z') }); // starts where it ends
    const quote = quoted(planChangeQuote(empty, annual, day10));
    expect(quote).toMatchObject({ kind: 'now', credit: 0, dueToday: 24999 });
  });

  it('promises the repeating discount that goes on after the next charge, its end in milliseconds', () => {
    // 25% off for twelve months from March 1, 2026: to March 1, 2027. Quarterly from April 11, the
    // July 11 and October 11 charges are both discounted: 7999 - round(1999.75) = 5999.
    const repeating = paidApril({
      discount: discountStarting(quarterOffFor(12), at('2026-03-01T00:00:00Z')),
      periodValue: 2249,
    });
    const quote = quoted(planChangeQuote(repeating, quarterly, day10));
    expect(planChangePromise(quote).schedule).toMatchObject({
      next: { at: Date.parse('2026-07-11T00:00:00Z'), amount: 5999 },
      discounted: { amount: 5999, until: Date.parse('2027-03-01T00:00:00Z') },
    });
  });

  it('credits, on a second change, what the current plan’s period was billed at, not the first plan’s', () => {
    const toQuarterly = quoted(planChangeQuote(paidApril(), quarterly, day10));
    expect(toQuarterly.credit).toBe(1999); // round(2999 × 20/30)
    expect(toQuarterly.dueToday).toBe(6000); // 7999 - 1999
    // The quarter runs April 11 to July 11: 30 + 31 + 30 = 91 days.
    expect(toQuarterly.after).toMatchObject({
      periodEnd: at('2026-07-11T00:00:00Z'),
      periodValue: 7999,
    });
    // A month later, 61 of the 91 days are left.
    const toAnnual = quoted(planChangeQuote(toQuarterly.after, annual, at('2026-05-11T00:00:00Z')));
    expect(toAnnual.from).toEqual(quarterly);
    expect(toAnnual.credit).toBe(5362); // round(7999 × 61/91) = round(5361.97)
    expect(toAnnual.dueToday).toBe(19637); // 24999 - 5362
  });
});

// Stripe's own examples of a credit proration, as its documentation and its staff state them
// (decision 132): in flexible billing mode, the mode our Stripe subscriptions are made in, the unused
// time is credited at what was debited for it, a once coupon's discount included; the new plan's
// first period is discounted only by a discount the subscription still has.
describe('planChangeQuote credits what was paid for the unused time, as Stripe does', () => {
  it('credits half of a $10 month changed halfway: $5 (docs.stripe.com, prorations)', () => {
    const tenDollars: PriceTerms = { ...monthly, id: 'price_ten', amount: 1000 };
    const paid = paidApril({ price: tenDollars, periodValue: 1000 });
    const quote = quoted(planChangeQuote(paid, annual, at('2026-04-16T00:00:00Z')));
    expect(quote.credit).toBe(500); // 1000 × 15/30
    expect(quote.dueToday).toBe(24499); // the annual plan from today, 24999, less 500
  });

  it('credits 25 € of a 100 € year paid 50 € with a once 50% coupon, changed mid-year (Stripe api-discuss)', () => {
    const yearlyEur: PriceTerms = { ...annual, id: 'price_year_eur', amount: 10000, currency: 'eur' };
    const halfOffOnce = coupon({ id: 'half_once', code: 'HALF', percentOff: 50, duration: 'once' });
    const { terms } = startSubscription({
      price: yearlyEur,
      coupon: halfOffOnce,
      trialDays: 0,
      at: at('2026-01-01T00:00:00Z'),
    });
    expect(terms.periodValue).toBe(5000);
    // 2026 has 365 days: 182.5 of them are left at noon on July 2.
    const quote = quoted(planChangeQuote(terms, monthlyEur, at('2026-07-02T12:00:00Z')));
    expect(quote.credit).toBe(2500); // 5000 × 182.5/365, not 10000 × 182.5/365
    expect(quote.newPlanCharge).toBe(2999); // the once coupon was used by the first invoice
    expect(quote.dueToday).toBe(499);
  });

  it('credits $26.12 of a $29.99 month paid $26.99 with WELCOME10, changed to annual after one day of 31', () => {
    const welcome10 = coupon({ id: 'welcome', code: 'WELCOME10', percentOff: 10, duration: 'once' });
    const { terms, dueToday } = startSubscription({
      price: monthly,
      coupon: welcome10,
      trialDays: 0,
      at: at('2026-05-01T00:00:00Z'),
    });
    expect(dueToday).toBe(2699); // 2999 - round(299.9)
    const quote = quoted(planChangeQuote(terms, annual, at('2026-05-02T00:00:00Z')));
    // round(2699 × 30/31) = round(2611.94): what was paid for the 30 unused days. Crediting the
    // price as it now is, round(2999 × 30/31) = 2902, is classic billing mode's rule.
    expect(quote.credit).toBe(2612);
    expect(quote.newPlanCharge).toBe(24999);
    expect(quote.dueToday).toBe(22387);
  });
});
