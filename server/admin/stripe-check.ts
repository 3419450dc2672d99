// `trainer stripe check`: whether this server's Stripe account is set up to sell (decision 122). The
// server holds the key, so it asks Stripe itself: does the key work, is there a webhook endpoint for
// this site's address that is enabled and sends every event the processor applies, and does Stripe
// have every coupon checkout may apply, and is the customer portal set as the site needs it
// (stripe-portal.ts). Each answer says what is missing, never a secret.
import Stripe from 'stripe';
import type { components } from '../../openapi/schema.d.ts';
import { contentServiceFor } from '../content/content-service.ts';
import type { ServerContext } from '../context.ts';
import { HANDLED_EVENT_TYPES, webhookUrl } from '../payments/handled-events.ts';
import { siteBrand } from '../site/brand.ts';
import { activeCoupons } from './coupons.repository.ts';
import {
  defaultPortalConfiguration,
  NO_DEFAULT_PORTAL,
  type PortalSettings,
  portalDifferences,
  portalSettings,
  portalUpdate,
} from './stripe-portal.ts';

export type StripeCheck = Omit<components['schemas']['AdminStripeCheck'], 'success'>;
type Check = StripeCheck['checks'][number];

function keyProblem(error: unknown): string {
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return `Stripe refused STRIPE_SECRET_KEY: ${error.message}`;
  }
  if (error instanceof Stripe.errors.StripePermissionError) {
    return `The key may not read webhook endpoints (give a restricted key read access to them): ${error.message}`;
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return `Stripe did not answer: ${error.message}`;
  }
  return `Stripe answered with an error: ${error instanceof Error ? error.message : String(error)}`;
}

/** The endpoint's events that the processor needs and Stripe would not send. */
export function missingEvents(enabled: readonly string[]): string[] {
  if (enabled.includes('*')) return [];
  return HANDLED_EVENT_TYPES.filter((type) => !enabled.includes(type));
}

function webhookCheck(
  url: string,
  endpoints: readonly Stripe.WebhookEndpoint[],
): { check: Check; missing: string[] } {
  const all = [...HANDLED_EVENT_TYPES];
  const mine = endpoints.filter((e) => e.url === url);
  const enabled = mine.find((e) => e.status === 'enabled');
  if (!enabled) {
    const detail = mine.length
      ? `The endpoint ${mine[0]?.id} for ${url} is disabled: enable it in Stripe's dashboard`
      : `No webhook endpoint in Stripe sends events to ${url}: add one with the events listed`;
    return { check: { name: 'webhook', status: 'missing', detail }, missing: all };
  }
  const missing = missingEvents(enabled.enabled_events);
  return {
    check: {
      name: 'webhook',
      status: missing.length ? 'missing' : 'ok',
      detail: missing.length
        ? `The endpoint ${enabled.id} for ${url} does not send ${missing.join(', ')}`
        : `The endpoint ${enabled.id} for ${url} sends every event the site applies`,
    },
    missing,
  };
}

export async function checkStripe({
  config,
  db,
  payments,
}: Pick<ServerContext, 'config' | 'db' | 'payments'>): Promise<StripeCheck> {
  const url = webhookUrl(config.publicUrl);
  const base = {
    webhookUrl: url,
    requiredEvents: [...HANDLED_EVENT_TYPES],
    missingEvents: [],
    missingCoupons: [],
  };
  const stripe = payments.stripe?.client;
  const key = config.STRIPE_SECRET_KEY;
  if (!stripe || !key) {
    return {
      ...base,
      ok: false,
      gateway: 'sandbox',
      mode: null,
      checks: [
        {
          name: 'gateway',
          status: 'missing',
          detail: 'STRIPE_SECRET_KEY is not set: this server sells through the sandbox gateway',
        },
      ],
    };
  }
  const mode = key.includes('_live_') ? 'live' : 'test';
  const gateway: Check = { name: 'gateway', status: 'ok', detail: `Stripe, with a ${mode} mode key` };
  let endpoints: Stripe.WebhookEndpoint[];
  try {
    endpoints = await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
  } catch (error) {
    return {
      ...base,
      ok: false,
      gateway: 'stripe',
      mode,
      checks: [gateway, { name: 'key', status: 'failed', detail: keyProblem(error) }],
    };
  }
  const keyCheck: Check = { name: 'key', status: 'ok', detail: 'Stripe accepted the key' };
  const webhook = webhookCheck(url, endpoints);
  const coupons = await couponCheck(stripe, db);
  const portal = await portalCheck(stripe, await wantedPortal(config));
  const checks = [gateway, keyCheck, webhook.check, coupons.check, portal];
  return {
    ...base,
    ok: checks.every((c) => c.status === 'ok'),
    gateway: 'stripe',
    mode,
    missingEvents: webhook.missing,
    missingCoupons: coupons.missing,
    checks,
  };
}

