// Stripe Checkout and Billing Portal. Line items are built with price_data from our price rows, so
// the amount charged is always the database's and no price needs syncing to Stripe first. The
// coupon is applied as the Stripe coupon of the same id. Every object carries our metadata so its
// events can be tied back to our records.
import Stripe from 'stripe';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';
import { type PaymentGateway, paymentMetadata } from './gateway.ts';

export function stripeClient(config: Config): Stripe {
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    maxNetworkRetries: 2,
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
      throw new HttpError(502, 'The payment provider did not answer. Please try again in a moment.');
    }
    throw error;
  }
}

export function stripeGateway(stripe: Stripe): PaymentGateway {
  return {
    kind: 'stripe',
    async createCheckout(request) {
      const { user, lines, coupon, trialDays, mode } = request;
      const metadata = { ...paymentMetadata(request) };
      const session = await viaStripe(() =>
        stripe.checkout.sessions.create(
          {
            mode,
            line_items: lines.map(({ price }) => ({
              quantity: 1,
              price_data: {
                currency: price.currency,
                unit_amount: price.amount,
                product_data: { name: price.nickname ?? price.id },
                ...(price.type === 'recurring' && price.interval
                  ? { recurring: { interval: price.interval, interval_count: price.intervalCount ?? 1 } }
                  : {}),
              },
            })),
            ...(user.gatewayCustomerId
              ? { customer: user.gatewayCustomerId }
              : { customer_email: user.email }),
            ...(mode === 'payment' && !user.gatewayCustomerId
              ? { customer_creation: 'always' as const }
              : {}),
            client_reference_id: user.id,
            metadata,
            ...(mode === 'subscription'
              ? {
                  subscription_data: { metadata, ...(trialDays > 0 ? { trial_period_days: trialDays } : {}) },
                }
              : { payment_intent_data: { metadata } }),
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
            locale: user.locale,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `checkout-${request.sessionId}` },
        ),
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { url: session.url, gatewaySessionId: session.id };
    },
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
