import { describe, expect, it } from 'vitest';
import { confirmationPath, presentPrices, subscriptionPlanType } from '../../../domain/plans.ts';
import { plan, subscriber, user } from '../../machine/fixtures.ts';

describe('prices sent to checkout', () => {
  it('filters missing prices out before checkout', () => {
    expect(presentPrices(['a', null, undefined, '', 'b'])).toEqual(['a', 'b']);
  });
});

describe('plan type', () => {
  it('lowercases the plan type as on load', () => {
    expect(subscriptionPlanType(user({ profile: { subscription_plan_type: 'Quarterly' } }))).toBe(
      'quarterly',
    );
    expect(subscriptionPlanType(null)).toBeNull();
  });

  it("takes a gateway subscriber's plan type from the active subscription's plan", () => {
    const gateway = (interval: 'month' | 'year', count: number) => {
      const member = subscriber('x');
      member.profile.subscription_plan_type = null;
      const first = member.customer.subscriptions.data[0];
      if (first) first.plan = plan('price', { interval, interval_count: count });
      return member;
    };
    expect(subscriptionPlanType(gateway('month', 1))).toBe('monthly');
    expect(subscriptionPlanType(gateway('month', 3))).toBe('quarterly');
    expect(subscriptionPlanType(gateway('year', 1))).toBe('annual');
  });
});

describe('confirmation path', () => {
  it('appends /confirmation to the current path', () => {
    expect(confirmationPath('/challenge/summer')).toBe('/challenge/summer/confirmation');
    expect(confirmationPath('/')).toBe('/confirmation');
  });
});
