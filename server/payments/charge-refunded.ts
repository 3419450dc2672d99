// charge.refunded: a refund marks the charge it refunds, found by the charge's id (one-time
// purchases, each line of a multi-line one) or by its invoice (subscription charges are recorded
// per invoice). A refunded one-time product is no longer held; a refunded period is not credited
// by a later plan change (billing-terms.ts).
import type { z } from 'zod';
import type { Transaction } from '../db/index.ts';
import { refundCharges } from './charges.repository.ts';
import type { ProcessResult, refundedChargeObject } from './payment-events.ts';

export async function chargeRefunded(
  tx: Transaction,
  object: z.infer<typeof refundedChargeObject>,
  at: Date,
): Promise<ProcessResult> {
  if (!object.refunded) return 'ignored';
  const refunded = await refundCharges(tx, object.id, object.invoice ?? null, at);
  return refunded.length > 0 ? 'processed' : 'ignored';
}
