// Stripe Checkout and Billing Portal. Line items are built with price_data from our price rows, so
// the amount charged is always the database's and no price needs syncing to Stripe first. The
// coupon is applied as the Stripe coupon of the same id. Every object carries our metadata so its
// events can be tied back to our records.
import Stripe from 'stripe';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';
import { rasterIcon, type SiteBrand } from '../site/brand.ts';
import { type PaymentGateway, paymentMetadata } from './gateway.ts';
import { stripePriceFor } from './stripe-prices.ts';
import {
  stripeCancel,
  stripeKeep,
  stripeOffer,
  stripePause,
  stripeRefund,
  stripeResume,
} from './stripe-refunds.ts';

export function stripeClient(config: Config): Stripe {
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    // Each attempt has a deadline and a failed one is retried once (with its idempotency key): a
    // member waits at most about twice STRIPE_TIMEOUT_MS, then gets the 502 to retry (decision 093).
    timeout: config.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}

/** Stripe being down or refusing a request is not the member's fault: a 502 they can retry, never a 500. */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new HttpError(502, 'billing.providerDown');
    }
    throw error;
  }
}

/**
 * Stripe's Checkout page in the site's brand, as far as Stripe takes it (decision 148): the site's
 * name, its button colour (the one white text reads on, as on the site), rounded corners as the
 * site's, and its icon when Stripe can fetch it as an image (Sanity's CDN answers a PNG; an SVG from
 * the site itself is left out rather than have Stripe refuse the session).
 */
export function stripeBranding(brand: SiteBrand): Stripe.Checkout.SessionCreateParams.BrandingSettings {
  const icon = brand.iconUrl ? rasterIcon(brand.iconUrl) : null;
  return {
    display_name: brand.name,
    button_color: brand.palette.filled,
    background_color: '#ffffff',
    border_style: 'rounded',
    font_family: 'default',
    ...(icon ? { icon: { type: 'url', url: icon } } : {}),
  };
}

/** `brand` reads the site's brand from the CMS for each checkout (its settings are cached). */
export function stripeGateway(stripe: Stripe, brand: () => Promise<SiteBrand>): PaymentGateway {
  return {
    kind: 'stripe',
    async ensureCustomer(user) {
      if (user.gatewayCustomerId) return user.gatewayCustomerId;
      // The idempotency key makes a retried or concurrent first checkout reuse the same customer.
      const customer = await viaStripe(() =>
        stripe.customers.create(
          { email: user.email, name: user.name, metadata: { trainerId: user.trainerId, userId: user.id } },
          { idempotencyKey: `customer-${user.id}` },
        ),
      );
      return customer.id;
    },
    async expireCheckout(gatewaySessionId) {
      await viaStripe(async () => {
        try {
          await stripe.checkout.sessions.expire(gatewaySessionId);
        } catch (error) {
          // Already completed or expired: nothing left to expire.
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
          throw error;
        }
      });
    },
    async createPlanChange({ user, subscriptionId, price, successUrl, sessionId }) {
      const subscription = await viaStripe(() => stripe.subscriptions.retrieve(subscriptionId));
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      const stripePrice = await viaStripe(() => stripePriceFor(stripe, price));
      const session = await viaStripe(() =>
        stripe.billingPortal.sessions.create(
          {
            customer: user.gatewayCustomerId,
            return_url: successUrl,
            locale: user.locale,
            flow_data: {
              type: 'subscription_update_confirm',
              subscription_update_confirm: {
                subscription: subscriptionId,
                items: [{ id: item.id, price: stripePrice, quantity: 1 }],
              },
              after_completion: { type: 'redirect', redirect: { return_url: successUrl } },
            },
          },
          { idempotencyKey: `change-${sessionId}` },
        ),
      );
      return { url: session.url };
    },
    async createCheckout(request) {
      const { user, prices, coupon, trialDays, mode, tax } = request;
      const metadata = { ...paymentMetadata(request) };
      const branding = stripeBranding(await brand());
      const session = await viaStripe(() =>
        stripe.checkout.sessions.create(
          {
            mode,
            line_items: prices.map((price) => ({
              quantity: 1,
              price_data: {
                currency: price.currency,
                unit_amount: price.amount,
                // Whether the price holds the tax or has it added, as the trainer's settings say.
                ...(tax ? { tax_behavior: tax.mode } : {}),
                product_data: { name: price.nickname ?? price.id },
                ...(price.type === 'recurring' && price.interval
                  ? { recurring: { interval: price.interval, interval_count: price.intervalCount ?? 1 } }
                  : {}),
              },
            })),
            ...(user.gatewayCustomerId
              ? { customer: user.gatewayCustomerId }
              : { customer_email: user.email }),
            client_reference_id: user.id,
            metadata,
            // A trainer who collects tax (decision 173): Stripe Tax computes it from the address
            // Checkout asks for, and a business member may give a tax id. Both are saved on the
            // member's customer, which renewals are taxed by.
            ...(tax
              ? {
                  automatic_tax: { enabled: true },
                  tax_id_collection: { enabled: true },
                  ...(user.gatewayCustomerId ? { customer_update: { address: 'auto', name: 'auto' } } : {}),
                }
              : {}),
            ...(mode === 'subscription'
              ? {
                  subscription_data: {
                    metadata,
                    // Named, not left to the API version's default: in flexible billing mode a plan
                    // change credits the unused part of what was paid, the rule the billing engine
                    // quotes by (decision 132).
                    billing_mode: { type: 'flexible' },
                    ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
                  },
                }
              : { payment_intent_data: { metadata } }),
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
            locale: user.locale,
            branding_settings: branding,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `checkout-${request.sessionId}` },
        ),
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { url: session.url, gatewaySessionId: session.id };
    },
    refund: (_tx, request) => stripeRefund(stripe, request),
    cancelSubscription: (_tx, request) => stripeCancel(stripe, request),
    keepPlan: (_tx, request) => stripeKeep(stripe, request),
    pause: (_tx, request) => stripePause(stripe, request),
    resume: (_tx, request) => stripeResume(stripe, request),
    applyOffer: (_tx, request) => stripeOffer(stripe, request),
    async createPortal({ user, returnUrl, sessionId }) {
      const session = await viaStripe(() =>
        stripe.billingPortal.sessions.create(
          { customer: user.gatewayCustomerId, return_url: returnUrl, locale: user.locale },
          { idempotencyKey: `portal-${sessionId}` },
        ),
      );
      return { url: session.url };
    },
  };
}
