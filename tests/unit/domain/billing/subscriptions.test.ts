import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountStarting } from '../../../../domain/billing/discounts.ts';
import {
  checkoutPromise,
  checkoutQuote,
  type PlanChangeQuote,
  type PlanChangeRefusal,
  planChangePromise,
  planChangeQuote,
} from '../../../../domain/billing/quotes.ts';
import {
  chargeSchedule,
  type PriceTerms,
  renewal,
  type SubscriptionTerms,
  startSubscription,
  upcomingInvoices,
} from '../../../../domain/billing/subscriptions.ts';
import {
  annual,
  at,
  coupon,
  inTrial,
  mealPlan,
  monthly,
  monthlyEur,
  monthlyLite,
  paidApril,
  quarterly,
  quarterOffFor,
  quarterOffForever,
  shred,
  twentyOffOnce,
} from './fixtures.ts';

const firstMonthFree = coupon({ id: 'first_free', code: 'FREEMONTH', percentOff: 100, duration: 'once' });

function quoted(result: PlanChangeQuote | { refused: PlanChangeRefusal }): PlanChangeQuote {
  if ('refused' in result) throw new Error(`The change was refused: ${result.refused}`);
  return result;
}

describe('startSubscription', () => {
  const jan31 = at('2027-01-31T10:00:00Z');

  it('charges the first period now and renews on the day it was bought', () => {
    expect(startSubscription({ price: monthly, coupon: null, trialDays: 0, at: jan31 })).toEqual({
      dueToday: 2999,
      terms: {
        status: 'active',
        price: monthly,
        scheduledPrice: null,
        anchor: jan31,
        periodStart: jan31,
        periodEnd: at('2027-02-28T10:00:00Z'), // January 31 + 1 month, clamped to February's last day
        trialEnd: null,
        cancelAtPeriodEnd: false,
        discount: null,
        periodValue: 2999,
      },
    });
  });

  it('uses a once coupon on the first charge', () => {
    const { dueToday, terms } = startSubscription({
      price: monthly,
      coupon: twentyOffOnce,
      trialDays: 0,
      at: jan31,
    });
    expect(dueToday).toBe(2399); // 2999 - round(2999 × 20%) = 2999 - 600
    expect(terms.periodValue).toBe(2399);
    expect(terms.discount).toBeNull();
  });

  it('charges nothing in a trial, whose end becomes the billing cycle anchor', () => {
    const start = at('2027-01-10T10:00:00Z');
    expect(startSubscription({ price: monthly, coupon: twentyOffOnce, trialDays: 14, at: start })).toEqual({
      dueToday: 0,
      terms: {
        status: 'trialing',
        price: monthly,
        scheduledPrice: null,
        anchor: at('2027-01-24T10:00:00Z'), // January 10 + 14 × 24 h
        periodStart: start,
        periodEnd: at('2027-01-24T10:00:00Z'),
        trialEnd: at('2027-01-24T10:00:00Z'),
        cancelAtPeriodEnd: false,
        // The trial's free invoice does not use the once coupon up.
        discount: { coupon: twentyOffOnce, end: null },
        periodValue: 0,
      },
    });
  });

  it('uses up a 100% once coupon on the first period it makes free', () => {
    const { dueToday, terms } = startSubscription({
      price: monthly,
      coupon: firstMonthFree,
      trialDays: 0,
      at: jan31,
    });
    expect(dueToday).toBe(0); // 2999 - round(2999 × 100%)
    expect(terms.discount).toBeNull();
    expect(renewal(terms)?.invoice.amount).toBe(2999);
  });

  it('uses up a once coupon whose fixed amount covers the whole first period', () => {
    const fiftyOffOnce = coupon({ amountOff: 5000, currency: 'usd', duration: 'once' });
    const { dueToday, terms } = startSubscription({
      price: monthly,
      coupon: fiftyOffOnce,
      trialDays: 0,
      at: jan31,
    });
    expect(dueToday).toBe(0); // 2999 - min(5000, 2999)
    expect(upcomingInvoices(terms, 2).map((i) => i.amount)).toEqual([2999, 2999]);
  });

  it('refuses a one-time price', () => {
    expect(() => startSubscription({ price: shred, coupon: null, trialDays: 0, at: jan31 })).toThrow(
      /not a recurring price/,
    );
  });

  it('refuses a price whose type is one-time even with an interval, or recurring with none', () => {
    const oneTimeWithInterval: PriceTerms = { ...shred, interval: 'month', intervalCount: 1 };
    const recurringWithoutInterval: PriceTerms = { ...monthly, interval: null };
    for (const price of [oneTimeWithInterval, recurringWithoutInterval]) {
      expect(() => startSubscription({ price, coupon: null, trialDays: 0, at: jan31 }), price.id).toThrow(
        /not a recurring price/,
      );
    }
  });
});

