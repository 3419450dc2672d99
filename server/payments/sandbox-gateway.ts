// The embedded gateway: hosted pages served by this API (server/sandbox) instead of Stripe's, and
// Stripe-shaped events built from our own records, handed to the same processor as Stripe's.
// Every amount an event carries is computed here with the same pricing functions the hosted pages
// show, so a page, the recorded charge and the receipt agree.
import { randomBytes } from 'node:crypto';
import type { UserRow } from '../auth/authenticate.ts';
import type { checkoutSessions, coupons, subscriptions } from '../db/schema.ts';
import type { PaymentGateway } from './gateway.ts';
import {
  addInterval,
  discountAfterInvoice,
  discountFrom,
  type PricedLine,
  type SubscriptionDiscount,
} from './pricing.ts';
import type { PaymentEvent } from './processor.ts';

export function sandboxGateway(publicUrl: string): PaymentGateway {
  return {
    kind: 'sandbox',
    createCheckout: async ({ sessionId }) => ({
      url: `${publicUrl}/sandbox/checkout/${sessionId}`,
      gatewaySessionId: sessionId,
    }),
    createPortal: async ({ sessionId }) => ({ url: `${publicUrl}/sandbox/portal/${sessionId}` }),
    createPlanChange: async ({ sessionId }) => ({ url: `${publicUrl}/sandbox/portal/${sessionId}/change` }),
  };
}

