// An invoice or a credit note as a PDF (decision 154), in the member's language, with the trainer's
// name and brand colour. PDFKit draws it with the PDF standard fonts, which every reader has, so the
// file carries no font and stays a few kilobytes; their character set (Windows-1252) covers both
// languages' letters and the usual currency signs, and the few characters outside it are replaced.
import PDFDocument from 'pdfkit';
import { datesInUtc } from '../../domain/billing/billing-text.ts';
import { formatBillingDate } from '../../domain/billing/calendar.ts';
import { formatMoney } from '../../domain/billing/currency.ts';
import { billingLocale } from '../../domain/billing/locale.ts';
import { formatTaxRate } from '../../domain/billing/tax.ts';
import {
  type InvoiceDocument,
  type InvoiceParty,
  linesSubtotal,
} from '../../domain/invoices/invoice-document.ts';
import type { Locale } from '../../domain/localized.ts';
import { serverText } from '../text/server-text.ts';
import type { InvoiceRow } from './invoices.repository.ts';

export interface InvoiceBrand {
  /** The site's name the member knows the trainer by. */
  name: string;
  /** '#rrggbb'; the default ink when the site has none. */
  colour: string | null;
}

const INK = '#1f2328';
const MUTED = '#59636e';
const PAGE = { margin: 50, width: 595.28 };

/** The standard fonts' encoding has no minus sign nor narrow spaces: their nearest equivalents. */
function printable(text: string): string {
  return text
    .replace(/\u2212/g, '-')
    .replace(/[\u202f\u2009\u2007]/g, ' ')
    .replace(/[^\n\u0020-\u00ff\u20ac\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/g, '?');
}

const isColour = (value: string | null): value is string => value !== null && /^#[0-9a-f]{6}$/i.test(value);

/** Renders the document; `parties` fills in those the stored document leaves to be read now. */
export function renderInvoicePdf(
  row: InvoiceRow,
  document: InvoiceDocument & { seller: InvoiceParty; buyer: InvoiceParty },
  locale: Locale,
  brand: InvoiceBrand,
  printedNumber: string,
): Promise<Buffer> {
  const t = serverText(locale, 'invoices');
  const lang = billingLocale(locale);
  const money = (amount: number) => formatMoney(amount, row.currency, lang);
  const date = (value: Date | string) => formatBillingDate(value, lang);
  const accent = isColour(brand.colour) ? brand.colour : INK;
  const credit = row.series === 'credit_note';

  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: locale,
    info: {
      Title: `${credit ? t('title.creditNote') : t('title.invoice')} ${printedNumber}`,
      Author: brand.name,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = PAGE.width - 2 * PAGE.margin;
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(printable(text), options);

  // The brand: a band of the trainer's colour, their name, and the document's title and facts.
  pdf.rect(0, 0, PAGE.width, 8).fill(accent);
  pdf.fillColor(accent).font('Helvetica-Bold').fontSize(20);
  write(brand.name, { width });
  pdf.moveDown(0.3).fillColor(INK).fontSize(16);
  write(credit ? t('title.creditNote') : t('title.invoice'));
  pdf.font('Helvetica').fontSize(10).moveDown(0.3);
  write(t('number', { number: printedNumber }));
  write(credit ? t('refundedOn', { date: date(row.issuedAt) }) : t('paidOn', { date: date(row.issuedAt) }));
  if (document.credits) write(t('credits', { number: document.credits }));

  // Who issues it and whom it is made out to, side by side.
  pdf.moveDown(1.2);
  const top = pdf.y;
  const column = (title: string, party: InvoiceParty, x: number) => {
    pdf.x = x;
    pdf.y = top;
    pdf.font('Helvetica-Bold').fillColor(MUTED).fontSize(9);
    write(title.toUpperCase(), { width: width / 2 - 10 });
    pdf.font('Helvetica').fillColor(INK).fontSize(10);
    const lines = [
      party.legalName ?? party.name,
      ...(party.legalName && party.legalName !== party.name ? [party.name] : []),
      ...(party.address ? party.address.split('\n') : []),
      ...(party.taxId ? [t('taxId', { taxId: party.taxId })] : []),
      ...(party.email ? [party.email] : []),
    ];
    for (const line of lines) write(line, { width: width / 2 - 10 });
    return pdf.y;
  };
  const bottom = Math.max(
    column(t('from'), document.seller, PAGE.margin),
    column(t('billedTo'), document.buyer, PAGE.margin + width / 2 + 10),
  );
  pdf.x = PAGE.margin;
  pdf.y = bottom + 24;

  // The lines: what was bought, for which period, at what amount.
  const cols = {
    description: PAGE.margin,
    period: PAGE.margin + width * 0.45,
    amount: PAGE.margin + width * 0.78,
  };
  const amountWidth = width * 0.22;
  const row3 = (description: string, period: string, amount: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(printable(description), cols.description, y, { width: width * 0.43 });
    const after = pdf.y;
    pdf.text(printable(period), cols.period, y, { width: width * 0.31 });
    const afterPeriod = pdf.y;
    pdf.text(printable(amount), cols.amount, y, { width: amountWidth, align: 'right' });
    pdf.x = PAGE.margin;
    pdf.y = Math.max(after, afterPeriod, pdf.y) + 4;
  };
  pdf.fillColor(MUTED).fontSize(9);
  row3(t('description'), t('period'), t('amount'), true);
  pdf
    .moveTo(PAGE.margin, pdf.y)
    .lineTo(PAGE.margin + width, pdf.y)
    .strokeColor(accent)
    .stroke();
  pdf.y += 6;
  pdf.fillColor(INK).fontSize(10);
  for (const line of document.lines) {
    row3(
      line.kind === 'credit' ? t('creditLine', { description: line.description }) : line.description,
      line.periodStart && line.periodEnd
        ? t('periodRange', { start: date(line.periodStart), end: date(line.periodEnd) })
        : '',
      money(line.amount),
    );
  }

  // The totals: the lines, the discount and each tax line where there are any, and what was paid.
  pdf
    .moveTo(PAGE.margin, pdf.y)
    .lineTo(PAGE.margin + width, pdf.y)
    .strokeColor('#d0d7de')
    .stroke();
  pdf.y += 6;
  const sum = (label: string, amount: string, bold = false) => row3(label, '', amount, bold);
  if (document.discount > 0 || document.tax.length > 0) sum(t('subtotal'), money(linesSubtotal(document)));
  if (document.discount > 0) sum(t('discount'), money(-document.discount));
  for (const tax of document.tax) {
    sum(t('tax', { label: tax.label, rate: formatTaxRate(tax.rateBasisPoints, lang) }), money(tax.amount));
  }
  pdf.fontSize(12);
  sum(credit ? t('totalRefunded') : t('total'), money(document.total), true);
  pdf.font('Helvetica').fontSize(10).moveDown(0.6);
  write(t('paidWith', { method: document.paymentMethod }));
  pdf.moveDown(1.5).fillColor(MUTED).fontSize(8);
  write(datesInUtc(lang));
  pdf.end();
  return done;
}
