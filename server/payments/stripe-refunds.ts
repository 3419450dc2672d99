// A refund, a cancellation and a kept plan asked of Stripe (decisions 120 and 133). Stripe answers
// at once and reports the result later by webhook (charge.refunded, customer.subscription.updated/
// deleted), which is what records it: nothing here writes to the database. Each request carries its
// idempotency key, so a retried call makes one refund, one cancellation or one kept plan.
import Stripe from 'stripe';
import { conflict, HttpError } from '../errors.ts';
import type {
  CancelRequest,
  GatewayAnswer,
  KeepRequest,
  OfferRequest,
  PauseRequest,
  RefundRequest,
  ResumeRequest,
} from './gateway.ts';

/**
 * Stripe down or refusing is not the operator's mistake: a 502 to retry, with the same key. A charge
 * Stripe has refunded already (its webhook not yet here, or a refund made in its dashboard) is a 409.
 */
async function viaStripe<T>(call: () => Promise<T>, chargeId?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === 'charge_already_refunded'
    ) {
      throw conflict('admin.alreadyRefunded', { id: chargeId ?? error.charge ?? '' });
    }
    if (error instanceof Stripe.errors.StripeError) throw new HttpError(502, 'billing.providerDown');
    throw error;
  }
}

/**
 * A subscription's charge is recorded under its invoice's id (invoice-paid.ts): Stripe refunds the
 * invoice's payment. A one-time purchase's is the Stripe charge itself.
 */
async function refundTarget(
  stripe: Stripe,
  chargeId: string,
): Promise<{ payment_intent: string } | { charge: string }> {
  if (!chargeId.startsWith('in_')) return { charge: chargeId };
  const payments = await viaStripe(() => stripe.invoicePayments.list({ invoice: chargeId, limit: 10 }));
  const paid = payments.data.find((p) => p.status === 'paid' && p.payment.payment_intent);
  const intent = paid?.payment.payment_intent;
  if (!intent) throw conflict('admin.nothingToRefund', { id: chargeId });
  return { payment_intent: typeof intent === 'string' ? intent : intent.id };
}

export async function stripeRefund(
  stripe: Stripe,
  { charge, idempotencyKey }: RefundRequest,
): Promise<GatewayAnswer> {
  const target = await refundTarget(stripe, charge.id);
  const refund = await viaStripe(
    () =>
      stripe.refunds.create(
        {
          ...target,
          amount: charge.amount,
          metadata: { trainerId: charge.trainerId, userId: charge.userId, chargeId: charge.id },
        },
        { idempotencyKey },
      ),
    charge.id,
  );
  return { gatewayId: refund.id, recorded: false };
}

export async function stripeCancel(
  stripe: Stripe,
  { subscription, atPeriodEnd, idempotencyKey }: CancelRequest,
): Promise<GatewayAnswer> {
  const answer = await viaStripe(() =>
    atPeriodEnd
      ? stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }, { idempotencyKey })
      : // Ended now without a prorated credit: money goes back only by a refund the operator asks for.
        stripe.subscriptions.cancel(subscription.id, { prorate: false }, { idempotencyKey }),
  );
  return { gatewayId: answer.id, recorded: false };
}

/**
 * Keeps the member's plan as Stripe's portal does: the schedule its portal made for a downgrade at
 * the renewal is released (the subscription goes on as it is), and a cancellation at the period's end
 * is undone. Null when the subscription has neither.
 */
export async function stripeKeep(
  stripe: Stripe,
  { subscription, idempotencyKey }: KeepRequest,
): Promise<GatewayAnswer | null> {
  const current = await viaStripe(() => stripe.subscriptions.retrieve(subscription.id));
  const schedule = typeof current.schedule === 'string' ? current.schedule : (current.schedule?.id ?? null);
  if (!schedule && !current.cancel_at_period_end) return null;
  if (schedule) {
    await viaStripe(() =>
      stripe.subscriptionSchedules.release(schedule, {}, { idempotencyKey: `${idempotencyKey}-release` }),
    );
  }
  if (current.cancel_at_period_end) {
    await viaStripe(() =>
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }, { idempotencyKey }),
    );
  }
  return { gatewayId: subscription.id, recorded: false };
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A pause as Stripe pauses payment collection (decision 152): the invoices of the renewals inside it
 * are voided, and collection resumes at `resumes_at`, a renewal of the same cycle, whose invoice is
 * charged. Stripe's `pause_collection` has no start: the metadata carries it (the period paid for
 * keeps its access), and the webhook records both.
 */
export async function stripePause(
  stripe: Stripe,
  { subscription, pause, idempotencyKey }: PauseRequest,
): Promise<GatewayAnswer> {
  const answer = await viaStripe(() =>
    stripe.subscriptions.update(
      subscription.id,
      {
        pause_collection: { behavior: 'void', resumes_at: unix(pause.resumesAt) },
        metadata: { pauseStartsAt: pause.startsAt.toISOString() },
      },
      { idempotencyKey },
    ),
  );
  return { gatewayId: answer.id, recorded: false };
}

/** Collection resumes now: Stripe keeps the billing cycle, so the next renewal is charged as usual. */
export async function stripeResume(
  stripe: Stripe,
  { subscription, idempotencyKey }: ResumeRequest,
): Promise<GatewayAnswer> {
  const answer = await viaStripe(() =>
    stripe.subscriptions.update(
      subscription.id,
      { pause_collection: '', metadata: { pauseStartsAt: '' } },
      { idempotencyKey },
    ),
  );
  return { gatewayId: answer.id, recorded: false };
}

/**
 * The cancel flow's coupon on the subscription, replacing its discount, with nothing prorated: the
 * coupon is the one `stripe check --fix` made in Stripe under the same id.
 */
export async function stripeOffer(
  stripe: Stripe,
  { subscription, coupon, idempotencyKey }: OfferRequest,
): Promise<GatewayAnswer> {
  const answer = await viaStripe(() =>
    stripe.subscriptions.update(
      subscription.id,
      { discounts: [{ coupon: coupon.id }], proration_behavior: 'none' },
      { idempotencyKey },
    ),
  );
  return { gatewayId: answer.id, recorded: false };
}
