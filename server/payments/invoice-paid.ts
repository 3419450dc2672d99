// invoice.paid: a subscription's first payment, a renewal, or a plan change's prorated charge. The
// subscription records what the period it bills is worth (what a later plan change credits) and
// that no invoice is open any more; the charge and its receipt record what the provider's invoice
// says was paid, since that is the money that moved. A trial's invoice is for nothing.
import type { z } from 'zod';
import type { Transaction } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { issueInvoice } from '../invoices/issue-invoices.ts';
import type { BillingMail } from './billing-mail.ts';
import { insertCharge } from './charges.repository.ts';
import { chargeDescription, eventMember, planNickname, soldPrices } from './event-lookups.ts';
import {
  cardLabel,
  INTEGER_MAX,
  metadata,
  type ProcessResult,
  type paidInvoiceObject,
  parse,
} from './payment-events.ts';
import { memberSubscription, updateSubscription } from './subscriptions.repository.ts';
import { invoiceTax } from './taxes.ts';

export async function invoicePaid(
  tx: Transaction,
  mail: BillingMail,
  object: z.infer<typeof paidInvoiceObject>,
  at: Date,
): Promise<ProcessResult> {
  const rawMeta = object.parent?.subscription_details?.metadata ?? object.subscription_details?.metadata;
  // An invoice of something not sold through this API (no metadata of ours) is not ours to record.
  if (!metadata.safeParse(rawMeta).success) return 'ignored';
  const meta = parse(metadata, rawMeta, 'invoice metadata');
  const user = await eventMember(tx, meta);
  const subscriptionId = object.parent?.subscription_details?.subscription ?? null;
  // The period this invoice bills is worth its plan's lines, before any credit from an earlier
  // plan: that is what a later plan change credits the unused part of.
  const planLines = (object.lines?.data ?? []).filter(
    (line) => !(line.proration ?? line.parent?.subscription_item_details?.proration) && line.amount > 0,
  );
  const periodValue = planLines.length
    ? planLines.reduce((sum, line) => sum + line.amount, 0)
    : object.amount_paid;
  if (periodValue > INTEGER_MAX) throw badRequest('events.invoiceTooLarge');
  const sub = subscriptionId ? await memberSubscription(tx, subscriptionId, user.id) : undefined;
  // The invoice a declined renewal left due keeps the rule it was issued under (decision 173).
  const issued = sub?.openInvoiceId === object.id ? sub.openInvoiceTax : null;
  if (sub) {
    await updateSubscription(tx, sub.id, {
      periodValue,
      periodInvoiceId: object.id,
      ...(sub.openInvoiceId === object.id
        ? { openInvoiceId: null, openInvoiceAmount: null, openInvoiceTax: null }
        : {}),
    });
  }
  // A trial's invoice is for nothing: no charge is recorded, the subscription shows the trial.
  if (object.amount_paid === 0) return 'processed';
  const [price] = await soldPrices(tx, meta.trainerId, meta.priceIds.split(','));
  if (!price) throw badRequest('events.invoiceWithoutPrice');
  // A discount only lowers a renewal, and a plan change's charge is at most the new plan's price;
  // tax added to the price (decision 173) is the only thing paid on top of it.
  const tax = await invoiceTax(tx, meta.trainerId, user.id, object.total_taxes, object.amount_paid, issued);
  const added = tax?.mode === 'exclusive' ? tax.amount : 0;
  if (object.amount_paid - added > price.amount)
    throw badRequest('events.invoiceOverPlan', { paid: object.amount_paid, amount: price.amount });
  const method = object.default_payment_method;
  const charge = await insertCharge(tx, {
    id: object.id,
    trainerId: meta.trainerId,
    userId: user.id,
    priceId: price.id,
    amount: object.amount_paid,
    currency: price.currency,
    paid: true,
    paymentMethod: cardLabel(typeof method === 'object' ? method?.card : undefined),
    description: await chargeDescription(tx, price),
    invoiceId: object.id,
    createdAt: at,
  });
  if (!charge) return 'processed';
  // The invoice states the provider's lines (the plan's period, a credit for an earlier plan's
  // unused time); Stripe's own invoice of the charge is linked where it exists.
  const invoice = await issueInvoice(
    tx,
    charge,
    (object.lines?.data ?? []).map((line) => {
      const credit = line.amount < 0;
      return {
        kind: credit ? ('credit' as const) : ('plan' as const),
        description: charge.description,
        periodStart: line.period?.start ? new Date(line.period.start * 1000).toISOString() : null,
        periodEnd: line.period?.end ? new Date(line.period.end * 1000).toISOString() : null,
        amount: line.amount,
      };
    }),
    object.hosted_invoice_url || object.invoice_pdf
      ? {
          number: object.number ?? null,
          hostedUrl: object.hosted_invoice_url ?? null,
          pdfUrl: object.invoice_pdf ?? null,
        }
      : null,
    tax,
  );
  await mail.receipt(tx, user, charge, await planNickname(tx, price, user.locale), invoice);
  return 'processed';
}