describe('renewal', () => {
  const jan31 = at('2027-01-31T10:00:00Z');
  const boughtJan31 = startSubscription({ price: monthly, coupon: null, trialDays: 0, at: jan31 }).terms;

  it('keeps the anchor of a plan that renews on the same cycle', () => {
    const next = renewal(boughtJan31);
    expect(next?.invoice).toEqual({ at: at('2027-02-28T10:00:00Z'), price: monthly, amount: 2999 });
    expect(next?.paid).toMatchObject({
      status: 'active',
      anchor: jan31,
      periodStart: at('2027-02-28T10:00:00Z'),
      periodEnd: at('2027-03-31T10:00:00Z'), // back on the 31st, counted from the anchor
      periodValue: 2999,
    });
  });

  it('charges on the anchor day month after month', () => {
    expect(upcomingInvoices(boughtJan31, 4).map((i) => i.at)).toEqual([
      at('2027-02-28T10:00:00Z'),
      at('2027-03-31T10:00:00Z'),
      at('2027-04-30T10:00:00Z'),
      at('2027-05-31T10:00:00Z'),
    ]);
  });

  it('charges the first period when a trial ends, with the once coupon, and the full price after', () => {
    const { terms } = startSubscription({
      price: monthly,
      coupon: twentyOffOnce,
      trialDays: 14,
      at: at('2027-01-10T10:00:00Z'),
    });
    expect(upcomingInvoices(terms, 3)).toEqual([
      { at: at('2027-01-24T10:00:00Z'), price: monthly, amount: 2399 }, // 2999 - round(599.8)
      { at: at('2027-02-24T10:00:00Z'), price: monthly, amount: 2999 },
      { at: at('2027-03-24T10:00:00Z'), price: monthly, amount: 2999 },
    ]);
    expect(renewal(terms)?.paid).toMatchObject({ status: 'active', discount: null, periodValue: 2399 });
  });

  it('makes only the first period after a trial free with a 100% once coupon', () => {
    const { terms } = startSubscription({
      price: monthly,
      coupon: firstMonthFree,
      trialDays: 14,
      at: at('2027-01-10T10:00:00Z'),
    });
    expect(upcomingInvoices(terms, 3).map((i) => i.amount)).toEqual([0, 2999, 2999]);
  });

  it('discounts the invoices created in the repeating coupon’s months, counted on the calendar', () => {
    const { dueToday, terms } = startSubscription({
      price: monthly,
      coupon: quarterOffFor(3),
      trialDays: 0,
      at: jan31,
    });
    expect(dueToday).toBe(2249); // 2999 - round(749.75)
    // The three months run to April 30 (January 31 + 3, clamped): the April 30 invoice is full price.
    expect(upcomingInvoices(terms, 4).map((i) => [i.at, i.amount])).toEqual([
      [at('2027-02-28T10:00:00Z'), 2249],
      [at('2027-03-31T10:00:00Z'), 2249],
      [at('2027-04-30T10:00:00Z'), 2999],
      [at('2027-05-31T10:00:00Z'), 2999],
    ]);
  });

  it('discounts every invoice with a forever coupon', () => {
    const { terms } = startSubscription({
      price: monthly,
      coupon: quarterOffForever,
      trialDays: 0,
      at: jan31,
    });
    expect(upcomingInvoices(terms, 3).map((i) => i.amount)).toEqual([2249, 2249, 2249]); // 2999 - 750
  });

  it('switches to a scheduled plan of the same length on the same cycle', () => {
    const next = renewal({ ...boughtJan31, scheduledPrice: monthlyLite });
    expect(next?.invoice).toEqual({ at: at('2027-02-28T10:00:00Z'), price: monthlyLite, amount: 1999 });
    expect(next?.paid).toMatchObject({
      price: monthlyLite,
      scheduledPrice: null,
      anchor: jan31,
      periodEnd: at('2027-03-31T10:00:00Z'), // not March 28: the cycle is still anchored on the 31st
    });
  });

  it('starts a scheduled plan of another length on its own cycle, from the renewal', () => {
    const yearFromMar31: SubscriptionTerms = {
      status: 'active',
      price: annual,
      scheduledPrice: monthly,
      anchor: at('2027-03-31T00:00:00Z'),
      periodStart: at('2027-03-31T00:00:00Z'),
      periodEnd: at('2028-03-31T00:00:00Z'),
      trialEnd: null,
      cancelAtPeriodEnd: false,
      discount: null,
      periodValue: 24999,
    };
    const next = renewal(yearFromMar31);
    expect(next?.paid).toMatchObject({
      price: monthly,
      scheduledPrice: null,
      anchor: at('2028-03-31T00:00:00Z'),
      periodStart: at('2028-03-31T00:00:00Z'),
      periodEnd: at('2028-04-30T00:00:00Z'),
      periodValue: 2999,
    });
    expect(upcomingInvoices(yearFromMar31, 3)).toEqual([
      { at: at('2028-03-31T00:00:00Z'), price: monthly, amount: 2999 },
      { at: at('2028-04-30T00:00:00Z'), price: monthly, amount: 2999 },
      { at: at('2028-05-31T00:00:00Z'), price: monthly, amount: 2999 },
    ]);
  });

  it('starts a scheduled plan of the same interval but another count on its own cycle', () => {
    // Monthly anchored on January 31, switching to quarterly at the February 28 renewal: the quarter
    // runs from February 28 to May 28, not to April 30 (three months from the old anchor).
    const next = renewal({ ...boughtJan31, scheduledPrice: quarterly });
    expect(next?.paid).toMatchObject({
      price: quarterly,
      anchor: at('2027-02-28T10:00:00Z'),
      periodStart: at('2027-02-28T10:00:00Z'),
      periodEnd: at('2027-05-28T10:00:00Z'),
    });
  });

  it('keeps the anchor when a quarterly plan switches to another quarterly price', () => {
    const quarterlyLite: PriceTerms = { ...quarterly, id: 'price_quarterly_lite', amount: 5999 };
    const { terms } = startSubscription({ price: quarterly, coupon: null, trialDays: 0, at: jan31 });
    expect(terms.periodEnd).toEqual(at('2027-04-30T10:00:00Z')); // January 31 + 3 months, clamped
    const next = renewal({ ...terms, scheduledPrice: quarterlyLite });
    expect(next?.paid).toMatchObject({
      price: quarterlyLite,
      anchor: jan31,
      periodEnd: at('2027-07-31T10:00:00Z'), // back on the 31st, six months from the anchor
    });
  });

  it('creates no invoice for a subscription set to end at the period end', () => {
    const ending = { ...boughtJan31, cancelAtPeriodEnd: true };
    expect(renewal(ending)).toBeNull();
    expect(upcomingInvoices(ending, 3)).toEqual([]);
  });
});

