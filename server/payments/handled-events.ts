// The Stripe events the processor applies: one list, which the processor's switch is typed by (a
// case not listed here does not compile, and a listed type without a case fails the exhaustiveness
// check), which `trainer stripe check` compares with the site's webhook endpoint in Stripe, and which
// docs/deploy.md names. Any other event is acknowledged and ignored.

/** Where Stripe sends the events: the contract's `stripeWebhook` operation. */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'charge.succeeded',
  'charge.refunded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'refund.created',
  'refund.updated',
] as const;

export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

export function isHandledEvent(type: string): type is HandledEventType {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(type);
}

/** The address Stripe must send the site's events to. */
export function webhookUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}${STRIPE_WEBHOOK_PATH}`;
}