export const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('base64url')}`;
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function event(
  type: string,
  now: Date,
  object: Record<string, unknown>,
  id = sandboxId('evt'),
): PaymentEvent {
  return { id, type, created: seconds(now), data: { object } };
}

export interface Card {
  brand: string;
  last4: string;
}

type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;

interface Metadata {
  trainerId: string;
  userId: string;
  priceIds: string;
  checkoutSessionId?: string;
  scheduledPriceId?: string;
  campaign?: string;
}

function metadataOf(session: CheckoutSessionRow): Metadata {
  return {
    trainerId: session.trainerId,
    userId: session.userId,
    checkoutSessionId: session.id,
    priceIds: session.priceIds.join(','),
    ...(session.campaign ? { campaign: session.campaign } : {}),
  };
}

const paymentMethod = (card: Card) => ({ object: 'payment_method', type: 'card', card });

/** The card a label such as 'Visa •••• 0341' stands for. */
export function cardOf(label: string | null): Card {
  const match = /^(\w+) •••• (\d{4})$/.exec(label ?? '');
  return match
    ? { brand: (match[1] ?? 'visa').toLowerCase(), last4: match[2] ?? '' }
    : { brand: 'visa', last4: '4242' };
}

/** The state of a subscription an event describes, in Stripe's shape. */
export interface SubscriptionState {
  id: string;
  status: SubscriptionRow['status'];
  priceId: string;
  periodStart: Date;
  periodEnd: Date;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Undefined leaves the recorded discount as it is. */
  discount?: SubscriptionDiscount | null;
  card?: Card;
  scheduledPriceId?: string | null;
  metadata: Metadata;
}

export function subscriptionObject(s: SubscriptionState): Record<string, unknown> {
  const { scheduledPriceId, ...meta } = s.metadata;
  return {
    id: s.id,
    object: 'subscription',
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    trial_end: s.trialEnd ? seconds(s.trialEnd) : null,
    items: {
      data: [
        {
          price: { id: s.priceId },
          current_period_start: seconds(s.periodStart),
          current_period_end: seconds(s.periodEnd),
        },
      ],
    },
    ...(s.discount !== undefined
      ? {
          discount: s.discount
            ? { coupon: { id: s.discount.coupon.id }, end: s.discount.end ? seconds(s.discount.end) : null }
            : null,
        }
      : {}),
    ...(s.card ? { default_payment_method: paymentMethod(s.card) } : {}),
    metadata: {
      ...meta,
      priceIds: s.priceId,
      ...((scheduledPriceId ?? s.scheduledPriceId)
        ? { scheduledPriceId: scheduledPriceId ?? s.scheduledPriceId }
        : {}),
    },
  };
}

/** The state recorded for a subscription, to describe its next move from. */
export function stateOf(sub: SubscriptionRow, coupon: CouponRow | null): SubscriptionState {
  return {
    id: sub.id,
    status: sub.status,
    priceId: sub.priceId,
    periodStart: sub.currentPeriodStart ?? sub.createdAt,
    periodEnd: sub.currentPeriodEnd,
    trialEnd: sub.trialEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    discount: coupon ? { coupon, end: sub.discountEnd } : null,
    card: cardOf(sub.paymentMethod),
    scheduledPriceId: sub.scheduledPriceId,
    metadata: { trainerId: sub.trainerId, userId: sub.userId, priceIds: sub.priceId },
  };
}

export function invoicePaidEvent(input: {
  id: string;
  subscription: SubscriptionState;
  amount: number;
  currency: string;
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  card: Card;
  now: Date;
  eventId?: string;
}): PaymentEvent {
  const { subscription: s } = input;
  return event(
    'invoice.paid',
    input.now,
    {
      id: input.id,
      object: 'invoice',
      amount_paid: input.amount,
      currency: input.currency,
      billing_reason: input.reason,
      parent: {
        subscription_details: { subscription: s.id, metadata: { ...s.metadata, priceIds: s.priceId } },
      },
      default_payment_method: paymentMethod(input.card),
    },
    input.eventId,
  );
}

export function invoiceFailedEvent(input: {
  id: string;
  subscription: SubscriptionState;
  amountDue: number;
  currency: string;
  attempt: number;
  nextAttempt: Date | null;
  now: Date;
  eventId?: string;
}): PaymentEvent {
  const { subscription: s } = input;
  return event(
    'invoice.payment_failed',
    input.now,
    {
      id: input.id,
      object: 'invoice',
      amount_due: input.amountDue,
      currency: input.currency,
      attempt_count: input.attempt,
      next_payment_attempt: input.nextAttempt ? seconds(input.nextAttempt) : null,
      parent: {
        subscription_details: { subscription: s.id, metadata: { ...s.metadata, priceIds: s.priceId } },
      },
    },
    input.eventId,
  );
}

/** The events Stripe sends when a hosted checkout is paid, in the order Stripe usually sends them. */
export function checkoutPaidEvents(input: {
  session: CheckoutSessionRow;
  user: UserRow;
  lines: PricedLine[];
  coupon: CouponRow | null;
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
    const discount = discountFrom(input.coupon, now);
    const subscription: SubscriptionState = {
      id: sandboxId('sub'),
      status: trialEnd ? 'trialing' : 'active',
      priceId: recurring.price.id,
      periodStart: now,
      periodEnd: trialEnd ?? addInterval(now, recurring.price.interval, recurring.price.intervalCount ?? 1),
      trialEnd,
      cancelAtPeriodEnd: false,
      // A `once` coupon is used by the first invoice that charges something.
      discount: trialEnd ? discount : discountAfterInvoice(discount, now),
      card,
      metadata,
    };
    events.push(
      event('customer.subscription.created', now, { ...subscriptionObject(subscription), customer }),
      invoicePaidEvent({
        id: sandboxId('in'),
        subscription,
        amount: dueNow,
        currency,
        reason: 'subscription_create',
        card,
        now,
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
export function cancelAtPeriodEndEvent(state: SubscriptionState, now: Date): PaymentEvent {
  return event(
    'customer.subscription.updated',
    now,
    subscriptionObject({ ...state, cancelAtPeriodEnd: true }),
  );
}

/** What Stripe sends when a charge is refunded in full. */
export function chargeRefundedEvent(
  charge: { id: string; invoiceId: string | null; amount: number; currency: string },
  now: Date,
): PaymentEvent {
  return event('charge.refunded', now, {
    id: charge.id,
    object: 'charge',
    invoice: charge.invoiceId,
    amount: charge.amount,
    amount_refunded: charge.amount,
    currency: charge.currency,
    refunded: true,
  });
}