describe('chargeSchedule', () => {
  const jan31 = at('2027-01-31T10:00:00Z');
  const started = (c: Parameters<typeof startSubscription>[0]['coupon']) =>
    startSubscription({ price: monthly, coupon: c, trialDays: 0, at: jan31 }).terms;

  it('states the next renewal at the full price', () => {
    expect(chargeSchedule(started(null))).toEqual({
      currency: 'usd',
      price: monthly,
      next: { at: at('2027-02-28T10:00:00Z'), price: monthly, amount: 2999 },
      discounted: null,
      regular: 2999,
    });
  });

  it('states the first charge after a trial with a once coupon, then the regular price', () => {
    const { terms } = startSubscription({
      price: monthly,
      coupon: twentyOffOnce,
      trialDays: 14,
      at: at('2027-01-10T10:00:00Z'),
    });
    expect(chargeSchedule(terms)).toMatchObject({
      next: { at: at('2027-01-24T10:00:00Z'), amount: 2399 }, // 2999 - 600
      discounted: null,
      regular: 2999,
    });
  });

  it('states a repeating discount that goes on after the next charge, and when it stops', () => {
    expect(chargeSchedule(started(quarterOffFor(3)))).toMatchObject({
      next: { at: at('2027-02-28T10:00:00Z'), amount: 2249 },
      discounted: { amount: 2249, until: at('2027-04-30T10:00:00Z') }, // January 31 + 3 months, clamped
      regular: 2999,
    });
  });

  it('states a repeating discount whose last invoice is the next one as a first charge only', () => {
    // Two months from January 31 run to March 31: the March 31 invoice is already full price.
    expect(chargeSchedule(started(quarterOffFor(2)))).toMatchObject({
      next: { at: at('2027-02-28T10:00:00Z'), amount: 2249 },
      discounted: null,
      regular: 2999,
    });
  });

  it('states a forever discount as the regular price', () => {
    expect(chargeSchedule(started(quarterOffForever))).toMatchObject({
      next: { amount: 2249 },
      discounted: null,
      regular: 2249, // 2999 - round(749.75)
    });
  });

  it('states no next charge for a subscription that ends', () => {
    expect(chargeSchedule({ ...started(null), cancelAtPeriodEnd: true })).toEqual({
      currency: 'usd',
      price: monthly,
      next: null,
      discounted: null,
      regular: 2999,
    });
  });

  it('states the plan it is on, not one scheduled, for a subscription that ends (decision 133)', () => {
    const ending = { ...started(null), scheduledPrice: monthlyLite, cancelAtPeriodEnd: true };
    expect(chargeSchedule(ending)).toMatchObject({ price: monthly, next: null, regular: 2999 });
  });

  it('states the scheduled plan’s price', () => {
    expect(chargeSchedule({ ...started(null), scheduledPrice: monthlyLite })).toMatchObject({
      price: monthlyLite,
      next: { at: at('2027-02-28T10:00:00Z'), price: monthlyLite, amount: 1999 },
      regular: 1999,
    });
  });
});

