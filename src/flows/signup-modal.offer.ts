// The one place that builds what `modal.open` carries (decision 024): what is on sale where the modal
// opens, from the products and settings queries, and the place, from the router's location; and the
// one place that reads and cleans the address for the address machine.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { isLocale } from '../../domain/localized.ts';
import type { Address } from '../../machines/address/address.types.ts';
import type { Offer, Place } from '../../machines/signup-modal/signup-modal.types.ts';
import { promoCodeOf, siteSettingsQuery } from '../features/content/site-settings.ts';
import { type Products, productForSlug, productsQuery } from '../features/products/products.queries.ts';

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

/** The address as the address machine reads it. */
export function addressOf(router: AnyRouter): Address {
  const { pathname, search } = router.state.location;
  const query = search as Record<string, unknown>;
  return {
    path: pathname,
    token: stringParam(query.token),
    opensModal: [query.openModal, query.verified].some((value) => value === true || value === 'true'),
    needsMember: router.state.matches.some((match) => match.staticData?.needsMember === true),
  };
}

/** Takes an emailed link's token and flags out of the address, leaving the rest of it. */
export function removeLinkParams(router: AnyRouter): void {
  const {
    token: _token,
    openModal: _openModal,
    verified: _verified,
    ...rest
  } = router.state.location.search as Record<string, unknown>;
  void router.navigate({ to: '.', search: rest, replace: true });
}

/** Puts a chosen plan in the address, keeping the rest of it; done once the router has moved there. */
export async function writePlan(router: AnyRouter, plan: string): Promise<void> {
  // The home route declares no search of its own: every parameter of the address is kept as is.
  const withPlan = (previous: Record<string, unknown>) => ({ ...previous, plan });
  await router.navigate({ to: '.', search: withPlan as never });
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
    plan: stringParam(query.plan),
    ...(isLocale(locale) ? { locale } : {}),
  };
}

export async function offerAndPlace({ router, queryClient, locale }: OfferSources) {
  const settings = await queryClient.ensureQueryData(siteSettingsQuery()).catch(() => null);
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
  const challenge = kind === 'challenge' ? product : undefined;
  const newCheckout = settings?.newCheckout;
  const offer: Offer = {
    kind: product ? kind : 'subscription',
    productId: product?.id ?? subscription?.id ?? null,
    plans: product?.plans ?? [],
    subscription: {
      productId: subscription?.id ?? null,
      plans: subscription?.plans ?? [],
      // An active challenge speaks for itself on step 3; otherwise the site's checkout texts do.
      headerText: challenge?.subscriptionHeaderText || newCheckout?.subscriptionHeaderText || null,
      subText: challenge?.subscriptionSubText || newCheckout?.subscriptionSubText || null,
      buttonText: challenge?.subscriptionButtonText || newCheckout?.subscriptionButtonText || null,
    },
    enableEmailVerification: settings?.enableEmailVerification ?? false,
    promoCode: promoCodeOf(settings),
  };
  return { offer, place: placeOf(router, locale) };
}
