import { describe, expect, it } from 'vitest';
import { discountStarting } from '../../../../domain/billing/discounts.ts';
import { planChangeQuote } from '../../../../domain/billing/quotes.ts';
import { type PriceTerms, renewal, upcomingInvoices } from '../../../../domain/billing/subscriptions.ts';
import {
  annual,
  at,
  inTrial,
  monthly,
  monthlyEur,
  monthlyLite,
  paidApril,
  quoted,
  shred,
  twentyOffOnce,
} from './fixtures.ts';

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
