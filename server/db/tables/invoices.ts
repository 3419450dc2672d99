// The invoices and credit notes of the charges (decision 154): numbered per trainer without gaps, each
// a document frozen when issued, as a tax authority expects of an invoice.
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { InvoiceDocument } from '../../../domain/invoices/invoice-document.ts';
import { charges } from './billing.ts';
import { createdAt, ts } from './columns.ts';
import { users } from './members.ts';

/**
 * The last number each trainer gave in each series. It is raised in the transaction that records the
 * charge or the refund: its row lock makes concurrent charges of one trainer take turns, and a
 * transaction that rolls back gives its number back, so the series has neither gaps nor repeats.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    trainerId: text('trainer_id').notNull(),
    series: text('series', { enum: ['invoice', 'credit_note'] }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trainerId, t.series] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    chargeId: text('charge_id')
      .notNull()
      .references(() => charges.id),
    /** An invoice bills a charge; a credit note pays its refund back. */
    series: text('series', { enum: ['invoice', 'credit_note'] }).notNull(),
    number: integer('number').notNull(),
    /** The charge's paid date, or the refund's. */
    issuedAt: ts('issued_at').notNull(),
    currency: text('currency').notNull(),
    total: integer('total').notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    /** On Stripe, the provider's own invoice of the same charge: its number, page and PDF. */
    gatewayNumber: text('gateway_number'),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
    createdAt: createdAt(),
  },
  (t) => [
    // The guard behind the counter: one number is never given twice.
    uniqueIndex('invoices_number_idx').on(t.trainerId, t.series, t.number),
    uniqueIndex('invoices_charge_idx').on(t.chargeId, t.series),
    index('invoices_user_idx').on(t.userId, t.issuedAt, t.id),
  ],
);
