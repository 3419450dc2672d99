// The charges table: what a member paid, what was refunded, and so what they hold.
import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index.ts';
import { charges, prices } from '../db/schema.ts';
import { addToMonths, chargeFigures } from './figures.repository.ts';

type Db = Database | Transaction;
export type ChargeRow = typeof charges.$inferSelect;

/** Records a charge once: undefined when a charge of that id already is. */
export async function insertCharge(
  tx: Transaction,
  values: typeof charges.$inferInsert,
): Promise<ChargeRow | undefined> {
  const [charge] = await tx.insert(charges).values(values).onConflictDoNothing().returning();
  // The month's sums follow every charge paid (decision 144).
  if (charge?.paid) await chargeFigures(tx, charge);
  return charge;
}

/**
 * Marks refunded the charges a provider's charge stands for: the charge of its id, each line of a
 * multi-line one (`<id>_<n>`), and the one of its invoice. Returns the charges newly refunded.
 * Each match is an index's: the primary key, the id's prefix (charges_id_prefix_idx) and the
 * invoice (charges_invoice_idx), so a refund reads only the rows it marks (decision 145).
 */
export async function refundCharges(
  tx: Transaction,
  chargeId: string,
  invoiceId: string | null,
  at: Date,
): Promise<ChargeRow[]> {
  const matches = [eq(charges.id, chargeId), like(charges.id, `${chargeId.replace(/[%_\\]/g, '\\$&')}\\_%`)];
  if (invoiceId) matches.push(eq(charges.invoiceId, invoiceId));
  const refunded = await tx
    .update(charges)
    .set({ refunded: true, refundedAt: at })
    .where(and(or(...matches), eq(charges.refunded, false)))
    .returning();
  await addToMonths(
    tx,
    refunded.map((c) => ({
      trainerId: c.trainerId,
      currency: c.currency,
      at,
      key: 'refunds',
      amount: c.amount,
    })),
  );
  return refunded;
}

/** The trainer's charge of this id. */
export async function trainerCharge(
  db: Db,
  trainerId: string,
  chargeId: string,
): Promise<ChargeRow | undefined> {
  const [charge] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.trainerId, trainerId), eq(charges.id, chargeId)));
  return charge;
}

/** Whether the member's charge of this invoice was refunded: one of their own rows, by charges_invoice_idx. */
export async function invoiceRefunded(db: Db, userId: string, invoiceId: string): Promise<boolean> {
  const [refunded] = await db
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.invoiceId, invoiceId), eq(charges.userId, userId), eq(charges.refunded, true)))
    .limit(1);
  return refunded !== undefined;
}

/** The one-time prices among these ids. */
export async function oneTimePriceIds(db: Db, priceIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: prices.id })
    .from(prices)
    .where(and(inArray(prices.id, priceIds), eq(prices.type, 'one_time')));
  return rows.map((row) => row.id);
}

/** Whether the member has a paid charge, not refunded, for one of these prices. */
export async function hasPaidUnrefundedCharge(db: Db, userId: string, priceIds: string[]): Promise<boolean> {
  const [held] = await db
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        eq(charges.userId, userId),
        inArray(charges.priceId, priceIds),
        eq(charges.paid, true),
        eq(charges.refunded, false),
      ),
    )
    .limit(1);
  return held !== undefined;
}
