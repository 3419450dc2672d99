// Stripe's customer portal as the site needs it (decision 164): the business profile a member reads
// there (the site's name, its privacy and terms pages) and a cancel that ends at the period's end and
// asks the reasons the site's own cancel flow asks (decision 153). Stripe's own pause stays off: it
// restarts the billing cycle at the resume, where the site's pause keeps it (decision 152).
// `stripe check` compares the account's default configuration with this; `stripe check --fix`
// writes it. Portal sessions are opened without naming a configuration, so the default is the one used.
import type Stripe from 'stripe';
import { CANCEL_REASONS } from '../../domain/billing/retention.ts';
import { LEGAL_PAGES } from '../../domain/pages.ts';

/** Stripe refuses a longer headline. */
export const HEADLINE_MAX = 60;

export interface PortalSettings {
  businessProfile: { headline: string; privacyPolicyUrl: string; termsOfServiceUrl: string };
  cancel: { mode: 'at_period_end'; reasons: readonly string[] };
}

const legalPath = (slug: 'privacy' | 'terms') => LEGAL_PAGES.find((p) => p.slug === slug)?.path ?? `/${slug}`;

/** What the portal should say and allow, from the site's name and address. */
export function portalSettings(siteName: string, publicUrl: string): PortalSettings {
  return {
    businessProfile: {
      headline: [...siteName].slice(0, HEADLINE_MAX).join(''),
      privacyPolicyUrl: `${publicUrl}${legalPath('privacy')}`,
      termsOfServiceUrl: `${publicUrl}${legalPath('terms')}`,
    },
    cancel: { mode: 'at_period_end', reasons: CANCEL_REASONS },
  };
}

/** The update that makes a configuration match. */
export function portalUpdate(wanted: PortalSettings): Stripe.BillingPortal.ConfigurationUpdateParams {
  return {
    business_profile: {
      headline: wanted.businessProfile.headline,
      privacy_policy_url: wanted.businessProfile.privacyPolicyUrl,
      terms_of_service_url: wanted.businessProfile.termsOfServiceUrl,
    },
    features: {
      subscription_cancel: {
        enabled: true,
        mode: wanted.cancel.mode,
        // At the period's end nothing is prorated: the member keeps what was paid for.
        proration_behavior: 'none',
        cancellation_reason: { enabled: true, options: [...wanted.cancel.reasons] },
      },
      subscription_pause: { enabled: false },
    },
  };
}

/** Each way the configuration differs from what the site needs, in words; empty when it matches. */
export function portalDifferences(
  configuration: Stripe.BillingPortal.Configuration,
  wanted: PortalSettings,
): string[] {
  const found: string[] = [];
  const profile = configuration.business_profile;
  const expect = (what: string, actual: unknown, value: unknown) => {
    if (actual !== value)
      found.push(`${what} is ${JSON.stringify(actual ?? null)}, not ${JSON.stringify(value)}`);
  };
  expect('the headline', profile?.headline, wanted.businessProfile.headline);
  expect('the privacy policy URL', profile?.privacy_policy_url, wanted.businessProfile.privacyPolicyUrl);
  expect('the terms URL', profile?.terms_of_service_url, wanted.businessProfile.termsOfServiceUrl);
  const cancel = configuration.features?.subscription_cancel;
  expect('cancelling', cancel?.enabled, true);
  expect('the cancel mode', cancel?.mode, wanted.cancel.mode);
  expect('asking a reason', cancel?.cancellation_reason?.enabled, true);
  const options = cancel?.cancellation_reason?.options ?? [];
  const missing = wanted.cancel.reasons.filter((r) => !options.includes(r));
  const extra = options.filter((r) => !wanted.cancel.reasons.includes(r));
  if (missing.length) found.push(`the reasons lack ${missing.join(', ')}`);
  if (extra.length)
    found.push(`the reasons add ${extra.join(', ')}, which the site's cancel flow does not ask`);
  expect("Stripe's pause", configuration.features?.subscription_pause?.enabled ?? false, false);
  return found;
}

/** The configuration portal sessions use: the account's default one. */
export async function defaultPortalConfiguration(
  stripe: Stripe,
): Promise<Stripe.BillingPortal.Configuration | null> {
  const listed = await stripe.billingPortal.configurations
    .list({ is_default: true, limit: 10 })
    .autoPagingToArray({ limit: 100 });
  return listed.find((c) => c.is_default) ?? null;
}

export const NO_DEFAULT_PORTAL =
  "Stripe has no default customer portal configuration: save the portal's settings once in Stripe's dashboard (Settings, Billing, Customer portal), then run stripe check --fix";
