// The one place payment events change the database, for Stripe's signed webhooks and the sandbox's
// events alike; the types it applies are listed once, in handled-events.ts. Each event id is recorded
// in webhook_events in the same transaction as its effects, so a redelivered or concurrently
// delivered event changes nothing the second time. What each event does is in the file named after it:
//   checkout.session.completed            checkout-completed.ts
//   charge.succeeded (one-time purchases) charge-succeeded.ts
//   charge.refunded                       charge-refunded.ts
//   refund.created/updated (the operator's) refund-succeeded.ts
//   customer.subscription.created/updated subscription-updated.ts (its emails: subscription-notices.ts)
//   customer.subscription.deleted         subscription-deleted.ts
//   customer.subscription.trial_will_end  trial-will-end.ts
//   invoice.paid (renewals, plan changes) invoice-paid.ts
//   invoice.payment_failed (renewals)     invoice-payment-failed.ts
// Every email a payment causes is written to the outbox in the same transaction, so it is sent once
// however often the event is delivered.

import type { MemberViews } from '../auth/member-view-cache.ts';
import type { Database, Transaction } from '../db/index.ts';
import type { Mail } from '../mail/mailer.ts';
import { type BillingMail, billingMail } from './billing-mail.ts';
import { chargeRefunded } from './charge-refunded.ts';
import { chargeSucceeded } from './charge-succeeded.ts';
import { checkoutCompleted } from './checkout-completed.ts';
import { type HandledEventType, isHandledEvent } from './handled-events.ts';
import { invoicePaid } from './invoice-paid.ts';
import { invoicePaymentFailed } from './invoice-payment-failed.ts';
import {
  checkoutSessionObject,
  eventEnvelope,
  failedInvoiceObject,
  metadata,
  type ProcessResult,
  paidInvoiceObject,
  parse,
  refundedChargeObject,
  refundObject,
  subscriptionObject,
  succeededChargeObject,
} from './payment-events.ts';
import { recordEvent } from './payments.repository.ts';
import { refundSucceeded } from './refund-succeeded.ts';
import { subscriptionDeleted } from './subscription-deleted.ts';
import { recordSubscriptionFigures } from './subscription-figures.ts';
import { subscriptionUpdated } from './subscription-updated.ts';
import { trialWillEnd } from './trial-will-end.ts';

export type { PaymentEvent, ProcessResult } from './payment-events.ts';
// Read from here by the sandbox's pages too.
export { liveSubscription } from './subscriptions.repository.ts';

/** Events whose object carries metadata of ours when this API created it. */
const OWN_METADATA_TYPES = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
]);

export class PaymentProcessor {
  readonly #db: Database;
  readonly #gateway: 'sandbox' | 'stripe';
  readonly #mail: BillingMail;
  readonly #views: MemberViews;

  constructor(
    db: Database,
    gateway: 'sandbox' | 'stripe',
    mail: Mail,
    publicUrl: string,
    views: MemberViews,
  ) {
    this.#db = db;
    this.#gateway = gateway;
    this.#mail = billingMail(mail, publicUrl);
    this.#views = views;
  }

  /** Applies one event in its own transaction. */
  async process(input: unknown): Promise<ProcessResult> {
    return this.transaction((tx) => this.apply(tx, input));
  }

  /**
   * A transaction in which events are applied (`apply`). Once it has ended, committed or not, the
   * member views this instance kept are forgotten: events are few, and which members they touched
   * is known only inside (decision 097).
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.#db.transaction(work);
    } finally {
      this.#views.forgetAll();
    }
  }

  /** Applies one event inside the caller's transaction, so it commits or rolls back with the caller's own writes. */
  async apply(tx: Transaction, input: unknown): Promise<ProcessResult> {
    const event = parse(eventEnvelope, input, 'event');
    const at = new Date(event.created * 1000);
    const recorded = await recordEvent(tx, {
      id: event.id,
      type: event.type,
      gateway: this.#gateway,
      createdAt: at,
    });
    if (!recorded) return 'duplicate';
    const object = event.data.object;
    // Objects created outside this API (in Stripe's dashboard, by another integration) carry no
    // metadata of ours: acknowledged, not refused, so Stripe does not retry them forever.
    if (!metadata.safeParse(object.metadata).success && OWN_METADATA_TYPES.has(event.type)) return 'ignored';
    const type = event.type;
    if (!isHandledEvent(type)) return 'ignored';
    const result = await this.#applyType(tx, type, object, at);
    // The figures' history follows every change an event made to a subscription (decision 144).
    const subscriptionId = result === 'processed' ? subscriptionOfEvent(type, object) : null;
    if (subscriptionId) await recordSubscriptionFigures(tx, subscriptionId, at);
    return result;
  }

  #applyType(
    tx: Transaction,
    type: HandledEventType,
    object: Record<string, unknown>,
    at: Date,
  ): Promise<ProcessResult> {
    const mail = this.#mail;
    // Typed by HANDLED_EVENT_TYPES: a case that is not in the list does not compile, and a listed
    // type without a case reaches the `never` below.
    switch (type) {
      case 'checkout.session.completed':
        return checkoutCompleted(tx, parse(checkoutSessionObject, object, 'checkout session'), at);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return subscriptionUpdated(tx, mail, parse(subscriptionObject, object, 'subscription'), at);
      case 'customer.subscription.deleted':
        return subscriptionDeleted(tx, mail, parse(subscriptionObject, object, 'subscription'), at);
      case 'customer.subscription.trial_will_end':
        return trialWillEnd(tx, mail, parse(subscriptionObject, object, 'subscription'));
      case 'invoice.paid':
        return invoicePaid(tx, mail, parse(paidInvoiceObject, object, 'invoice'), at);
      case 'invoice.payment_failed':
        return invoicePaymentFailed(tx, mail, parse(failedInvoiceObject, object, 'invoice'));
      case 'charge.succeeded':
        return chargeSucceeded(tx, mail, parse(succeededChargeObject, object, 'charge'), at);
      case 'charge.refunded':
        return chargeRefunded(tx, mail, parse(refundedChargeObject, object, 'charge'), at);
      case 'refund.created':
      case 'refund.updated':
        return refundSucceeded(tx, mail, parse(refundObject, object, 'refund'), at);
      default: {
        const unhandled: never = type;
        throw new Error(`No case for the listed event type ${String(unhandled)}`);
      }
    }
  }
}

/** The subscription an event changes, if any: a subscription event's own, or the one an invoice bills. */
function subscriptionOfEvent(type: HandledEventType, object: Record<string, unknown>): string | null {
  if (type.startsWith('customer.subscription.')) return typeof object.id === 'string' ? object.id : null;
  if (type !== 'invoice.paid' && type !== 'invoice.payment_failed') return null;
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  const id = parent?.subscription_details?.subscription;
  return typeof id === 'string' ? id : null;
}
