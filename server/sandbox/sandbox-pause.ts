// A pause, its early end and the cancel flow's coupon in the sandbox (decisions 152, 153): each is
// the `customer.subscription.updated` event Stripe would send for the change, applied by the processor
// in the caller's transaction, so what subscription-updated.ts records is the only record of it. The
// pause's beginning and its end at the planned date are the test clock's (sandbox-clock.ts).

import { discountStarting } from '../../domain/billing/discounts.ts';
import { resumeNow } from '../../domain/billing/pause.ts';
import type { Transaction } from '../db/index.ts';
import { couponTerms, subscriptionTerms } from '../payments/billing-terms.ts';
import type { GatewayAnswer, OfferRequest, PauseRequest, ResumeRequest } from '../payments/gateway.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import { lockMember } from './sandbox.repository.ts';
import { clockNow } from './sandbox-clock.ts';
import { sandboxSubscription, subscriptionEvent } from './sandbox-events.ts';

const eventId = (idempotencyKey: string) => `evt_sandbox_${idempotencyKey}`;

export async function sandboxPause(
  processor: PaymentProcessor,
  tx: Transaction,
  { subscription: sub, pause, idempotencyKey }: PauseRequest,
): Promise<GatewayAnswer> {
  await lockMember(tx, sub.userId);
  const now = await clockNow(tx, sub.userId);
  const current = sandboxSubscription(sub, await subscriptionTerms(tx, sub));
  const planned = { ...current, terms: { ...current.terms, pause } };
  await processor.apply(
    tx,
    subscriptionEvent('customer.subscription.updated', planned, now, eventId(idempotencyKey)),
  );
  return { gatewayId: sub.id, recorded: true };
}

export async function sandboxResume(
  processor: PaymentProcessor,
  tx: Transaction,
  { subscription: sub, idempotencyKey }: ResumeRequest,
): Promise<GatewayAnswer> {
  await lockMember(tx, sub.userId);
  const now = await clockNow(tx, sub.userId);
  const current = sandboxSubscription(sub, await subscriptionTerms(tx, sub));
  const terms = resumeNow(current.terms, now);
  if (!terms) return { gatewayId: sub.id, recorded: true };
  // A pause under way ends with Stripe's `resumed`; one not begun is only dropped.
  const type =
    current.terms.status === 'paused' ? 'customer.subscription.resumed' : 'customer.subscription.updated';
  await processor.apply(tx, subscriptionEvent(type, { ...current, terms }, now, eventId(idempotencyKey)));
  return { gatewayId: sub.id, recorded: true };
}

export async function sandboxOffer(
  processor: PaymentProcessor,
  tx: Transaction,
  { subscription: sub, coupon, idempotencyKey }: OfferRequest,
): Promise<GatewayAnswer> {
  await lockMember(tx, sub.userId);
  const now = await clockNow(tx, sub.userId);
  const current = sandboxSubscription(sub, await subscriptionTerms(tx, sub));
  const discounted = {
    ...current,
    terms: { ...current.terms, discount: discountStarting(couponTerms(coupon), now) },
  };
  await processor.apply(
    tx,
    subscriptionEvent('customer.subscription.updated', discounted, now, eventId(idempotencyKey)),
  );
  return { gatewayId: sub.id, recorded: true };
}
