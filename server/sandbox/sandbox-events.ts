// The events the sandbox sends, in Stripe's shape: built from the billing engine's terms and handed
// to the same processor as Stripe's. Every amount an event carries is one the engine computed for a
// page the member was shown.
import { randomBytes } from 'node:crypto';
import type { CheckoutQuote } from '../../domain/billing/quotes.ts';
import type { SubscriptionTerms } from '../../domain/billing/subscriptions.ts';
import type { checkoutSessions, subscriptions, UserRow } from '../db/schema.ts';
import type { PaymentEvent } from '../payments/processor.ts';
import type { TaxPromise } from '../payments/taxes.ts';

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

export interface Metadata {
  trainerId: string;
  userId: string;
  priceIds: string;
  checkoutSessionId?: string;
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

/** One subscription as an event describes it: the engine's terms, and what ties it to our records. */
export interface SandboxSubscription {
  id: string;
  terms: SubscriptionTerms;
  card: Card;
  metadata: Metadata;
}

/** The subscription recorded in a row, to describe its next move from. */
export function sandboxSubscription(sub: SubscriptionRow, terms: SubscriptionTerms): SandboxSubscription {
  return {
    id: sub.id,
    terms,
    card: cardOf(sub.paymentMethod),
    metadata: { trainerId: sub.trainerId, userId: sub.userId, priceIds: sub.priceId },
  };
}

/** The subscription in Stripe's shape. */
export function subscriptionObject(s: SandboxSubscription): Record<string, unknown> {
  const { terms } = s;
  return {
    id: s.id,
    object: 'subscription',
    status: terms.status,
    cancel_at_period_end: terms.cancelAtPeriodEnd,
    trial_end: terms.trialEnd ? seconds(terms.trialEnd) : null,
    billing_cycle_anchor: seconds(terms.anchor),
    items: {
      data: [
        {
          price: { id: terms.price.id },
          current_period_start: seconds(terms.periodStart),
          current_period_end: seconds(terms.periodEnd),
        },
      ],
    },
    discount: terms.discount
      ? {
          coupon: { id: terms.discount.coupon.id },
          end: terms.discount.end ? seconds(terms.discount.end) : null,
        }
      : null,
    default_payment_method: paymentMethod(s.card),
    // Stripe's pause of payment collection: the renewals inside it are voided (decision 152).
    pause_collection: terms.pause ? { behavior: 'void', resumes_at: seconds(terms.pause.resumesAt) } : null,
    metadata: {
      ...s.metadata,
      priceIds: terms.price.id,
      ...(terms.scheduledPrice ? { scheduledPriceId: terms.scheduledPrice.id } : {}),
      ...(terms.pause ? { pauseStartsAt: terms.pause.startsAt.toISOString() } : {}),
    },
  };
}

export function subscriptionEvent(
  type:
    | 'customer.subscription.created'
    | 'customer.subscription.updated'
    | 'customer.subscription.deleted'
    | 'customer.subscription.paused'
    | 'customer.subscription.resumed',
  s: SandboxSubscription,
  now: Date,
  id?: string,
): PaymentEvent {
  return event(type, now, subscriptionObject(s), id);
}

/**
 * An invoice of the subscription, paid. Its lines say what the period is worth (the plan's line) and
 * what was credited from the plan it replaced (a proration line), as Stripe's invoices do.
 */
export function invoicePaidEvent(input: {
  id: string;
  subscription: SandboxSubscription;
  /** The plan's line: what the period is billed at. */
  planAmount: number;
  /** Unused time of the previous plan, credited. */
  credit?: number;
  /** The tax on what is due (decision 173), in Stripe's `total_taxes` shape; none when absent. */
  tax?: { amount: number; mode: TaxPromise['mode'] } | null;
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  now: Date;
  eventId?: string;
}): PaymentEvent {
  const { subscription: s } = input;
  const credit = input.credit ?? 0;
  const tax = input.tax ?? null;
  const added = tax?.mode === 'exclusive' ? tax.amount : 0;
  return event(
    'invoice.paid',
    input.now,
    {
      id: input.id,
      object: 'invoice',
      amount_paid: input.planAmount - credit + added,
      ...(tax ? { total_taxes: [{ amount: tax.amount, tax_behavior: tax.mode }] } : {}),
      currency: s.terms.price.currency,
      billing_reason: input.reason,
      lines: {
        data: [
          { amount: input.planAmount, proration: false },
          ...(credit > 0 ? [{ amount: -credit, proration: true }] : []),
        ],
      },
      parent: {
        subscription_details: {
          subscription: s.id,
          metadata: { ...s.metadata, priceIds: s.terms.price.id },
        },
      },
      default_payment_method: paymentMethod(s.card),
    },
    input.eventId,
  );
}

/** A renewal's invoice, declined: as Stripe's, `amount_due` is its total, tax included, its line beside it. */
export function invoiceFailedEvent(input: {
  id: string;
  subscription: SandboxSubscription;
  /** The plan's line: what the period is billed at. */
  planAmount: number;
  /** The tax on it (decision 173), in Stripe's `total_taxes` shape; none when absent. */
  tax?: { amount: number; mode: TaxPromise['mode'] } | null;
  attempt: number;
  nextAttempt: Date | null;
  now: Date;
  eventId?: string;
}): PaymentEvent {
  const { subscription: s } = input;
  const tax = input.tax ?? null;
  return event(
    'invoice.payment_failed',
    input.now,
    {
      id: input.id,
      object: 'invoice',
      amount_due: input.planAmount + (tax?.mode === 'exclusive' ? tax.amount : 0),
      ...(tax ? { total_taxes: [{ amount: tax.amount, tax_behavior: tax.mode }] } : {}),
      lines: { data: [{ amount: input.planAmount, proration: false }] },
      billing_reason: 'subscription_cycle',
      currency: s.terms.price.currency,
      attempt_count: input.attempt,
      next_payment_attempt: input.nextAttempt ? seconds(input.nextAttempt) : null,
      parent: {
        subscription_details: {
          subscription: s.id,
          metadata: { ...s.metadata, priceIds: s.terms.price.id },
        },
      },
    },
    input.eventId,
  );
}

/** The events Stripe sends when a hosted checkout is paid, in the order Stripe usually sends them. */
export function checkoutPaidEvents(input: {
  session: CheckoutSessionRow;
  user: UserRow;
  quote: CheckoutQuote;
  /** The tax the page stated; the amounts charged are its totals. */
  tax?: TaxPromise | undefined;
  card: Card;
  now: Date;
}): PaymentEvent[] {
  const { session, user, quote, card, now, tax } = input;
  const total = tax?.dueToday.total ?? quote.dueToday;
  const customer = user.gatewayCustomerId ?? sandboxId('cus');
  const metadata = metadataOf(session);
  const events = [
    event('checkout.session.completed', now, {
      id: session.gatewaySessionId ?? session.id,
      object: 'checkout.session',
      customer,
      mode: quote.subscription ? 'subscription' : 'payment',
      payment_status: total === 0 ? 'no_payment_required' : 'paid',
      amount_total: total,
      ...(tax ? { total_details: { amount_tax: tax.dueToday.tax } } : {}),
      currency: quote.currency,
      metadata,
    }),
  ];
  if (quote.subscription) {
    const subscription: SandboxSubscription = {
      id: sandboxId('sub'),
      terms: quote.subscription.terms,
      card,
      metadata,
    };
    events.push(
      event('customer.subscription.created', now, { ...subscriptionObject(subscription), customer }),
      invoicePaidEvent({
        id: sandboxId('in'),
        subscription,
        planAmount: quote.dueToday,
        tax: tax && { amount: tax.dueToday.tax, mode: tax.mode },
        reason: 'subscription_create',
        now,
      }),
    );
  } else {
    events.push(
      event('charge.succeeded', now, {
        id: sandboxId('ch'),
        object: 'charge',
        customer,
        amount: total,
        currency: quote.currency,
        paid: true,
        metadata,
        payment_method_details: { type: 'card', card },
      }),
    );
  }
  return events;
}

/** What Stripe sends when a charge is refunded in full. */
export function chargeRefundedEvent(
  charge: { id: string; invoiceId: string | null; amount: number; currency: string },
  now: Date,
  id?: string,
): PaymentEvent {
  return event(
    'charge.refunded',
    now,
    {
      id: charge.id,
      object: 'charge',
      invoice: charge.invoiceId,
      amount: charge.amount,
      amount_refunded: charge.amount,
      currency: charge.currency,
      refunded: true,
    },
    id,
  );
}
