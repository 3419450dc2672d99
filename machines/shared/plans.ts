// Rules only the machines need. Plan lists and the subscribed status are the site's own pure
// helpers in src/lib, shared with the screens, so the two can never disagree.
import type { User } from './api-types.ts';

export type OfferKind = 'subscription' | 'challenge' | 'course';

/** Missing prices are filtered out before checkout. */
export function presentPrices(prices: readonly (string | null | undefined)[]): string[] {
  return prices.filter((price): price is string => typeof price === 'string' && price.length > 0);
}

/** The plan type of the member's subscription, lowercased as on load (spec section 3). */
export function subscriptionPlanType(user: User | null | undefined): string | null {
  return user?.profile.subscription_plan_type?.toLowerCase() ?? null;
}

/** `{current path}/confirmation`, without doubling the slash on the home page. */
export function confirmationPath(path: string): string {
  return `${path.replace(/\/+$/, '')}/confirmation`;
}
