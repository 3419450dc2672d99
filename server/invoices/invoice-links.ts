// How a document is named and reached (decision 154). Where Stripe issued its own invoice of the
// charge, that is the one linked, under its own number, so what the member reads beside the link is
// what the linked document says; elsewhere the site's PDF, which a member signed in on the browser
// opens (the session cookie of decision 127 signs that download in).
import { invoiceNumber } from '../../domain/invoices/invoice-document.ts';
import type { InvoiceLink } from '../mail/email-texts.ts';
import type { InvoiceRow } from './invoices.repository.ts';

export type { InvoiceRow };

export function printedNumber(row: Pick<InvoiceRow, 'series' | 'number' | 'gatewayNumber'>): string {
  return row.gatewayNumber ?? invoiceNumber(row.series, row.number);
}

/** The site's own PDF of the document. */
export function sitePdfUrl(publicUrl: string, row: Pick<InvoiceRow, 'id'>): string {
  return `${publicUrl}/api/user/invoices/${encodeURIComponent(row.id)}/pdf`;
}

export function invoiceLink(publicUrl: string, row: InvoiceRow): InvoiceLink {
  return { number: printedNumber(row), url: row.pdfUrl ?? row.hostedUrl ?? sitePdfUrl(publicUrl, row) };
}
