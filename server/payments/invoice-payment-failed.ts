// invoice.payment_failed: a renewal (or a first payment) did not go through. The subscription keeps
// the open invoice, how many attempts failed and when the provider tries again, which the profile
// shows and a plan change refuses on; the member is emailed. The status itself (past_due, unpaid)
// comes with the subscription's own event (subscription-updated.ts). A renewal's invoice bills the new
// period even while it is due: its plan's line is the period's value, as a paid one's is, and what is
// due (the total, tax included) is what a retry or a new card pays, with the tax and the rule it was
// issued under kept beside it (decision 173).
import type { z } from 'zod';
import type { Transaction } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import type { BillingMail } from './billing-mail.ts';
import { eventMember, planName, soldPrices } from './event-lookups.ts';
import { type failedInvoiceObject, INTEGER_MAX, metadata, type ProcessResult } from './payment-events.ts';
import { memberSubscription, updateMemberSubscription } from './subscriptions.repository.ts';
import { invoiceTax, keptTax } from './taxes.ts';

export async function invoicePaymentFailed(
  tx: Transaction,
  mail: BillingMail,
  object: z.infer<typeof failedInvoiceObject>,
): Promise<ProcessResult> {
  const details = object.parent?.subscription_details;
  const found = metadata.safeParse(details?.metadata);
  if (!found.success || !details?.subscription) return 'ignored';
  const user = await eventMember(tx, found.data);
  const nextAttempt = object.next_payment_attempt ? new Date(object.next_payment_attempt * 1000) : null;
  const planLines = (object.lines?.data ?? []).filter(
    (line) => !(line.proration ?? line.parent?.subscription_item_details?.proration) && line.amount > 0,
  );
  // Only a renewal's: a plan change whose invoice is declined does not take effect.
  const billsPeriod = object.billing_reason === 'subscription_cycle' && planLines.length > 0;
  const periodValue = planLines.reduce((sum, line) => sum + line.amount, 0);
  if (periodValue > INTEGER_MAX) throw badRequest('events.invoiceTooLarge');
  // The invoice is taxed once, when it is issued: a retry's event keeps the rule first recorded, so
  // the member's moving meanwhile changes nothing it states (decision 173).
  const before = await memberSubscription(tx, details.subscription, user.id);
  const kept =
    before?.openInvoiceId === object.id && before.openInvoiceTax
      ? before.openInvoiceTax
      : keptTax(await invoiceTax(tx, found.data.trainerId, user.id, object.total_taxes, object.amount_due));
  const sub = await updateMemberSubscription(tx, details.subscription, user.id, {
    failedAttempts: object.attempt_count ?? 1,
    nextPaymentAttempt: nextAttempt,
    openInvoiceId: object.id,
    openInvoiceAmount: object.amount_due,
    openInvoiceTax: kept,
    ...(billsPeriod ? { periodValue, periodInvoiceId: object.id } : {}),
  });
  if (!sub) return 'ignored';
  const [price] = await soldPrices(tx, sub.trainerId, [sub.priceId]);
  if (!price) return 'ignored';
  await mail.paymentFailed(tx, user, {
    plan: await planName(tx, price, user.locale),
    amount: object.amount_due,
    currency: price.currency,
    nextAttempt,
  });
  return 'processed';
}