describe('checkoutQuote', () => {
  const start = at('2027-01-10T10:00:00Z');

  it('charges nothing today in a trial, and its line shows the first discounted charge', () => {
    const quote = checkoutQuote({ prices: [monthly], coupon: twentyOffOnce, trialDays: 7, at: start });
    expect(quote).toMatchObject({
      currency: 'usd',
      lines: [{ price: monthly, amount: 2399 }], // 2999 - round(599.8)
      discount: 600, // 2999 - 2399
      trialDays: 7,
      dueToday: 0,
    });
    expect(quote.subscription?.terms.status).toBe('trialing');
    expect(quote.subscription?.schedule).toMatchObject({
      next: { at: at('2027-01-17T10:00:00Z'), amount: 2399 }, // January 10 + 7 days
      discounted: null,
      regular: 2999,
    });
    expect(checkoutPromise(quote)).toEqual({
      currency: 'usd',
      lines: [{ priceId: 'price_monthly', amount: 2399 }],
      trialDays: 7,
      dueToday: 0,
      next: 2399,
      discounted: null,
      regular: 2999,
    });
  });

  it('charges the discounted first period today without a trial, and the full price at renewal', () => {
    const quote = checkoutQuote({ prices: [monthly], coupon: twentyOffOnce, trialDays: 0, at: start });
    expect(quote).toMatchObject({
      lines: [{ price: monthly, amount: 2399 }],
      discount: 600,
      trialDays: 0,
      dueToday: 2399,
    });
    expect(quote.subscription?.schedule.next).toEqual({
      at: at('2027-02-10T10:00:00Z'),
      price: monthly,
      amount: 2999,
    });
  });

  it('treats a negative trial as none', () => {
    const quote = checkoutQuote({ prices: [monthly], coupon: null, trialDays: -3, at: start });
    expect(quote.trialDays).toBe(0);
    expect(quote.dueToday).toBe(2999);
  });

  it('shows a repeating coupon on the trial’s line only if its months still run when the trial ends', () => {
    const newYear = at('2027-01-01T00:00:00Z');
    // One month from January 1 runs to February 1; a 14-day trial ends on January 15.
    const shortTrial = checkoutQuote({
      prices: [monthly],
      coupon: quarterOffFor(1),
      trialDays: 14,
      at: newYear,
    });
    expect(shortTrial.lines[0]?.amount).toBe(2249); // 2999 - round(749.75)
    expect(shortTrial.discount).toBe(750);
    // A 35-day trial ends on February 5, after the month.
    const longTrial = checkoutQuote({
      prices: [monthly],
      coupon: quarterOffFor(1),
      trialDays: 35,
      at: newYear,
    });
    expect(longTrial.lines[0]?.amount).toBe(2999);
    expect(longTrial.discount).toBe(0);
  });

  it('takes a percentage off each one-time line', () => {
    const fifteen = coupon({ percentOff: 15 });
    expect(checkoutQuote({ prices: [shred, mealPlan], coupon: fifteen, trialDays: 7, at: start })).toEqual({
      currency: 'usd',
      lines: [
        { price: shred, amount: 4165 }, // 4900 - round(735)
        { price: mealPlan, amount: 1699 }, // 1999 - round(299.85)
      ],
      discount: 1035, // 4900 + 1999 - (4165 + 1699)
      trialDays: 0,
      dueToday: 5864, // 4165 + 1699
      subscription: null,
    });
  });

  it('takes a fixed amount off the one-time lines in order', () => {
    const fiftyOff = coupon({ amountOff: 5000, currency: 'usd' });
    const quote = checkoutQuote({ prices: [shred, mealPlan], coupon: fiftyOff, trialDays: 0, at: start });
    expect(quote.lines.map((l) => l.amount)).toEqual([0, 1899]); // 4900 - 4900; 1999 - (5000 - 4900)
    expect(quote.dueToday).toBe(1899);
    expect(quote.discount).toBe(5000);
  });

  it('is in the currency of the prices', () => {
    const quote = checkoutQuote({ prices: [monthlyEur], coupon: null, trialDays: 0, at: start });
    expect(quote.currency).toBe('eur');
    expect(checkoutPromise(quote).currency).toBe('eur');
  });

  it('charges nothing for no prices, in US dollars, the currency prices are stated in', () => {
    const quote = checkoutQuote({ prices: [], coupon: null, trialDays: 0, at: start });
    expect(quote).toMatchObject({ currency: 'usd', lines: [], dueToday: 0, discount: 0, subscription: null });
  });

  it('charges one-time lines in full without a coupon', () => {
    const quote = checkoutQuote({ prices: [shred, mealPlan], coupon: null, trialDays: 0, at: start });
    expect(quote.dueToday).toBe(6899); // 4900 + 1999
    expect(quote.discount).toBe(0);
    expect(checkoutPromise(quote)).toMatchObject({ next: null, discounted: null, regular: null });
  });
});

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

