// schema.org data for search engines (decision 119): the trainer as an Organization on Home, and a
// challenge or course as a Product with one Offer per price. Prices are the catalogue's, in the
// currency's major unit as the site shows them (domain/billing/currency.ts), so they agree with the
// page and with checkout.
import { minorUnitDigits } from '../../domain/billing/currency.ts';
import type { components } from '../../openapi/schema.d.ts';

type Plan = components['schemas']['Plan'];
type OneTimeProduct = components['schemas']['OneTimeProduct'];
type SiteSettings = components['schemas']['SiteSettings'];

const CONTEXT = 'https://schema.org';

/** A price in minor units as schema.org writes it: "29.00" for 2900 USD cents, "1000" for ¥1,000. */
export function offerPrice(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

export function offerOf(plan: Plan, url: string): Record<string, unknown> {
  return {
    '@type': 'Offer',
    ...(plan.nickname ? { name: plan.nickname } : {}),
    price: offerPrice(plan.amount, plan.currency),
    priceCurrency: plan.currency.toUpperCase(),
    // The catalogue lists only the prices on sale.
    availability: `${CONTEXT}/${plan.active ? 'InStock' : 'Discontinued'}`,
    url,
  };
}

export function productData(
  product: OneTimeProduct,
  options: { url: string; description: string | null; image: string | null; siteName: string },
): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    ...(options.description ? { description: options.description } : {}),
    ...(options.image ? { image: options.image } : {}),
    url: options.url,
    sku: product.id,
    brand: { '@type': 'Brand', name: options.siteName },
    // No Offer rather than an empty list: a product with no price on sale offers nothing.
    ...(product.plans.length ? { offers: product.plans.map((plan) => offerOf(plan, options.url)) } : {}),
  };
}

/** The trainer's business: its name, address, logo and social profiles. */
export function organizationData(
  settings: SiteSettings | null,
  options: { url: string; siteName: string; logo: string | null },
): Record<string, unknown> {
  const profiles = [
    settings?.instagramUrl,
    settings?.facebookUrl,
    settings?.twitterUrl,
    settings?.youtubeUrl,
  ].filter((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url));
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: options.siteName,
    url: options.url,
    ...(options.logo ? { logo: options.logo } : {}),
    ...(settings?.supportEmail ? { email: settings.supportEmail } : {}),
    ...(profiles.length ? { sameAs: profiles } : {}),
  };
}
