// The one place that builds what `modal.open` carries (decision 024): what is on sale where the modal
// opens, from the products and settings queries, and the place, from the router's location.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { Offer, Place } from '../../../machines/signup-modal/signup-modal.types.ts';
import { isLocale } from '../../lib/locale.ts';
import { promoCodeOf, siteSettingsQuery } from '../content/site-settings.ts';
import { type Products, productForSlug, productsQuery } from '../products/products.queries.ts';

export interface OfferSources {
  router: AnyRouter;
  queryClient: QueryClient;
  locale: string;
}

const EMPTY_PRODUCTS: Products = { success: true, subscriptions: [], challenges: [], courses: [] };

function stringParam(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  // The router parses search values as JSON, so an all-digit value arrives as a number.
  if (typeof value === 'number') return String(value);
  return null;
}

export function placeOf(router: AnyRouter, locale: string): Place {
  const { pathname, search } = router.state.location;
  const query = search as Record<string, unknown>;
  return {
    path: pathname,
    token: stringParam(query.token),
    verified: query.verified === true || query.verified === 'true',
    coupon: stringParam(query.coupon),
    campaign: stringParam(query.campaign),
    ...(isLocale(locale) ? { locale } : {}),
  };
}

export async function offerAndPlace({ router, queryClient, locale }: OfferSources) {
  const settings = queryClient.getQueryData(siteSettingsQuery().queryKey) ?? null;
  const products = await queryClient.ensureQueryData(productsQuery()).catch(() => EMPTY_PRODUCTS);
  const subscription = products.subscriptions[0];
  const match = router.state.matches[router.state.matches.length - 1];
  const name = match?.staticData?.name;
  const slug = (match?.params as { slug?: string } | undefined)?.slug;
  const kind = name === 'Course' ? 'course' : name === 'Challenge' ? 'challenge' : 'subscription';
  const product =
    kind === 'subscription'
      ? undefined
      : productForSlug(kind === 'course' ? products.courses : products.challenges, slug);
  const offer: Offer = {
    kind: product ? kind : 'subscription',
    productId: product?.id ?? subscription?.id ?? null,
    plans: product?.plans ?? [],
    annualPlanId: subscription?.plans.find((plan) => plan.interval === 'year')?.id ?? null,
    subscription: { productId: subscription?.id ?? null, plans: subscription?.plans ?? [] },
    enableEmailVerification: settings?.enableEmailVerification ?? false,
    promoCode: promoCodeOf(settings),
  };
  return { offer, place: placeOf(router, locale) };
}