describe('planChangeQuote in a trial', () => {
  const day4 = at('2026-04-05T00:00:00Z');

  it('charges nothing now and keeps the trial going', () => {
    const quote = quoted(planChangeQuote(inTrial(), annual, day4));
    expect(quote).toMatchObject({
      kind: 'inTrial',
      credit: 0,
      newPlanCharge: 0,
      dueToday: 0,
      effectiveAt: day4,
    });
    expect(quote.after).toMatchObject({
      status: 'trialing',
      price: annual,
      scheduledPrice: null,
      anchor: at('2026-04-15T00:00:00Z'),
      periodEnd: at('2026-04-15T00:00:00Z'),
      trialEnd: at('2026-04-15T00:00:00Z'),
    });
  });

  it('charges the new plan’s price, never $0, when the trial ends', () => {
    const quote = quoted(planChangeQuote(inTrial(), annual, day4));
    expect(quote.schedule).toEqual({
      currency: 'usd',
      price: annual,
      next: { at: at('2026-04-15T00:00:00Z'), price: annual, amount: 24999 },
      discounted: null,
      regular: 24999,
    });
    expect(renewal(quote.after)?.paid.periodEnd).toEqual(at('2027-04-15T00:00:00Z'));
  });

  it('keeps an unused once coupon for the first charge of the new plan', () => {
    const trial = inTrial({ discount: discountStarting(twentyOffOnce, at('2026-04-01T00:00:00Z')) });
    const quote = quoted(planChangeQuote(trial, annual, day4));
    expect(quote.schedule.next?.amount).toBe(19999); // 24999 - round(4999.8)
    expect(quote.schedule.regular).toBe(24999);
  });
});

