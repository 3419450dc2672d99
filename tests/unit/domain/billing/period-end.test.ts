import { describe, expect, it } from 'vitest';
import { keepable, periodEnd } from '../../../../domain/billing/period-end.ts';

describe('periodEnd: what the end of the period brings, one story', () => {
  it('renews a subscription with nothing scheduled', () => {
    expect(periodEnd({ cancelAtPeriodEnd: false, scheduled: null })).toEqual({ kind: 'renews' });
  });

  it('changes to the plan scheduled for the renewal', () => {
    expect(periodEnd({ cancelAtPeriodEnd: false, scheduled: 'monthly' })).toEqual({
      kind: 'changes',
      to: 'monthly',
    });
  });

  it('ends a subscription set to end, even when its record still holds a scheduled plan', () => {
    expect(periodEnd({ cancelAtPeriodEnd: true, scheduled: 'monthly' })).toEqual({ kind: 'ends' });
    expect(periodEnd({ cancelAtPeriodEnd: true, scheduled: null })).toEqual({ kind: 'ends' });
  });

  it('lets the member keep the plan only when a change or the end would take it away', () => {
    expect(keepable({ cancelAtPeriodEnd: false, scheduled: null })).toBe(false);
    expect(keepable({ cancelAtPeriodEnd: false, scheduled: 'monthly' })).toBe(true);
    expect(keepable({ cancelAtPeriodEnd: true, scheduled: null })).toBe(true);
  });
});
