// The figures' definitions (docs/metrics.md), each row computed by hand from the words, not from
// domain/metrics: a period's amount as a month's share, which discount lowers MRR, where a
// subscription stands, the movements a change makes, and the months rolled back from MRR now.
import { describe, expect, it } from 'vitest';
import {
  addMovements,
  conversionRate,
  emptyMonth,
  type MetricsCoupon,
  monthFigures,
  monthlyAmount,
  movementsBetween,
  reachedDistribution,
  type SubscriptionFacts,
  standingOf,
} from '../../../domain/metrics/metrics.ts';
import { monthsFrom } from '../../../domain/metrics/months.ts';

const FOREVER_5: MetricsCoupon = { percentOff: null, amountOff: 500, duration: 'forever' };
const REPEAT_20: MetricsCoupon = { percentOff: 20, amountOff: null, duration: 'repeating' };
const ONCE_10: MetricsCoupon = { percentOff: 10, amountOff: null, duration: 'once' };

const facts = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  status: 'active',
  price: { amount: 2999, interval: 'month', intervalCount: 1 },
  coupon: null,
  discountEnded: false,
  ...over,
});

describe('a period as a month', () => {
  it.each([
    // amount, interval, count, by hand
    [2999, 'month', 1, 2999], // a month is itself
    [7999, 'month', 3, 2666], // 7999 / 3 = 2666.33
    [14999, 'month', 6, 2500], // 14999 / 6 = 2499.83
    [24999, 'year', 1, 2083], // 24999 / 12 = 2083.25
    [1499, 'week', 1, 6496], // 1499 × 52 / 12 = 6495.67
    [1000, 'week', 2, 2167], // 1000 × 52 / 24 = 2166.67
    [100, 'day', 1, 3042], // 100 × 365 / 12 = 3041.67
    [1200, 'year', 1, 100], // Stripe's example: 1200 a year is 100 a month
    [6, 'month', 4, 2], // 1.5 rounds half up
  ] as const)('%i every %i %s is %i a month', (amount, interval, count, expected) => {
    expect(monthlyAmount(amount, interval, count)).toBe(expected);
  });
});

describe('where a subscription stands, and its MRR', () => {
  it.each([
    ['active, no coupon', facts(), 'paying', 2999],
    ['past_due still counts (Stripe counts past_due)', facts({ status: 'past_due' }), 'paying', 2999],
    ['a trial counts nothing', facts({ status: 'trialing' }), 'trialing', 0],
    ['unpaid counts nothing', facts({ status: 'unpaid' }), 'none', 0],
    ['cancelled counts nothing', facts({ status: 'canceled' }), 'none', 0],
    ['incomplete counts nothing', facts({ status: 'incomplete' }), 'none', 0],
    ['a forever 5.00 off: 2999 - 500', facts({ coupon: FOREVER_5 }), 'paying', 2499],
    ['a repeating 20% while it runs: 2999 - 600', facts({ coupon: REPEAT_20 }), 'paying', 2399],
    ['a repeating 20% once over', facts({ coupon: REPEAT_20, discountEnded: true }), 'paying', 2999],
    ['a once coupon never lowers MRR', facts({ coupon: ONCE_10 }), 'paying', 2999],
    [
      'weekly with 5.00 off: 999 × 52 / 12 = 4329',
      facts({ price: { amount: 1499, interval: 'week', intervalCount: 1 }, coupon: FOREVER_5 }),
      'paying',
      4329,
    ],
    [
      'annual with 20% off: 19999 / 12 = 1666.58',
      facts({ price: { amount: 24999, interval: 'year', intervalCount: 1 }, coupon: REPEAT_20 }),
      'paying',
      1667,
    ],
    [
      'a plan a forever coupon makes free is not paying',
      facts({ price: { amount: 400, interval: 'month', intervalCount: 1 }, coupon: FOREVER_5 }),
      'none',
      0,
    ],
  ] as const)('%s', (_, f, standing, mrr) => {
    expect(standingOf(f)).toEqual({ standing, mrr });
  });
});

