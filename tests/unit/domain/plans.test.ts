import { describe, expect, it } from 'vitest';
import { intervalLabel, offeredPlans, savingsPercent } from '../../../domain/plans.ts';
import { aPlan, type Plan } from '../../factories.ts';

function plan(id: string, amount: number, over: Partial<Plan> = {}): Plan {
  return aPlan({ id, product: 'prod', amount, ...over });
}

describe('interval labels', () => {
  it.each([
    ['year', 1, 'annually'],
    ['month', 1, 'monthly'],
    ['month', 3, 'quarterly'],
    ['month', 6, 'biannual'],
    ['week', 1, 'weekly'],
    ['day', 1, 'daily'],
  ] as const)('labels %s × %i as %s', (interval, count, label) => {
    expect(intervalLabel({ interval, interval_count: count })).toBe(label);
  });

  it('treats a month without a count as monthly and gives no label to a one-time price', () => {
    expect(intervalLabel({ interval: 'month', interval_count: null })).toBe('monthly');
    expect(intervalLabel({ interval: null, interval_count: null })).toBeNull();
    expect(intervalLabel({ interval: 'month', interval_count: 2 })).toBeNull();
  });
});

describe('savings percentage of the annual plan', () => {
  it('is 100 − annual / (monthly × 12) × 100, rounded', () => {
    expect(savingsPercent(9900, 1299)).toBe(36);
    expect(savingsPercent(12000, 1000)).toBe(0);
    expect(savingsPercent(10000, 1000)).toBe(17);
  });

  it('is 0 when there is no monthly price to compare with', () => {
    expect(savingsPercent(9900, 0)).toBe(0);
  });
});

describe('plan lists', () => {
  const recurring = [plan('m', 1299), plan('y', 9900, { interval: 'year' }), plan('w', 499)];
  const oneTime = [
    plan('c1', 2900, { type: 'one_time', interval: null, interval_count: null }),
    plan('c2', 4900, { type: 'one_time', interval: null, interval_count: null }),
  ];

  it('offers recurring plans outside a course, sorted by amount descending', () => {
    expect(offeredPlans([...oneTime, ...recurring], false).map((p) => p.id)).toEqual(['y', 'm', 'w']);
  });

  it('offers one-time plans for a course, sorted by amount descending', () => {
    expect(offeredPlans([...recurring, ...oneTime], true).map((p) => p.id)).toEqual(['c2', 'c1']);
  });

  it('drops missing prices', () => {
    expect(offeredPlans([null, plan('m', 1299), undefined, plan('', 100)], false).map((p) => p.id)).toEqual([
      'm',
    ]);
  });
});
