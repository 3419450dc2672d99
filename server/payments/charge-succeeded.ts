// charge.succeeded: a one-time purchase (a challenge, a course) was paid. Each line the checkout
// page promised becomes a charge, and so a holding, with its receipt. Charges of subscription
// invoices are recorded from invoice.paid instead (server/payments/invoice-paid.ts).
import type { z } from 'zod';
import { checkoutQuote } from '../../domain/billing/quotes.ts';
import { shareCharge, taxed } from '../../domain/billing/tax.ts';
import type { Transaction } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { issueInvoice } from '../invoices/issue-invoices.ts';
import type { BillingMail } from './billing-mail.ts';
import { couponTerms, type PriceRow, priceTerms } from './billing-terms.ts';
import { insertCharge } from './charges.repository.ts';
import { chargeDescription, eventMember, eventSession, planNickname, soldPrices } from './event-lookups.ts';
import {
  cardLabel,
  type Metadata,
  metadata,
  type ProcessResult,
  type succeededChargeObject,
} from './payment-events.ts';
import { couponById } from './payments.repository.ts';
import { storedCheckoutPromise, storedStripeCharged } from './promises.ts';
import { memberTaxRule, trainerTaxSettings } from './taxes.repository.ts';
import { invoiceTax } from './taxes.ts';

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

/**
 * The lines as Stripe charged them: the charge's amount is the money that moved, and the tax in it is
 * the Checkout Session's `amount_tax`, or, where Stripe sent the charge before the session's event,
 * the part above the price (exclusive prices) or the member's rule's share of it (inclusive ones).
 * Several lines share the tax in proportion to their prices, the last taking what rounding leaves.
 */
async function chargedByStripe(
  tx: Transaction,
  meta: Metadata,
  userId: string,
  quote: unknown,
  lines: { price: PriceRow; amount: number }[],
  amount: number | undefined,
) {
  const net = lines.reduce((sum, line) => sum + line.amount, 0);
  const session = storedStripeCharged(quote);
  const charged = amount ?? session?.total ?? net;
  const rule = await memberTaxRule(tx, meta.trainerId, userId);
  const settings = await trainerTaxSettings(tx, meta.trainerId);
  // The member's rule comes from these settings, so it has their mode whenever there is one.
  const mode = settings?.mode !== 'inclusive' && charged > net ? 'exclusive' : 'inclusive';
  const taxAmount =
    session?.tax ??
    (mode === 'exclusive' ? charged - net : rule?.mode === 'inclusive' ? taxed(charged, rule).tax : 0);
  const tax = await invoiceTax(
    tx,
    meta.trainerId,
    userId,
    [{ amount: taxAmount, tax_behavior: mode }],
    charged,
  );
  const shares = shareCharge(
    lines.map((line) => line.amount),
    { tax: tax?.amount ?? 0, total: charged },
    mode,
  );
  const shared = lines.map((line, i) => ({
    ...line,
    tax: shares[i]?.tax ?? 0,
    total: shares[i]?.total ?? 0,
  }));
  return {
    lines: shared,
    tax: tax && { rateBasisPoints: tax.rateBasisPoints, mode: tax.mode, label: tax.label },
  };
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
  // with the tax the page stated on it (decision 173). Stripe's own page stored none: the charge is
  // what Stripe charged, with the tax its Checkout Session states.
  const stored = storedCheckoutPromise(session.quote);
  const promised = stored?.lines ?? (await quotedLines(tx, rows, session.couponId));
  const bought = promised.flatMap(({ priceId, amount }) => {
    const price = rows.find((r) => r.id === priceId);
    return price ? [{ price, amount }] : [];
  });
  const { lines, tax } = stored
    ? {
        lines: bought.map((line, i) => {
          const taxed = stored.tax?.lines[i];
          return { ...line, total: taxed?.total ?? line.amount, tax: taxed?.tax ?? 0 };
        }),
        tax: stored.tax
          ? {
              rateBasisPoints: stored.tax.rateBasisPoints,
              mode: stored.tax.mode,
              label: stored.tax.country,
            }
          : null,
      }
    : await chargedByStripe(tx, meta, user.id, session.quote, bought, object.amount);
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
      tax ? { ...tax, amount: line.tax } : null,
    );
    await mail.receipt(tx, user, charge, await planNickname(tx, line.price, user.locale), invoice);
  }
  return 'processed';
}
