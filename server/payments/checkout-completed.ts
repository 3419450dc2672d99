// checkout.session.completed: the member finished a hosted checkout. The session is closed and the
// member keeps the gateway's customer and, if the checkout had one, the fact of their one trial.
// What they bought is granted by the events that follow: the subscription's, or charge.succeeded.
import type { z } from 'zod';
import type { Transaction } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { eventMember, eventSession } from './event-lookups.ts';
import type { checkoutSessionObject, ProcessResult } from './payment-events.ts';
import { completeCheckoutSession, updateMember } from './payments.repository.ts';

export async function checkoutCompleted(
  tx: Transaction,
  object: z.infer<typeof checkoutSessionObject>,
  at: Date,
): Promise<ProcessResult> {
  const user = await eventMember(tx, object.metadata);
  const session = await eventSession(tx, object.metadata);
  if (!session) throw badRequest('events.sessionWithoutId');
  await completeCheckoutSession(tx, session.id, at, object.id);
  await updateMember(tx, user.id, {
    gatewayCustomerId: object.customer ?? user.gatewayCustomerId,
    hadTrial: user.hadTrial || session.trialDays > 0,
  });
  return 'processed';
}