describe('planChangeQuote: a downgrade waits for the renewal', () => {
  const paidYear = paidApril({
    price: annual,
    anchor: at('2026-01-01T00:00:00Z'),
    periodStart: at('2026-01-01T00:00:00Z'),
    periodEnd: at('2027-01-01T00:00:00Z'),
    periodValue: 24999,
  });

  it('schedules a plan that costs less than the credit, and charges nothing now', () => {
    // The credit would be round(24999 × 334/365) = 22876, more than 2999.
    const quote = quoted(planChangeQuote(paidYear, monthly, at('2026-02-01T00:00:00Z')));
    expect(quote).toMatchObject({
      kind: 'atRenewal',
      credit: 0,
      newPlanCharge: 0,
      dueToday: 0,
      effectiveAt: at('2027-01-01T00:00:00Z'),
    });
    expect(quote.after).toMatchObject({ price: annual, scheduledPrice: monthly });
    expect(quote.schedule).toMatchObject({
      price: monthly,
      next: { at: at('2027-01-01T00:00:00Z'), price: monthly, amount: 2999 },
      regular: 2999,
    });
    expect(upcomingInvoices(quote.after, 2).map((i) => [i.at, i.amount])).toEqual([
      [at('2027-01-01T00:00:00Z'), 2999],
      [at('2027-02-01T00:00:00Z'), 2999],
    ]);
  });

  it('changes now, for nothing, when the credit equals the new charge', () => {
    const quote = quoted(
      planChangeQuote(paidApril({ periodValue: 1999 }), monthlyLite, at('2026-04-01T00:00:00Z')),
    );
    expect(quote.kind).toBe('now');
    expect(quote.credit).toBe(1999); // 1999 × 30/30
    expect(quote.dueToday).toBe(0); // 1999 - 1999
  });

  it('waits when the credit is a cent more than the new charge', () => {
    const quote = quoted(
      planChangeQuote(paidApril({ periodValue: 2000 }), monthlyLite, at('2026-04-01T00:00:00Z')),
    );
    expect(quote.kind).toBe('atRenewal'); // credit 2000 > 1999
    expect(quote.effectiveAt).toEqual(at('2026-05-01T00:00:00Z'));
  });
});

describe('planChangeQuote refusals', () => {
  const day10 = at('2026-04-11T00:00:00Z');

  it('refuses while a declined payment is due', () => {
    expect(planChangeQuote(paidApril({ status: 'past_due' }), annual, day10)).toEqual({ refused: 'pastDue' });
    expect(planChangeQuote(paidApril({ status: 'unpaid' }), annual, day10)).toEqual({ refused: 'pastDue' });
  });

  it('refuses a subscription that has ended or never started', () => {
    expect(planChangeQuote(paidApril({ status: 'canceled' }), annual, day10)).toEqual({ refused: 'ended' });
    expect(planChangeQuote(paidApril({ status: 'incomplete' }), annual, day10)).toEqual({ refused: 'ended' });
  });

  it('refuses the plan the member already has', () => {
    expect(planChangeQuote(paidApril(), monthly, day10)).toEqual({ refused: 'samePlan' });
  });

  it('refuses a one-time price', () => {
    expect(planChangeQuote(paidApril(), shred, day10)).toEqual({ refused: 'notRecurring' });
  });

  it('refuses a price whose type is one-time even with an interval, or recurring with none', () => {
    const oneTimeWithInterval: PriceTerms = { ...shred, interval: 'year', intervalCount: 1 };
    expect(planChangeQuote(paidApril(), oneTimeWithInterval, day10)).toEqual({ refused: 'notRecurring' });
    const recurringWithoutInterval: PriceTerms = { ...annual, interval: null };
    expect(planChangeQuote(paidApril(), recurringWithoutInterval, day10)).toEqual({
      refused: 'notRecurring',
    });
  });

  it('refuses a price in another currency, and reads the code in any case', () => {
    expect(planChangeQuote(paidApril(), monthlyEur, day10)).toEqual({ refused: 'currency' });
    expect('refused' in planChangeQuote(paidApril(), { ...annual, currency: 'USD' }, day10)).toBe(false);
  });

  it('refuses at the period’s end or after it', () => {
    expect(planChangeQuote(paidApril(), annual, at('2026-05-01T00:00:00Z'))).toEqual({ refused: 'ended' });
    expect(planChangeQuote(paidApril(), annual, at('2026-05-02T00:00:00Z'))).toEqual({ refused: 'ended' });
  });
});

