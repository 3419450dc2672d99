import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planChangePromise, planChangeQuote } from '../../../../domain/billing/quotes.ts';
import { annual, at, inTrial, monthlyLite, paidApril, quarterly, quoted } from './fixtures.ts';

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
