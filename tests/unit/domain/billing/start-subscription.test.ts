import { describe, expect, it } from 'vitest';
import {
  chargeSchedule,
  type PriceTerms,
  renewal,
  startSubscription,
  upcomingInvoices,
} from '../../../../domain/billing/subscriptions.ts';
import {
  at,
  coupon,
  firstMonthFree,
  monthly,
  monthlyLite,
  quarterOffFor,
  quarterOffForever,
  shred,
  twentyOffOnce,
} from './fixtures.ts';

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
