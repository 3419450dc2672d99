// Pure plan and subscription rules shared by the machines (spec sections 4, 5 and 6).
import type { Plan, User } from './api-types.ts';

export type OfferKind = 'subscription' | 'challenge' | 'course';

/** One-time plans for a course, recurring plans otherwise, most expensive first. */
export function planList(plans: readonly Plan[], kind: OfferKind): Plan[] {
  const type = kind === 'course' ? 'one_time' : 'recurring';
  return plans.filter((plan) => plan.type === type).sort((a, b) => b.amount - a.amount);
}

/** Missing prices are filtered out before checkout. */
export function presentPrices(prices: readonly (string | null | undefined)[]): string[] {
  return prices.filter((price): price is string => typeof price === 'string' && price.length > 0);
}

/** A native subscription: subscribed_plan '1' with an end date not yet past. */
export function hasNativeSubscription(user: User | null | undefined, now: Date): boolean {
  const end = user?.profile.subscribed_plan === '1' ? user.profile.endPlan_date : null;
  return end !== null && new Date(end).getTime() >= now.getTime();
}

/** An active (or trialing) gateway subscription: the first one in the customer's list. */
export function hasActiveSubscription(user: User | null | undefined): boolean {
  const first = user?.customer.subscriptions.data[0];
  return first !== undefined && (first.status === 'active' || first.status === 'trialing');
}

export function isSubscribed(user: User | null | undefined, now: Date): boolean {
  return hasActiveSubscription(user) || hasNativeSubscription(user, now);
}

/** The plan type of the member's subscription, lowercased as on load (spec section 3). */
export function subscriptionPlanType(user: User | null | undefined): string | null {
  return user?.profile.subscription_plan_type?.toLowerCase() ?? null;
}

/** `{current path}/confirmation`, without doubling the slash on the home page. */
export function confirmationPath(path: string): string {
  return `${path.replace(/\/+$/, '')}/confirmation`;
}