describe('planChangeQuote: what stands with the quote', () => {
  it('renews a subscription that was set to end, and says so', () => {
    const quote = quoted(
      planChangeQuote(paidApril({ cancelAtPeriodEnd: true }), annual, at('2026-04-11T00:00:00Z')),
    );
    expect(quote.renewsInsteadOfEnding).toBe(true);
    expect(quote.after.cancelAtPeriodEnd).toBe(false);
    expect(quote.schedule.next).not.toBeNull();
  });

  it('renews a subscription set to end when the change waits for the renewal, or in a trial', () => {
    const downgrade = quoted(
      planChangeQuote(
        paidApril({ cancelAtPeriodEnd: true, periodValue: 2000 }),
        monthlyLite,
        at('2026-04-01T00:00:00Z'),
      ),
    );
    expect(downgrade.kind).toBe('atRenewal');
    expect(downgrade.renewsInsteadOfEnding).toBe(true);
    expect(downgrade.after.cancelAtPeriodEnd).toBe(false);
    const trial = quoted(
      planChangeQuote(inTrial({ cancelAtPeriodEnd: true }), annual, at('2026-04-05T00:00:00Z')),
    );
    expect(trial.renewsInsteadOfEnding).toBe(true);
    expect(trial.schedule.next?.amount).toBe(24999);
  });

  it('stands for an hour', () => {
    const quote = quoted(planChangeQuote(paidApril(), annual, at('2026-04-11T00:00:00Z')));
    expect(quote.validUntil).toEqual(at('2026-04-11T01:00:00Z')); // at + 1 h
  });

  it('stands only until the period ends when that comes first', () => {
    const quote = quoted(planChangeQuote(paidApril(), annual, at('2026-04-30T23:30:00Z')));
    expect(quote.validUntil).toEqual(at('2026-05-01T00:00:00Z')); // min(at + 1 h, periodEnd)
  });

  it('is promised with its moments as milliseconds', () => {
    const quote = quoted(planChangeQuote(paidApril(), annual, at('2026-04-11T00:00:00Z')));
    expect(planChangePromise(quote)).toEqual({
      kind: 'now',
      at: Date.parse('2026-04-11T00:00:00Z'),
      fromPriceId: 'price_monthly',
      toPriceId: 'price_annual',
      credit: 1999,
      newPlanCharge: 24999,
      dueToday: 23000,
      effectiveAt: Date.parse('2026-04-11T00:00:00Z'),
      renewsInsteadOfEnding: false,
      validUntil: Date.parse('2026-04-11T01:00:00Z'),
      schedule: {
        currency: 'usd',
        priceId: 'price_annual',
        next: { at: Date.parse('2027-04-11T00:00:00Z'), amount: 24999 },
        discounted: null,
        regular: 24999,
      },
    });
  });
});

describe('plan change properties', () => {
  const periodStart = at('2026-04-01T00:00:00Z').getTime();
  const periodEnd = at('2026-05-01T00:00:00Z').getTime();
  const targets = fc.constantFrom(annual, quarterly, monthlyLite);

  it('a change now charges the new plan less a credit between zero and what the period was billed at', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: periodStart, max: periodEnd - 1 }),
        targets,
        (periodValue, moment, to) => {
          const quote = quoted(planChangeQuote(paidApril({ periodValue }), to, new Date(moment)));
          if (quote.kind === 'now') {
            expect(quote.dueToday).toBe(quote.newPlanCharge - quote.credit);
            expect(quote.credit).toBeGreaterThanOrEqual(0);
            expect(quote.credit).toBeLessThanOrEqual(periodValue);
            expect(quote.credit).toBe(
              Math.round((periodValue * (periodEnd - moment)) / (periodEnd - periodStart)),
            );
          } else {
            expect(quote.kind).toBe('atRenewal');
            expect(quote.dueToday).toBe(0);
            expect(quote.effectiveAt).toEqual(new Date(periodEnd));
          }
          expect(quote.dueToday).toBeGreaterThanOrEqual(0);
          expect(quote.validUntil.getTime()).toBe(Math.min(moment + 3_600_000, periodEnd));
        },
      ),
    );
  });

  it('a change in a trial never charges today and always charges the new plan at the trial’s end', () => {
    const trialStart = at('2026-04-01T00:00:00Z').getTime();
    const trialEnd = at('2026-04-15T00:00:00Z').getTime();
    fc.assert(
      fc.property(fc.integer({ min: trialStart, max: trialEnd - 1 }), targets, (moment, to) => {
        const quote = quoted(planChangeQuote(inTrial(), to, new Date(moment)));
        expect(quote.kind).toBe('inTrial');
        expect(quote.dueToday).toBe(0);
        expect(quote.schedule.next).toEqual({ at: new Date(trialEnd), price: to, amount: to.amount });
      }),
    );
  });
});
