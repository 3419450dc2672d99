// charge.succeeded: a one-time purchase (a challenge, a course) was paid. Each line the checkout
// page promised becomes a charge, and so a holding, with its receipt. Charges of subscription
// invoices are recorded from invoice.paid instead (server/payments/invoice-paid.ts).
import type { z } from 'zod';
import { checkoutQuote } from '../../domain/billing/quotes.ts';
import type { Transaction } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { issueInvoice } from '../invoices/issue-invoices.ts';
import type { BillingMail } from './billing-mail.ts';
import { couponTerms, type PriceRow, priceTerms } from './billing-terms.ts';
import { insertCharge } from './charges.repository.ts';
import { chargeDescription, eventMember, eventSession, planNickname, soldPrices } from './event-lookups.ts';
import { cardLabel, metadata, type ProcessResult, type succeededChargeObject } from './payment-events.ts';
import { couponById } from './payments.repository.ts';
import { storedCheckoutPromise } from './promises.ts';

/** The lines a checkout sold, priced by the billing engine, for a session stored without its quote. */
async function quotedLines(tx: Transaction, rows: PriceRow[], couponId: string | null) {
  const coupon = await couponById(tx, couponId);
  const quote = checkoutQuote({
    prices: rows.filter((p) => p.type === 'one_time').map(priceTerms),
    coupon: coupon ? couponTerms(coupon) : null,
    trialDays: 0,
    at: new Date(),
  });
  return quote.lines.map((line) => ({ priceId: line.price.id, amount: line.amount }));
}

export async function chargeSucceeded(
  tx: Transaction,
  mail: BillingMail,
  object: z.infer<typeof succeededChargeObject>,
  at: Date,
): Promise<ProcessResult> {
  // Charges of subscription invoices carry no metadata of ours: they are recorded from invoice.paid.
  const found = metadata.safeParse(object.metadata);
  if (!found.success || !found.data.checkoutSessionId) return 'ignored';
  const meta = found.data;
  const user = await eventMember(tx, meta);
  const session = await eventSession(tx, meta);
  if (!session) return 'ignored';
  const rows = await soldPrices(tx, meta.trainerId, session.priceIds);
  if (!rows.some((p) => p.type === 'one_time')) throw badRequest('events.chargeWithoutPrice');
  // What the checkout page promised is what was charged: its lines, from the quote it stored, each
  // with the tax the page stated on it (decision 173).
  const stored = storedCheckoutPromise(session.quote);
  const promised = stored?.lines ?? (await quotedLines(tx, rows, session.couponId));
  const tax = stored?.tax;
  const lines = promised.flatMap(({ priceId, amount }, i) => {
    const price = rows.find((r) => r.id === priceId);
    const taxed = tax?.lines[i];
    return price ? [{ price, amount, total: taxed?.total ?? amount, tax: taxed?.tax ?? 0 }] : [];
  });
  const paymentMethod = cardLabel(object.payment_method_details?.card);
  for (const [i, line] of lines.entries()) {
    const charge = await insertCharge(tx, {
      id: lines.length === 1 ? object.id : `${object.id}_${i + 1}`,
      trainerId: meta.trainerId,
      userId: user.id,
      priceId: line.price.id,
      amount: line.total,
      currency: line.price.currency,
      paid: true,
      paymentMethod,
      description: await chargeDescription(tx, line.price),
      createdAt: at,
    });
    if (!charge) continue;
    // The line states the product at its price; a coupon's part is the invoice's discount.
    const invoice = await issueInvoice(
      tx,
      charge,
      [
        {
          kind: 'product',
          description: charge.description,
          periodStart: null,
          periodEnd: null,
          amount: Math.max(line.price.amount, line.amount),
        },
      ],
      null,
      tax
        ? { amount: line.tax, rateBasisPoints: tax.rateBasisPoints, mode: tax.mode, label: tax.country }
        : null,
    );
    await mail.receipt(tx, user, charge, await planNickname(tx, line.price, user.locale), invoice);
  }
  return 'processed';
}
