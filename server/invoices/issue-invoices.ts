// Issuing the documents of decision 154, in the transaction that records the charge or its refund:
// a charge is never recorded without its invoice, nor a refund without its credit note.
import { taxFor } from '../../domain/billing/tax.ts';
import {
  chargeLines,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceParty,
  invoiceNumber,
} from '../../domain/invoices/invoice-document.ts';
import { newId } from '../db/ids.ts';
import type { Transaction } from '../db/index.ts';
import type { charges, trainers, UserRow } from '../db/schema.ts';
import {
  chargeInvoice,
  type InvoiceRow,
  insertInvoice,
  invoiceMember,
  invoiceTrainer,
  nextInvoiceNumber,
} from './invoices.repository.ts';

type ChargeRow = typeof charges.$inferSelect;
type TrainerRow = typeof trainers.$inferSelect;

/** Stripe's own invoice of the same charge, linked instead of ours where it exists. */
export interface GatewayInvoice {
  number: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

export const sellerOf = (trainer: TrainerRow): InvoiceParty => ({
  name: trainer.name,
  legalName: trainer.legalName,
  address: trainer.address,
  taxId: trainer.taxId,
  email: null,
});

export const buyerOf = (member: UserRow): InvoiceParty => ({
  name: member.name,
  legalName: member.billingCompany,
  address: member.billingAddress,
  taxId: member.billingTaxId,
  email: member.email,
});

async function parties(tx: Transaction, charge: ChargeRow) {
  const trainer = await invoiceTrainer(tx, charge.trainerId);
  const member = await invoiceMember(tx, charge.userId);
  if (!trainer || !member) throw new Error(`charge ${charge.id} has no trainer or member`);
  return { seller: sellerOf(trainer), buyer: buyerOf(member) };
}

/** The tax a charge holds (decision 173): its amount, the rate, and whether the prices included it. */
export interface ChargeTax {
  amount: number;
  rateBasisPoints: number;
  mode: 'inclusive' | 'exclusive';
  /** The country it is collected for. */
  label: string;
}

/** A line's amount before tax: inclusive prices hold their tax, exclusive ones are already net. */
function netLine(line: InvoiceLine, tax: ChargeTax): InvoiceLine {
  if (tax.mode === 'exclusive') return line;
  const net = taxFor(Math.abs(line.amount), tax.rateBasisPoints, 'inclusive').net;
  return { ...line, amount: Math.sign(line.amount) * net };
}

/**
 * The invoice of a charge just recorded: `lines` say what it was for before a discount (the amount
 * paid alone when not given), the discount is what they state beyond the amount paid before tax,
 * and the tax line, where there is one, brings the total to what was paid.
 */
export async function issueInvoice(
  tx: Transaction,
  charge: ChargeRow,
  lines: InvoiceLine[],
  gateway: GatewayInvoice | null = null,
  tax: ChargeTax | null = null,
): Promise<InvoiceRow> {
  const existing = await chargeInvoice(tx, charge.id, 'invoice');
  if (existing) return existing;
  const taxAmount = tax?.amount ?? 0;
  const billed = chargeLines(
    charge.amount - taxAmount,
    tax ? lines.map((line) => netLine(line, tax)) : lines,
  );
  const document: InvoiceDocument = {
    ...(await parties(tx, charge)),
    lines: billed.lines,
    discount: billed.discount,
    tax: tax ? [{ label: tax.label, rateBasisPoints: tax.rateBasisPoints, amount: tax.amount }] : [],
    total: billed.total + taxAmount,
    paymentMethod: charge.paymentMethod,
    credits: null,
  };
  return insertInvoice(tx, {
    id: newId('inv'),
    trainerId: charge.trainerId,
    userId: charge.userId,
    chargeId: charge.id,
    series: 'invoice',
    number: await nextInvoiceNumber(tx, charge.trainerId, 'invoice'),
    issuedAt: charge.createdAt,
    currency: charge.currency,
    total: document.total,
    document,
    gatewayNumber: gateway?.number ?? null,
    hostedUrl: gateway?.hostedUrl ?? null,
    pdfUrl: gateway?.pdfUrl ?? null,
  });
}

/** The credit note of a charge just refunded: the invoice's lines, paid back whole. */
export async function issueCreditNote(tx: Transaction, charge: ChargeRow): Promise<InvoiceRow> {
  const existing = await chargeInvoice(tx, charge.id, 'credit_note');
  if (existing) return existing;
  const invoice = (await chargeInvoice(tx, charge.id, 'invoice')) ?? (await issueInvoice(tx, charge, []));
  const document: InvoiceDocument = {
    ...invoice.document,
    ...(await parties(tx, charge)),
    paymentMethod: charge.paymentMethod,
    credits: invoiceNumber('invoice', invoice.number),
  };
  return insertInvoice(tx, {
    id: newId('inv'),
    trainerId: charge.trainerId,
    userId: charge.userId,
    chargeId: charge.id,
    series: 'credit_note',
    number: await nextInvoiceNumber(tx, charge.trainerId, 'credit_note'),
    issuedAt: charge.refundedAt ?? charge.createdAt,
    currency: charge.currency,
    total: invoice.total,
    document,
    gatewayNumber: null,
    hostedUrl: null,
    pdfUrl: null,
  });
}