/** Every coupon checkout may apply must be a Stripe coupon of the same id, or its checkouts fail. */
async function couponCheck(
  stripe: Stripe,
  db: ServerContext['db'],
): Promise<{ check: Check; missing: string[] }> {
  const ours = await activeCoupons(db);
  let theirs: Set<string>;
  try {
    const listed = await stripe.coupons.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
    theirs = new Set(listed.map((c) => c.id));
  } catch (error) {
    return { check: { name: 'coupons', status: 'failed', detail: keyProblem(error) }, missing: [] };
  }
  const missing = ours.filter((c) => !theirs.has(c.id));
  if (missing.length === 0) {
    return {
      check: { name: 'coupons', status: 'ok', detail: `All ${ours.length} active coupons are in Stripe` },
      missing: [],
    };
  }
  const named = missing.map((c) => `${c.id} (${c.trainerId} ${c.code})`);
  return {
    check: {
      name: 'coupons',
      status: 'missing',
      detail: `Stripe has no coupon ${named.join(', ')}: checkouts with it fail until it is created in Stripe's dashboard with that id and the same terms (or archived)`,
    },
    missing: missing.map((c) => c.id),
  };
}

async function wantedPortal(config: ServerContext['config']): Promise<PortalSettings> {
  const brand = await siteBrand(contentServiceFor(config), config.publicUrl);
  return portalSettings(brand.name, config.publicUrl);
}

async function portalCheck(stripe: Stripe, wanted: PortalSettings): Promise<Check> {
  let configuration: Stripe.BillingPortal.Configuration | null;
  try {
    configuration = await defaultPortalConfiguration(stripe);
  } catch (error) {
    return { name: 'portal', status: 'failed', detail: keyProblem(error) };
  }
  if (!configuration) return { name: 'portal', status: 'missing', detail: NO_DEFAULT_PORTAL };
  const differences = portalDifferences(configuration, wanted);
  return differences.length
    ? {
        name: 'portal',
        status: 'missing',
        detail: `The customer portal ${configuration.id}: ${differences.join('; ')} (stripe check --fix sets it)`,
      }
    : {
        name: 'portal',
        status: 'ok',
        detail: `The customer portal ${configuration.id} names the site and cancels at the period's end with the site's reasons`,
      };
}

export type PortalFix = Omit<components['schemas']['AdminStripePortalFix'], 'success'>;

/**
 * `stripe check --fix`: writes the site's business profile and cancel settings into the default
 * portal configuration. Changes nothing when it already matches, or when there is no Stripe or no
 * default configuration to change (the answer says which).
 */
export async function fixStripePortal({
  config,
  payments,
}: Pick<ServerContext, 'config' | 'payments'>): Promise<PortalFix> {
  const stripe = payments.stripe?.client;
  if (!stripe || !config.STRIPE_SECRET_KEY) {
    return {
      fixed: false,
      configuration: null,
      changes: [],
      detail: 'STRIPE_SECRET_KEY is not set: this server sells through the sandbox gateway',
    };
  }
  const wanted = await wantedPortal(config);
  try {
    return await writePortal(stripe, wanted);
  } catch (error) {
    return { fixed: false, configuration: null, changes: [], detail: keyProblem(error) };
  }
}

async function writePortal(stripe: Stripe, wanted: PortalSettings): Promise<PortalFix> {
  const configuration = await defaultPortalConfiguration(stripe);
  if (!configuration) return { fixed: false, configuration: null, changes: [], detail: NO_DEFAULT_PORTAL };
  const changes = portalDifferences(configuration, wanted);
  if (changes.length === 0) {
    return {
      fixed: false,
      configuration: configuration.id,
      changes,
      detail: `The customer portal ${configuration.id} already matches the site`,
    };
  }
  await stripe.billingPortal.configurations.update(configuration.id, portalUpdate(wanted));
  return {
    fixed: true,
    configuration: configuration.id,
    changes,
    detail: `The customer portal ${configuration.id} now matches the site`,
  };
}
