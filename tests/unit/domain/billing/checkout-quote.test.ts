import { describe, expect, it } from 'vitest';
import { checkoutPromise, checkoutQuote } from '../../../../domain/billing/quotes.ts';
import {
  at,
  coupon,
  mealPlan,
  monthly,
  monthlyEur,
  quarterOffFor,
  shred,
  twentyOffOnce,
} from './fixtures.ts';

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
