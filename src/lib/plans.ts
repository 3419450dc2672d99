import type { components } from '../api/schema.d.ts';

type Plan = components['schemas']['Plan'];

export type IntervalLabel = 'annually' | 'monthly' | 'quarterly' | 'biannual' | 'weekly' | 'daily';

/** The spec's interval labels; a one-time plan or an unlisted month count has none. */
export function intervalLabel(plan: Pick<Plan, 'interval' | 'interval_count'>): IntervalLabel | null {
  switch (plan.interval) {
    case 'year':
      return 'annually';
    case 'week':
      return 'weekly';
    case 'day':
      return 'daily';
    case 'month': {
      const count = plan.interval_count ?? 1;
      if (count === 1) return 'monthly';
      if (count === 3) return 'quarterly';
      if (count === 6) return 'biannual';
      return null;
    }
    default:
      return null;
  }
}

/** What a year of the annual plan saves over twelve monthly payments, in whole percent. */
export function savingsPercent(annualAmount: number, monthlyAmount: number): number {
  if (monthlyAmount <= 0) return 0;
  return Math.round(100 - (annualAmount / (monthlyAmount * 12)) * 100);
}

/**
 * The plans to offer: one-time plans for a course, recurring plans otherwise, most expensive first.
 * Missing entries are dropped so that checkout never receives an empty price.
 */
export function offeredPlans(plans: ReadonlyArray<Plan | null | undefined>, forCourse: boolean): Plan[] {
  const type = forCourse ? 'one_time' : 'recurring';
  return plans
    .filter((p): p is Plan => p != null && Boolean(p.id) && p.type === type)
    .sort((a, b) => b.amount - a.amount);
}
