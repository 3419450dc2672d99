// A refund, a cancellation and a kept plan in the sandbox, for the portal's member, the operator and
// the member who chooses their plan again (decision 133): each is the event Stripe would send, applied by the processor in the caller's transaction, so what the
// event handlers record (charge-refunded.ts, subscription-updated.ts) is the only record of it. The
// event's id is made from the request's idempotency key: a retry is a duplicate event, recorded once.
import { keepable } from '../../domain/billing/period-end.ts';
import type { Transaction } from '../db/index.ts';
import { subscriptionTerms } from '../payments/billing-terms.ts';
import type { CancelRequest, GatewayAnswer, KeepRequest, RefundRequest } from '../payments/gateway.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import { lockMember } from './sandbox.repository.ts';
import { clockNow } from './sandbox-clock.ts';
import { chargeRefundedEvent, sandboxSubscription, subscriptionEvent } from './sandbox-events.ts';

const eventId = (idempotencyKey: string) => `evt_sandbox_${idempotencyKey}`;

export async function sandboxRefund(
  processor: PaymentProcessor,
  tx: Transaction,
  { charge, idempotencyKey }: RefundRequest,
): Promise<GatewayAnswer> {
  await lockMember(tx, charge.userId);
  const now = await clockNow(tx, charge.userId);
  await processor.apply(tx, chargeRefundedEvent(charge, now, eventId(idempotencyKey)));
  return { gatewayId: `re_sandbox_${charge.id}`, recorded: true };
}

export async function sandboxCancel(
  processor: PaymentProcessor,
  tx: Transaction,
  { subscription: sub, atPeriodEnd, idempotencyKey }: CancelRequest,
): Promise<GatewayAnswer> {
  await lockMember(tx, sub.userId);
  const now = await clockNow(tx, sub.userId);
  const current = sandboxSubscription(sub, await subscriptionTerms(tx, sub));
  const event = atPeriodEnd
    ? subscriptionEvent(
        'customer.subscription.updated',
        { ...current, terms: { ...current.terms, cancelAtPeriodEnd: true } },
        now,
        eventId(idempotencyKey),
      )
    : subscriptionEvent(
        'customer.subscription.deleted',
        { ...current, terms: { ...current.terms, status: 'canceled' } },
        now,
        eventId(idempotencyKey),
      );
  await processor.apply(tx, event);
  return { gatewayId: sub.id, recorded: true };
}

/** Drops what the member scheduled (a change at the renewal, or the end); null when there is nothing. */
export async function sandboxKeep(
  processor: PaymentProcessor,
  tx: Transaction,
  { subscription: sub, idempotencyKey }: KeepRequest,
): Promise<GatewayAnswer | null> {
  if (!keepable({ cancelAtPeriodEnd: sub.cancelAtPeriodEnd, scheduled: sub.scheduledPriceId })) return null;
  await lockMember(tx, sub.userId);
  const now = await clockNow(tx, sub.userId);
  const current = sandboxSubscription(sub, await subscriptionTerms(tx, sub));
  const kept = { ...current, terms: { ...current.terms, cancelAtPeriodEnd: false, scheduledPrice: null } };
  await processor.apply(
    tx,
    subscriptionEvent('customer.subscription.updated', kept, now, eventId(idempotencyKey)),
  );
  return { gatewayId: sub.id, recorded: true };
}