describe('the movements a change makes', () => {
  const kinds = (r: ReturnType<typeof movementsBetween>) => r.movements.map((m) => `${m.kind} ${m.mrrDelta}`);
  it('a checkout into a trial starts a trial, nothing paying', () => {
    const r = movementsBetween(null, facts({ status: 'trialing' }), null);
    expect(kinds(r)).toEqual(['trialStarted 0']);
    expect(r.snapshot).toMatchObject({ standing: 'trialing', trialed: true, converted: false });
  });
  it('a trial paid ends, converts and starts a paying member with its MRR', () => {
    const trial = movementsBetween(null, facts({ status: 'trialing' }), null).snapshot;
    expect(kinds(movementsBetween(trial, facts(), null))).toEqual([
      'trialEnded 0',
      'trialConverted 0',
      'started 2999',
    ]);
  });
  it('a trial whose first payment fails ends unconverted, counts past_due, and converts when paid', () => {
    const trial = movementsBetween(null, facts({ status: 'trialing' }), null).snapshot;
    const failed = movementsBetween(trial, facts({ status: 'past_due' }), { id: 'in_1', amount: 2999 });
    expect(failed.movements).toEqual([
      { kind: 'trialEnded', mrrDelta: 0, amount: 0, invoiceId: null },
      { kind: 'started', mrrDelta: 2999, amount: 0, invoiceId: null },
      { kind: 'paymentFailed', mrrDelta: 0, amount: 2999, invoiceId: 'in_1' },
    ]);
    // A retry of the same invoice is not a second failure.
    const retried = movementsBetween(failed.snapshot, facts({ status: 'past_due' }), {
      id: 'in_1',
      amount: 2999,
    });
    expect(retried.movements).toEqual([]);
    expect(kinds(movementsBetween(retried.snapshot, facts(), null))).toEqual(['trialConverted 0']);
  });
  it('a paying member ending churns their whole MRR', () => {
    const paying = movementsBetween(null, facts({ coupon: FOREVER_5 }), null).snapshot;
    expect(kinds(movementsBetween(paying, facts({ coupon: FOREVER_5, status: 'canceled' }), null))).toEqual([
      'churned -2499',
    ]);
  });
  it('a repeating discount running out is an MRR change, not a new member', () => {
    const paying = movementsBetween(null, facts({ coupon: REPEAT_20 }), null).snapshot;
    expect(kinds(movementsBetween(paying, facts({ coupon: REPEAT_20, discountEnded: true }), null))).toEqual([
      'changed 600',
    ]);
  });
  it('a trial cancelled before it ends ends unconverted and never paid', () => {
    const trial = movementsBetween(null, facts({ status: 'trialing' }), null).snapshot;
    expect(kinds(movementsBetween(trial, facts({ status: 'canceled' }), null))).toEqual(['trialEnded 0']);
  });
});

describe('the months', () => {
  it('lists every UTC month from the first day to the last, both included', () => {
    expect(monthsFrom(new Date('2025-11-15T00:00:00Z'), new Date('2026-02-01T00:00:00Z'))).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
  it('rolls MRR back from now: each month ends at MRR now less what changed after it', () => {
    // Now 5000, of which 1000 was added after the period; March added 2999 and lost 1500.
    const march = [
      { kind: 'started' as const, mrrDelta: 2999 },
      { kind: 'churned' as const, mrrDelta: -1500 },
    ].reduce((s, m) => addMovements(s, m), emptyMonth());
    const months = monthFigures(['2026-02', '2026-03'], new Map([['2026-03', march]]), 5000, 1000);
    expect(months.map((m) => [m.month, m.mrr, m.newMembers, m.churnedMembers, m.mrrChurn])).toEqual([
      ['2026-02', 4000 - 2999 + 1500, 0, 0, 0],
      ['2026-03', 4000, 1, 1, 1500],
    ]);
  });
  it('adds counted movements with their losses', () => {
    const m = addMovements(emptyMonth(), { kind: 'changed', mrrDelta: -300, count: 3, lost: 700 });
    expect(m).toMatchObject({ mrrDelta: -300, mrrChurn: 700, newMembers: 0 });
  });
  it('converts the trials ended over the period: 3 of 4, none without an ended trial', () => {
    expect(
      conversionRate([
        { trialsEnded: 1, trialsConverted: 1 },
        { trialsEnded: 3, trialsConverted: 2 },
      ]),
    ).toBe(0.75);
    expect(conversionRate([{ trialsEnded: 0, trialsConverted: 0 }])).toBeNull();
  });
});

describe('how far members get in a program', () => {
  it('counts members by units done, capped at the program’s units', () => {
    expect(
      reachedDistribution(
        [
          { done: 0, count: 4 },
          { done: 3, count: 2 },
          { done: 31, count: 1 },
          { done: 30, count: 1 },
        ],
        30,
      ),
    ).toEqual([
      { reached: 0, count: 4 },
      { reached: 3, count: 2 },
      { reached: 30, count: 2 },
    ]);
  });
});
