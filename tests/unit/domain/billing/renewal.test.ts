import { describe, expect, it } from 'vitest';
import {
  type PriceTerms,
  renewal,
  type SubscriptionTerms,
  startSubscription,
  upcomingInvoices,
} from '../../../../domain/billing/subscriptions.ts';
import {
  annual,
  at,
  firstMonthFree,
  monthly,
  monthlyLite,
  quarterly,
  quarterOffFor,
  quarterOffForever,
  twentyOffOnce,
} from './fixtures.ts';

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
