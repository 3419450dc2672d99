// The invoices table and its counters (decision 154).
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { InvoiceSeries } from '../../domain/invoices/invoice-document.ts';
import type { Database, Transaction } from '../db/index.ts';
import { invoiceCounters, invoices, trainers, users } from '../db/schema.ts';

type Db = Database | Transaction;
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The trainer's next number in the series. Raising the counter locks its row until the transaction
 * ends, so a concurrent charge of the same trainer waits for this one's number to be kept or given
 * back: numbers follow each other without a gap or a repeat.
 */
export async function nextInvoiceNumber(
  tx: Transaction,
  trainerId: string,
  series: InvoiceSeries,
): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ trainerId, series, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.trainerId, invoiceCounters.series],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error('the invoice counter returned no row');
  return row.last;
}

export async function insertInvoice(tx: Transaction, row: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [inserted] = await tx.insert(invoices).values(row).returning();
  if (!inserted) throw new Error('the invoice was not inserted');
  return inserted;
}

/** The charge's document of the series, when it has one. */
export async function chargeInvoice(
  db: Db,
  chargeId: string,
  series: InvoiceSeries,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.chargeId, chargeId), eq(invoices.series, series)));
  return row;
}

/** The member's document of this id; undefined for anyone else's. */
export async function memberInvoice(
  db: Db,
  userId: string,
  invoiceId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId)));
  return row;
}

/** A page of the member's documents, newest first, after the (issuedAt, id) of the last one shown. */
export function memberInvoices(
  db: Db,
  userId: string,
  limit: number,
  after: { issuedAt: Date; id: string } | null,
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        after
          ? or(
              lt(invoices.issuedAt, after.issuedAt),
              and(eq(invoices.issuedAt, after.issuedAt), lt(invoices.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit);
}

export async function invoiceTrainer(db: Db, trainerId: string) {
  const [row] = await db.select().from(trainers).where(eq(trainers.id, trainerId));
  return row;
}

export async function invoiceMember(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export const billingDetailsOf = (member: typeof users.$inferSelect) => ({
  company: member.billingCompany,
  address: member.billingAddress,
  taxId: member.billingTaxId,
  country: member.billingCountry,
});

export async function updateBillingDetails(
  db: Db,
  userId: string,
  details: { company: string | null; address: string | null; taxId: string | null },
  /** Left out: the country stays as it was. */
  country?: string | null,
) {
  const [row] = await db
    .update(users)
    .set({
      billingCompany: details.company,
      billingAddress: details.address,
      billingTaxId: details.taxId,
      ...(country === undefined ? {} : { billingCountry: country }),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`member ${userId} is gone`);
  return row;
}
