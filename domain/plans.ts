// The site's plan and subscription rules, in one place for the screens, the machines and the tests:
// interval labels and savings, which plans are offered, whether a member is subscribed, and the plan
// cards' rules of spec section 4. Pure functions over the contract's types.
import type { Plan, User } from './api-types.ts';
import { hasActiveSubscription, isSubscribed } from './subscribed.ts';

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

// Whether a member is subscribed lives in its own small module, which the shell's promo banner reads
// without taking the plan cards' rules into every first load; re-exported here as the rules' home.
export { hasActiveSubscription, hasNativeSubscription, isSubscribed } from './subscribed.ts';

export type OfferKind = 'subscription' | 'challenge' | 'course';

/** Missing prices are filtered out before checkout. */
export function presentPrices(prices: readonly (string | null | undefined)[]): string[] {
  return prices.filter((price): price is string => typeof price === 'string' && price.length > 0);
}

/**
 * The plan type of the member's subscription, lowercased as on load (spec section 3). The profile
 * names only a native subscription's type, so a gateway subscription's comes from its plan.
 */
export function subscriptionPlanType(user: User | null | undefined): string | null {
  const native = user?.profile.subscription_plan_type?.toLowerCase();
  if (native) return native;
  // Stryker disable next-line OptionalChaining: read only when hasActiveSubscription found the user and its first subscription.
  const plan = hasActiveSubscription(user) ? user?.customer.subscriptions.data[0]?.plan : undefined;
  if (plan?.interval === 'year') return 'annual';
  if (plan?.interval === 'month') return MONTHLY_PLAN_TYPES[plan.interval_count ?? 1] ?? null;
  return null;
}

const MONTHLY_PLAN_TYPES: Readonly<Record<number, string>> = { 1: 'monthly', 3: 'quarterly', 6: 'biannual' };

/** `{current path}/confirmation`, without doubling the slash on the home page. */
export function confirmationPath(path: string): string {
  return `${path.replace(/\/+$/, '')}/confirmation`;
}

/** A paid, unrefunded charge already contains this price, as the server answers (decision 146). */
export function alreadyPurchased(user: User | null, priceId: string): boolean {
  return user?.customer.held_prices.includes(priceId) ?? false;
}

/** The member holds an annual subscription (the gateway's, or a native one of annual type). */
export function annualSubscriber(user: User | null, now: Date): boolean {
  if (!isSubscribed(user, now)) return false;
  // Stryker disable next-line OptionalChaining: isSubscribed has just found the user.
  const active = user?.customer.subscriptions.data[0];
  if (active) return active.plan.interval === 'year';
  // Stryker disable next-line StringLiteral: any fallback that is not an annual name reads as not annual, as '' does.
  const type = user?.profile.subscription_plan_type?.toLowerCase() ?? '';
  return type === 'annual' || type === 'annually' || type === 'yearly';
}

/**
 * A free trial is given once per member: one who has had it is charged at once, so the plans must not
 * promise it again. A visitor without an account has had none.
 */
export function trialOffered(user: User | null | undefined): boolean {
  return user?.customer.had_trial !== true;
}

/** The annual plan a subscriber is offered as an upgrade, when one is on sale. */
export function annualPlanOf(plans: readonly Plan[]): Plan | null {
  return plans.find((plan) => plan.interval === 'year') ?? null;
}

/** The annual plan's saving over twelve monthly payments, when both are on sale. */
export function annualSaving(plans: readonly Plan[]): { planId: string; percent: number } | null {
  const annual = plans.find((plan) => plan.interval === 'year' && (plan.interval_count ?? 1) === 1);
  const monthly = plans.find((plan) => plan.interval === 'month' && (plan.interval_count ?? 1) === 1);
  if (!annual || !monthly) return null;
  const percent = savingsPercent(annual.amount, monthly.amount);
  return percent > 0 ? { planId: annual.id, percent } : null;
}

/** A plan's type as the profile names a subscription's (annual, monthly, quarterly, biannual). */
function planTypeOf(plan: Pick<Plan, 'interval' | 'interval_count'>): string | null {
  if (plan.interval === 'year') return 'annual';
  if (plan.interval === 'month') return MONTHLY_PLAN_TYPES[plan.interval_count ?? 1] ?? null;
  return null;
}

/**
 * The plan on sale that a subscriber holds: the gateway subscription's own price, else the one of
 * the native subscription's type. None for a member who is not subscribed.
 */
export function currentPlanId(
  user: User | null | undefined,
  plans: readonly Plan[],
  now: Date,
): string | null {
  if (!isSubscribed(user, now)) return null;
  // Stryker disable next-line OptionalChaining: read only when hasActiveSubscription found the user and its first subscription.
  const held = hasActiveSubscription(user) ? user?.customer.subscriptions.data[0]?.plan.id : undefined;
  if (held && plans.some((plan) => plan.id === held)) return held;
  const type = subscriptionPlanType(user);
  const annualNames = new Set(['annual', 'annually', 'yearly']);
  return (
    plans.find((plan) => {
      const own = planTypeOf(plan);
      return own !== null && (own === type || (own === 'annual' && annualNames.has(type ?? '')));
    })?.id ?? null
  );
}

/** Whether the upgrade offer is made: to a monthly or quarterly subscriber, when the annual plan is sold. */
export function upgradeOffered(user: User | null | undefined, plans: readonly Plan[], now: Date): boolean {
  if (!isSubscribed(user, now)) return false;
  const type = subscriptionPlanType(user);
  return (type === 'monthly' || type === 'quarterly') && annualPlanOf(plans) !== null;
}
