import { describe, expect, it } from 'vitest';
import {
  alreadyPurchased,
  annualPlanOf,
  annualSaving,
  annualSubscriber,
  confirmationPath,
  currentPlanId,
  hasNativeSubscription,
  presentPrices,
  subscriptionPlanType,
  upgradeOffered,
} from '../../../domain/plans.ts';
import { aCharge, aSubscription, type Plan } from '../../factories.ts';
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
    expect(subscriptionPlanType(gateway('month', 6))).toBe('biannual');
    expect(subscriptionPlanType(gateway('year', 1))).toBe('annual');
  });
});

describe('confirmation path', () => {
  it('appends /confirmation to the current path', () => {
    expect(confirmationPath('/challenge/summer')).toBe('/challenge/summer/confirmation');
    expect(confirmationPath('/')).toBe('/confirmation');
  });

  it('does not double the slash of a path that ends in one or more', () => {
    expect(confirmationPath('/course/yoga/')).toBe('/course/yoga/confirmation');
    expect(confirmationPath('/course/yoga//')).toBe('/course/yoga/confirmation');
  });
});

describe('the plan a subscriber holds, and the upgrade offer (spec section 4)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const plans = [
    plan('price_annual', { interval: 'year', amount: 24999 }),
    plan('price_quarterly', { interval_count: 3, amount: 7999 }),
    plan('price_monthly', { amount: 2999 }),
  ];
  const native = (type: string) =>
    user({
      profile: { subscribed_plan: '1', endPlan_date: '2026-12-31T00:00:00Z', subscription_plan_type: type },
    });

  it("marks the gateway subscription's own price, or the native subscription's type", () => {
    expect(currentPlanId(subscriber('monthly'), plans, now)).toBe('price_monthly');
    expect(currentPlanId(native('Quarterly'), plans, now)).toBe('price_quarterly');
    expect(currentPlanId(native('yearly'), plans, now)).toBe('price_annual');
    expect(currentPlanId(user(), plans, now)).toBeNull();
    expect(currentPlanId(null, plans, now)).toBeNull();
  });

  it("prefers the gateway subscription's own price, and falls back on its type when that price is not sold", () => {
    const otherMonthly = plan('price_monthly_b', { amount: 3499 });
    expect(currentPlanId(subscriber('monthly'), [otherMonthly, plan('price_monthly')], now)).toBe(
      'price_monthly',
    );
    expect(currentPlanId(subscriber('monthly'), [plans[0] as Plan, otherMonthly], now)).toBe(
      'price_monthly_b',
    );
  });

  it('marks the annual plan for every name of an annual type, and no plan of another interval', () => {
    expect(currentPlanId(native('Annually'), plans, now)).toBe('price_annual');
    expect(currentPlanId(native('yearly'), [plans[2] as Plan, plans[0] as Plan], now)).toBe('price_annual');
    const weekly = plan('price_weekly', { interval: 'week', interval_count: 1 });
    expect(currentPlanId(native('monthly'), [weekly, plans[2] as Plan], now)).toBe('price_monthly');
    // A native subscription without a type holds none of the plans.
    const untyped = user({ profile: { subscribed_plan: '1', endPlan_date: '2026-12-31T00:00:00Z' } });
    expect(currentPlanId(untyped, [weekly, ...plans], now)).toBeNull();
  });

  it('marks nothing, and offers nothing, once the native subscription has ended', () => {
    const ended = user({
      profile: {
        subscribed_plan: '1',
        endPlan_date: '2026-01-01T00:00:00Z',
        subscription_plan_type: 'monthly',
      },
    });
    expect(currentPlanId(ended, plans, now)).toBeNull();
    expect(upgradeOffered(ended, plans, now)).toBe(false);
  });

  it('offers the annual plan to a monthly or quarterly subscriber only, when it is sold', () => {
    expect(upgradeOffered(subscriber('monthly'), plans, now)).toBe(true);
    expect(upgradeOffered(subscriber('quarterly'), plans, now)).toBe(true);
    expect(upgradeOffered(native('annual'), plans, now)).toBe(false);
    expect(upgradeOffered(user(), plans, now)).toBe(false);
    expect(upgradeOffered(subscriber('monthly'), plans.slice(1), now)).toBe(false);
  });
});

