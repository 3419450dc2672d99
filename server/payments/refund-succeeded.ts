// refund.created and refund.updated: a refund the operator asked of Stripe (decision 120) names our
// charge in its metadata. Stripe's charge no longer names its invoice, so charge.refunded finds a
// subscription's charge, recorded under its invoice's id, only by this: the refund's own event marks
// it refunded once the refund has succeeded, for the whole charge. Either event may come first; the
// second finds the charge refunded already and changes nothing.
import type { z } from 'zod';
import type { Transaction } from '../db/index.ts';
import type { BillingMail } from './billing-mail.ts';
import { recordRefund } from './charge-refunded.ts';
import { trainerCharge } from './charges.repository.ts';
import type { ProcessResult, refundObject } from './payment-events.ts';

export async function refundSucceeded(
  tx: Transaction,
  mail: BillingMail,
  object: z.infer<typeof refundObject>,
  at: Date,
): Promise<ProcessResult> {
  const { chargeId, trainerId } = object.metadata ?? {};
  if (object.status !== 'succeeded' || !chargeId || !trainerId) return 'ignored';
  const charge = await trainerCharge(tx, trainerId, chargeId);
  // Only a refund of the whole charge is recorded: the charge row is refunded or not, as a whole.
  if (!charge || charge.amount !== object.amount) return 'ignored';
  return recordRefund(tx, mail, charge, at);
}
