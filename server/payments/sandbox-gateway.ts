// The embedded gateway: hosted pages served by this API (server/sandbox) instead of Stripe's, and
// Stripe-shaped events built from our own records, handed to the same processor as Stripe's.
import { randomBytes } from 'node:crypto';
import type { UserRow } from '../auth/authenticate.ts';
import type { checkoutSessions, subscriptions } from '../db/schema.ts';
import type { PaymentGateway } from './gateway.ts';
import { addInterval, type PricedLine } from './pricing.ts';
import type { PaymentEvent } from './processor.ts';

export function sandboxGateway(publicUrl: string): PaymentGateway {
  return {
    kind: 'sandbox',
    createCheckout: async ({ sessionId }) => ({
      url: `${publicUrl}/sandbox/checkout/${sessionId}`,
      gatewaySessionId: sessionId,
    }),
    createPortal: async ({ sessionId }) => ({ url: `${publicUrl}/sandbox/portal/${sessionId}` }),
  };
}

const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('base64url')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function event(type: string, now: Date, object: Record<string, unknown>): PaymentEvent {
  return { id: sandboxId('evt'), type, created: seconds(now), data: { object } };
}

export interface Card {
  brand: string;
  last4: string;
}

type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

function metadataOf(session: CheckoutSessionRow) {
  return {
    trainerId: session.trainerId,
    userId: session.userId,
    checkoutSessionId: session.id,
    priceIds: session.priceIds.join(','),
    ...(session.campaign ? { campaign: session.campaign } : {}),
  };
}

/** The events Stripe sends when a hosted checkout is paid, in the order Stripe usually sends them. */
export function checkoutPaidEvents(input: {
  session: CheckoutSessionRow;
  user: UserRow;
  lines: PricedLine[];
  card: Card;
  now: Date;
}): PaymentEvent[] {
  const { session, user, lines, card, now } = input;
  const customer = user.gatewayCustomerId ?? sandboxId('cus');
  const metadata = metadataOf(session);
  const recurring = lines.find((l) => l.price.type === 'recurring');
  const trialEnd = recurring && session.trialDays > 0 ? addInterval(now, 'day', session.trialDays) : null;
  const dueNow = trialEnd ? 0 : lines.reduce((sum, l) => sum + l.amount, 0);
  const currency = lines[0]?.price.currency ?? 'usd';
  const events = [
    event('checkout.session.completed', now, {
      id: session.gatewaySessionId ?? session.id,
      object: 'checkout.session',
      customer,
      mode: recurring ? 'subscription' : 'payment',
      payment_status: dueNow === 0 ? 'no_payment_required' : 'paid',
      amount_total: dueNow,
      currency,
      metadata,
    }),
  ];
  if (recurring) {
    const subscriptionId = sandboxId('sub');
    const periodEnd =
      trialEnd ?? addInterval(now, recurring.price.interval, recurring.price.intervalCount ?? 1);
    events.push(
      event('customer.subscription.created', now, {
        id: subscriptionId,
        object: 'subscription',
        customer,
        status: trialEnd ? 'trialing' : 'active',
        cancel_at_period_end: false,
        trial_end: trialEnd ? seconds(trialEnd) : null,
        items: {
          data: [{ price: { id: recurring.price.id }, current_period_end: seconds(periodEnd) }],
        },
        metadata,
      }),
      event('invoice.paid', now, {
        id: sandboxId('in'),
        object: 'invoice',
        customer,
        amount_paid: dueNow,
        currency,
        billing_reason: 'subscription_create',
        parent: { subscription_details: { subscription: subscriptionId, metadata } },
        default_payment_method: { object: 'payment_method', type: 'card', card },
      }),
    );
  } else {
    events.push(
      event('charge.succeeded', now, {
        id: sandboxId('ch'),
        object: 'charge',
        customer,
        amount: dueNow,
        currency,
        paid: true,
        metadata,
        payment_method_details: { type: 'card', card },
      }),
    );
  }
  return events;
}

/** What the Stripe billing portal sends when a member cancels at the end of the period. */
export function cancelAtPeriodEndEvent(subscription: SubscriptionRow, now: Date): PaymentEvent {
  return event('customer.subscription.updated', now, {
    id: subscription.id,
    object: 'subscription',
    status: subscription.status,
    cancel_at_period_end: true,
    trial_end: subscription.trialEnd ? seconds(subscription.trialEnd) : null,
    items: {
      data: [
        { price: { id: subscription.priceId }, current_period_end: seconds(subscription.currentPeriodEnd) },
      ],
    },
    metadata: {
      trainerId: subscription.trainerId,
      userId: subscription.userId,
      priceIds: subscription.priceId,
    },
  });
}
