// What an invoice or a credit note states (decision 154), frozen when it is issued: whoever renders it
// (the PDF, the list in My Purchases) reads these figures and never works them out again.

export type InvoiceSeries = 'invoice' | 'credit_note';

export interface InvoiceParty {
  /** The seller's trading name, or the member's name. */
  name: string;
  /** The seller's legal name, or the company the member bills to. */
  legalName: string | null;
  /** A postal address, its lines separated by newlines. */
  address: string | null;
  taxId: string | null;
  /** The member's address for the invoice; null for the seller. */
  email: string | null;
}

export interface InvoiceLine {
  /** A recurring plan's period, a one-time product, or the credit for a plan's unused time. */
  kind: 'plan' | 'product' | 'credit';
  /** The product's name (as the trainer's records have it). */
  description: string;
  /** A plan's period, as ISO instants; null for a product. */
  periodStart: string | null;
  periodEnd: string | null;
  /** Minor units before the discount; a credit is negative. */
  amount: number;
}

/** A tax line, present only where the trainer collects tax. */
export interface InvoiceTaxLine {
  label: string;
  /** The rate as the tax authority states it, in basis points (2100: 21 %). */
  rateBasisPoints: number;
  amount: number;
}

export interface InvoiceDocument {
  /**
   * Who issues and who receives it, as they were when it was issued. Null on the documents the
   * migration issued for earlier charges: those state the settings as they are when read.
   */
  seller: InvoiceParty | null;
  buyer: InvoiceParty | null;
  lines: InvoiceLine[];
  /** What a coupon took off the lines, as a positive amount. */
  discount: number;
  tax: InvoiceTaxLine[];
  /** What was paid (or, on a credit note, paid back): the lines, less the discount, plus the tax. */
  total: number;
  paymentMethod: string;
  /** A credit note names the invoice it credits. */
  credits: string | null;
}

const PREFIX: Record<InvoiceSeries, string> = { invoice: 'INV', credit_note: 'CN' };

/** The number as printed: the series' prefix and the number, six digits at least ('INV-000042'). */
export function invoiceNumber(series: InvoiceSeries, number: number): string {
  return `${PREFIX[series]}-${String(number).padStart(6, '0')}`;
}

/** The sum the lines state before the discount and the tax. */
export function linesSubtotal(document: Pick<InvoiceDocument, 'lines'>): number {
  return document.lines.reduce((sum, line) => sum + line.amount, 0);
}

/**
 * The lines of a charge and the discount that brings them to what was paid: the discount is what
 * the lines state beyond the amount paid, so the total always is the charge.
 */
export function chargeLines(
  paid: number,
  lines: InvoiceLine[],
): { lines: InvoiceLine[]; discount: number; total: number } {
  const subtotal = linesSubtotal({ lines });
  // Lines that state less than was paid (a gateway that sent none, or sent them partly) are not
  // trusted: one line of the amount paid says what was charged.
  if (lines.length === 0 || subtotal < paid) {
    const first = lines[0];
    return {
      lines: [
        {
          kind: first?.kind ?? 'product',
          description: first?.description ?? '',
          periodStart: first?.periodStart ?? null,
          periodEnd: first?.periodEnd ?? null,
          amount: paid,
        },
      ],
      discount: 0,
      total: paid,
    };
  }
  return { lines, discount: subtotal - paid, total: paid };
}
