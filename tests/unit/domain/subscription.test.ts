import { describe, expect, it } from 'vitest';
import { isSubscribed } from '../../../domain/plans.ts';
import { aPlan, aSubscription, aUser, type Subscription, type User } from '../../factories.ts';

const now = new Date('2026-06-15T12:00:00Z');

function user(profile: Partial<User['profile']> = {}, subscriptions: Subscription[] = []): User {
  return aUser({
    token: 't',
    email: 'a@b.co',
    profile: { name: 'Ana', member_since: '2026-01-01T00:00:00Z', ...profile },
    customer: { subscriptions: { data: subscriptions } },
  });
}

function subscription(status: Subscription['status']): Subscription {
  return aSubscription({
    id: 'sub',
    status,
    plan: aPlan({ id: 'p', product: 'prod', amount: 1299 }),
    current_period_end: '2026-07-01T00:00:00Z',
    created: '2026-06-01T00:00:00Z',
  });
}

describe('subscribed status', () => {
  it('is false for a visitor and for a member without any subscription', () => {
    expect(isSubscribed(null, now)).toBe(false);
    expect(isSubscribed(user(), now)).toBe(false);
  });

  it('is true with an active subscription', () => {
    expect(isSubscribed(user({}, [subscription('active')]), now)).toBe(true);
    expect(isSubscribed(user({}, [subscription('trialing')]), now)).toBe(true);
  });

  it('is false when the first subscription is cancelled', () => {
    expect(isSubscribed(user({}, [subscription('canceled')]), now)).toBe(false);
  });

  it("is true with subscribed_plan '1' and an end date not yet past", () => {
    expect(isSubscribed(user({ subscribed_plan: '1', endPlan_date: '2026-06-16T00:00:00Z' }), now)).toBe(
      true,
    );
  });

  it("is false with subscribed_plan '1' and a past end date, or without an end date", () => {
    expect(isSubscribed(user({ subscribed_plan: '1', endPlan_date: '2026-06-14T00:00:00Z' }), now)).toBe(
      false,
    );
    expect(isSubscribed(user({ subscribed_plan: '1', endPlan_date: null }), now)).toBe(false);
    expect(isSubscribed(user({ subscribed_plan: '0', endPlan_date: '2027-01-01T00:00:00Z' }), now)).toBe(
      false,
    );
  });
});