// Spec 4: the best-value annual card shows 100 − (annual ÷ (monthly × 12) × 100), rounded.
describe("the annual card's saving", () => {
  const monthly = plan('price_monthly', { interval: 'month', interval_count: 1, amount: 1000 });
  const annual = plan('price_annual', { interval: 'year', interval_count: 1, amount: 9600 });

  it('is worked out from the monthly and the annual plan', () => {
    // 9,600 ÷ 12,000 = 80 %: a 20 % saving.
    expect(annualSaving([monthly, annual])).toEqual({ planId: 'price_annual', percent: 20 });
    // 10,000 ÷ 12,000 = 83.33 %: 16.67, rounded to 17.
    expect(annualSaving([{ ...annual, amount: 10_000 }, monthly])).toEqual({
      planId: 'price_annual',
      percent: 17,
    });
  });

  it('is not shown without both plans, or when the annual plan saves nothing', () => {
    expect(annualSaving([annual])).toBeNull();
    expect(annualSaving([monthly])).toBeNull();
    expect(annualSaving([monthly, { ...annual, amount: 12_000 }])).toBeNull();
    // A quarterly plan is not the monthly one.
    expect(annualSaving([{ ...monthly, interval_count: 3 }, annual])).toBeNull();
    // Nor is a two-year plan the annual one.
    expect(annualSaving([monthly, { ...annual, interval_count: 2 }])).toBeNull();
  });

  it('counts a plan without an interval count as one interval', () => {
    expect(
      annualSaving([
        { ...monthly, interval_count: null },
        { ...annual, interval_count: null },
      ]),
    ).toEqual({
      planId: 'price_annual',
      percent: 20,
    });
  });
});

// Spec 9 (User): a native subscription is subscribed_plan '1' with an endPlan_date not yet past.
describe('a native subscription', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const native = (endPlan_date: string | null) => user({ profile: { subscribed_plan: '1', endPlan_date } });

  it('holds until its end date has passed, the end instant included', () => {
    expect(hasNativeSubscription(native('2026-06-01T12:00:00Z'), now)).toBe(true);
    expect(hasNativeSubscription(native('2026-06-01T12:00:01Z'), now)).toBe(true);
    expect(hasNativeSubscription(native('2026-06-01T11:59:59Z'), now)).toBe(false);
  });
});

// Spec 4: a challenge card is grayed when a paid, unrefunded charge already contains that price. The
// server answers which prices those are (held_prices, decision 146): the view carries only the
// latest charges, so an old purchase is found there, not among them.
describe('a price already purchased', () => {
  const holding = (held_prices: string[], ...charges: ReturnType<typeof aCharge>[]) =>
    user({ customer: { charges, held_prices } });

  it('is one the server says the member holds, even with no charge of it among the latest', () => {
    expect(alreadyPurchased(holding(['price_summer']), 'price_summer')).toBe(true);
    expect(alreadyPurchased(holding(['price_other', 'price_summer']), 'price_summer')).toBe(true);
  });

  it('is not one the server does not name, whatever the charges in the view show', () => {
    expect(alreadyPurchased(holding([], aCharge({ priceId: 'price_summer' })), 'price_summer')).toBe(false);
    expect(alreadyPurchased(holding(['price_other']), 'price_summer')).toBe(false);
    expect(alreadyPurchased(null, 'price_summer')).toBe(false);
  });
});

// Spec 4: an annual subscription shows a 'Subscribed' flag; spec 3: plan types lowercased on load.
describe('an annual subscriber', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const gateway = (interval: 'month' | 'year') =>
    user({ customer: { subscriptions: { data: [aSubscription({ plan: plan('price', { interval }) })] } } });
  const native = (type: string | null, endPlan_date = '2026-12-31T00:00:00Z') =>
    user({ profile: { subscribed_plan: '1', endPlan_date, subscription_plan_type: type } });

  it("is one whose gateway subscription's plan is yearly", () => {
    expect(annualSubscriber(gateway('year'), now)).toBe(true);
    expect(annualSubscriber(gateway('month'), now)).toBe(false);
  });

  it('is one whose native subscription is of an annual type, in any case', () => {
    expect(annualSubscriber(native('annual'), now)).toBe(true);
    expect(annualSubscriber(native('Annually'), now)).toBe(true);
    expect(annualSubscriber(native('YEARLY'), now)).toBe(true);
    expect(annualSubscriber(native('monthly'), now)).toBe(false);
    expect(annualSubscriber(native(null), now)).toBe(false);
  });

  it('is not one whose subscription has ended, nor a member without one', () => {
    expect(annualSubscriber(native('annual', '2026-01-01T00:00:00Z'), now)).toBe(false);
    expect(annualSubscriber(user(), now)).toBe(false);
    expect(annualSubscriber(null, now)).toBe(false);
  });
});

// Spec 4: 'want to upgrade' selects the annual plan.
describe('the annual plan offered as an upgrade', () => {
  it('is the yearly plan on sale, or none', () => {
    const monthly = plan('price_monthly');
    const annual = plan('price_annual', { interval: 'year' });
    expect(annualPlanOf([monthly, annual])).toBe(annual);
    expect(annualPlanOf([monthly])).toBeNull();
    expect(annualPlanOf([])).toBeNull();
  });
});
