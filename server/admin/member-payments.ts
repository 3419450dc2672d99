// A refund or a cancellation the operator asks for (decision 120). Neither writes a charge or a
// subscription itself: the payment gateway is asked, exactly as the billing portal asks it, and its
// event, applied by the processor (charge-refunded.ts, subscription-updated.ts, -deleted.ts), is the
// one record of the result and the one sender of the member's email. The sandbox sends its event at
// once, inside this transaction; Stripe's webhook comes after, and the answer says it is pending.
// What may not be done is refused before the gateway hears of it; the audit row commits with the rest.
import { amountWithCode as money } from '../../domain/billing/major-units.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { cancelKey, refundKey } from '../payments/gateway.ts';
import { LIVE_STATUSES } from '../payments/subscriptions.repository.ts';
import { type Actor, auditChange } from './audit.ts';
import {
  type ChargeRow,
  findCharge,
  findSubscription,
  lockMemberRow,
  type SubscriptionRow,
  siblingLines,
} from './members.repository.ts';
import { type AdminCharge, type AdminSubscription, toAdminCharge, toAdminSubscription } from './members.ts';

/** Refuses a refund the charge cannot take: each refusal says why, and nothing has changed. */
export function refuseRefund(charge: ChargeRow, amount: number | undefined, otherLines: number): void {
  const { id } = charge;
  if (charge.refunded) throw conflict('admin.alreadyRefunded', { id });
  if (!charge.paid) throw conflict('admin.chargeUnpaid', { id });
  if (amount !== undefined && amount !== charge.amount) {
    const values = {
      id,
      charged: money(charge.amount, charge.currency),
      amount: money(amount, charge.currency),
    };
    // A charge is recorded as refunded or not, as a whole (charge-refunded.ts): a part refunded
    // would leave the database saying something the gateway does not.
    if (amount > charge.amount) throw badRequest('admin.refundOverCharge', values);
    throw badRequest('admin.partialRefund', values);
  }
  // The gateway refunds the payment, every line of it, while the lines are recorded one by one.
  if (otherLines > 0) throw conflict('admin.chargeLine', { id });
}

/** Refuses a cancellation of a subscription that has ended or is already set to. */
export function refuseCancel(sub: SubscriptionRow, atPeriodEnd: boolean): void {
  const { id } = sub;
  if (sub.status === 'canceled') throw conflict('admin.subscriptionEnded', { id });
  if (!LIVE_STATUSES.has(sub.status)) throw conflict('admin.subscriptionNotLive', { id, status: sub.status });
  if (atPeriodEnd && sub.cancelAtPeriodEnd) {
    throw conflict('admin.cancelScheduled', { id, date: sub.currentPeriodEnd.toISOString().slice(0, 10) });
  }
}

export async function refundCharge(
  context: ServerContext,
  caller: Actor,
  trainerId: string,
  chargeId: string,
  input: { amount?: number },
): Promise<{ charge: AdminCharge; pending: boolean }> {
  const { db, payments } = context;
  const unknown = () => notFound('admin.unknownCharge', { trainerId, id: chargeId });
  const found = await findCharge(db, trainerId, chargeId);
  if (!found) throw unknown();
  return payments.processor.transaction(async (tx) => {
    await lockMemberRow(tx, found.userId);
    const charge = await findCharge(tx, trainerId, chargeId, true);
    if (!charge) throw unknown();
    refuseRefund(charge, input.amount, await siblingLines(tx, charge));
    const answer = await payments.gateway.refund(tx, { charge, idempotencyKey: refundKey(charge) });
    const after = toAdminCharge((await findCharge(tx, trainerId, chargeId)) ?? charge);
    await auditChange(tx, caller, trainerId, 'adminRefundCharge', chargeId, toAdminCharge(charge), {
      ...after,
      gateway: answer,
    });
    return { charge: after, pending: !answer.recorded };
  });
}

export async function cancelSubscription(
  context: ServerContext,
  caller: Actor,
  trainerId: string,
  subscriptionId: string,
  input: { atPeriodEnd?: boolean },
): Promise<{ subscription: AdminSubscription; pending: boolean }> {
  const { db, payments } = context;
  const atPeriodEnd = input.atPeriodEnd ?? false;
  const unknown = () => notFound('admin.unknownSubscription', { trainerId, id: subscriptionId });
  const found = await findSubscription(db, trainerId, subscriptionId);
  if (!found) throw unknown();
  return payments.processor.transaction(async (tx) => {
    await lockMemberRow(tx, found.sub.userId);
    const row = await findSubscription(tx, trainerId, subscriptionId, true);
    if (!row) throw unknown();
    refuseCancel(row.sub, atPeriodEnd);
    const answer = await payments.gateway.cancelSubscription(tx, {
      subscription: row.sub,
      atPeriodEnd,
      idempotencyKey: cancelKey(row.sub, atPeriodEnd),
    });
    const after = toAdminSubscription((await findSubscription(tx, trainerId, subscriptionId)) ?? row);
    const before = toAdminSubscription(row);
    await auditChange(tx, caller, trainerId, 'adminCancelSubscription', subscriptionId, before, {
      ...after,
      atPeriodEnd,
      gateway: answer,
    });
    return { subscription: after, pending: !answer.recorded };
  });
}
