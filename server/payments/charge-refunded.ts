// charge.refunded: a refund marks the charge it refunds, found by the charge's id (one-time
// purchases, each line of a multi-line one) or by its invoice (subscription charges are recorded
// per invoice). A refunded one-time product is no longer held; a refunded period is not credited
// by a later plan change (billing-terms.ts). Each charge newly refunded gets its email, which says
// what the member can still open (decision 138); a repeated event refunds nothing and sends nothing.
import type { z } from 'zod';
import type { Transaction } from '../db/index.ts';
import { issueCreditNote } from '../invoices/issue-invoices.ts';
import { accessAfter } from '../library/access-after.ts';
import type { BillingMail } from './billing-mail.ts';
import { refundCharges } from './charges.repository.ts';
import { planNickname } from './event-lookups.ts';
import type { ProcessResult, refundedChargeObject } from './payment-events.ts';
import { memberById, pricesByIds } from './payments.repository.ts';

/** Records the refund of a charge (and its lines or invoice), and tells the member. */
export async function recordRefund(
  tx: Transaction,
  mail: BillingMail,
  charge: { id: string; invoiceId: string | null },
  at: Date,
): Promise<ProcessResult> {
  const refunded = await refundCharges(tx, charge.id, charge.invoiceId, at);
  for (const row of refunded) {
    const user = await memberById(tx, row.userId);
    const [price] = await pricesByIds(tx, [row.priceId]);
    const creditNote = await issueCreditNote(tx, row);
    if (!user || !price) continue;
    const access =
      price.type === 'one_time' ? await accessAfter(tx, user.id, { productId: price.productId }, at) : null;
    await mail.refund(tx, user, row, await planNickname(tx, price, user.locale), access, creditNote);
  }
  return refunded.length > 0 ? 'processed' : 'ignored';
}

export function chargeRefunded(
  tx: Transaction,
  mail: BillingMail,
  object: z.infer<typeof refundedChargeObject>,
  at: Date,
): Promise<ProcessResult> {
  if (!object.refunded) return Promise.resolve('ignored');
  return recordRefund(tx, mail, { id: object.id, invoiceId: object.invoice ?? null }, at);
}
