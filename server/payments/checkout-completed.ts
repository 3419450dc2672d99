// checkout.session.completed: the member finished a hosted checkout. The session is closed and the
// member keeps the gateway's customer and, if the checkout had one, the fact of their one trial.
// What they bought is granted by the events that follow: the subscription's, or charge.succeeded.
// A payment on Stripe's own page, which stored no promise of ours, keeps what Stripe charged and its
// tax for the charge it pays (decision 173).
import type { z } from 'zod';
import type { Transaction } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { eventMember, eventSession } from './event-lookups.ts';
import type { checkoutSessionObject, ProcessResult } from './payment-events.ts';
import { completeCheckoutSession, storeSessionQuote, updateMember } from './payments.repository.ts';
import { type StripeCharged, storedCheckoutPromise } from './promises.ts';

export async function checkoutCompleted(
  tx: Transaction,
  object: z.infer<typeof checkoutSessionObject>,
  at: Date,
): Promise<ProcessResult> {
  const user = await eventMember(tx, object.metadata);
  const session = await eventSession(tx, object.metadata);
  if (!session) throw badRequest('events.sessionWithoutId');
  await completeCheckoutSession(tx, session.id, at, object.id);
  if (object.mode === 'payment' && !storedCheckoutPromise(session.quote) && object.amount_total != null) {
    const charged: StripeCharged = {
      total: object.amount_total,
      tax: object.total_details?.amount_tax ?? 0,
    };
    await storeSessionQuote(tx, session.id, { charged });
  }
  await updateMember(tx, user.id, {
    gatewayCustomerId: object.customer ?? user.gatewayCustomerId,
    hadTrial: user.hadTrial || session.trialDays > 0,
  });
  return 'processed';
}
