// Whether a member is subscribed (spec section 6): an active subscription with the payment provider,
// or a native one. Apart from the other plan rules (plans.ts, which re-exports these) so the shell can
// ask it without carrying them.
import type { User } from './api-types.ts';

const ACTIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);

/** An active (or trialing) subscription with the payment provider: the first in the customer's list. */
export function hasActiveSubscription(user: User | null | undefined): boolean {
  const active = user?.customer.subscriptions.data[0];
  return active !== undefined && ACTIVE_STATUSES.has(active.status);
}

/** A native subscription: `subscribed_plan` '1' whose end date has not passed. */
export function hasNativeSubscription(user: User | null | undefined, now: Date): boolean {
  if (!user) return false;
  const { subscribed_plan, endPlan_date } = user.profile;
  if (subscribed_plan !== '1' || !endPlan_date) return false;
  const end = Date.parse(endPlan_date);
  return !Number.isNaN(end) && end >= now.getTime();
}

/** Subscribed means an active subscription with the payment provider, or a native subscription. */
export function isSubscribed(user: User | null | undefined, now: Date): boolean {
  return hasActiveSubscription(user) || hasNativeSubscription(user, now);
}
