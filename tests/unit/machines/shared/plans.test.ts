import { describe, expect, it } from 'vitest';
import {
  confirmationPath,
  hasNativeSubscription,
  isSubscribed,
  planList,
  presentPrices,
  subscriptionPlanType,
} from '../../../../machines/shared/plans.ts';
import { plan, subscriber, user } from '../../../machine/fixtures.ts';

const now = new Date('2025-06-01T00:00:00.000Z');

describe('plan lists', () => {
  const plans = [
    plan('monthly', { amount: 1000 }),
    plan('course', { type: 'one_time', amount: 4000 }),
    plan('annual', { amount: 9000, interval: 'year' }),
    plan('course-lite', { type: 'one_time', amount: 2000 }),
  ];

  it('lists recurring plans, most expensive first, outside a course', () => {
    expect(planList(plans, 'subscription').map((p) => p.id)).toEqual(['annual', 'monthly']);
    expect(planList(plans, 'challenge').map((p) => p.id)).toEqual(['annual', 'monthly']);
  });

  it('lists one-time plans, most expensive first, for a course', () => {
    expect(planList(plans, 'course').map((p) => p.id)).toEqual(['course', 'course-lite']);
  });

  it('filters missing prices out before checkout', () => {
    expect(presentPrices(['a', null, undefined, '', 'b'])).toEqual(['a', 'b']);
  });
});

describe('subscribed status', () => {
  it('counts an active subscription', () => {
    expect(isSubscribed(subscriber('monthly'), now)).toBe(true);
  });

  it("counts a native subscription (subscribed_plan '1') until its end date", () => {
    const native = user({ profile: { subscribed_plan: '1', endPlan_date: '2025-07-01T00:00:00.000Z' } });
    const expired = user({ profile: { subscribed_plan: '1', endPlan_date: '2025-05-01T00:00:00.000Z' } });
    expect(hasNativeSubscription(native, now)).toBe(true);
    expect(isSubscribed(expired, now)).toBe(false);
    expect(isSubscribed(user({ profile: { subscribed_plan: '0', endPlan_date: '2099-01-01' } }), now)).toBe(
      false,
    );
  });

  it('does not count a visitor or a user without a subscription', () => {
    expect(isSubscribed(null, now)).toBe(false);
    expect(isSubscribed(user(), now)).toBe(false);
  });

  it('lowercases the plan type as on load', () => {
    expect(subscriptionPlanType(user({ profile: { subscription_plan_type: 'Quarterly' } }))).toBe(
      'quarterly',
    );
    expect(subscriptionPlanType(null)).toBeNull();
  });
});

describe('confirmation path', () => {
  it('appends /confirmation to the current path', () => {
    expect(confirmationPath('/challenge/summer')).toBe('/challenge/summer/confirmation');
    expect(confirmationPath('/')).toBe('/confirmation');
  });
});
