// Rules only the machines need. Plan lists and the subscribed status are the site's own pure
// helpers in src/lib, shared with the screens, so the two can never disagree.
import { hasActiveSubscription } from '../../src/lib/subscription.ts';
import type { User } from './api-types.ts';

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
