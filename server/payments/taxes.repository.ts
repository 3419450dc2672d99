// The rows a member's tax rule is read from (decision 173): the trainer's settings and the member's
// billing country.
import { and, eq } from 'drizzle-orm';
import { type TaxRule, type TaxSettings, taxRuleFor } from '../../domain/billing/tax.ts';
import type { Database, Transaction } from '../db/index.ts';
import { trainers, users } from '../db/schema.ts';

/** The rule for this member of this trainer; null when no tax is collected from them. */
export async function memberTaxRule(
  db: Database | Transaction,
  trainerId: string,
  userId: string,
): Promise<TaxRule | null> {
  const [row] = await db
    .select({ settings: trainers.tax, country: users.billingCountry })
    .from(users)
    .innerJoin(trainers, eq(trainers.id, users.trainerId))
    .where(and(eq(users.id, userId), eq(users.trainerId, trainerId)));
  return row?.settings ? taxRuleFor(row.settings, row.country) : null;
}

/** The trainer's tax settings; null when they collect none. */
export async function trainerTaxSettings(
  db: Database | Transaction,
  trainerId: string,
): Promise<TaxSettings | null> {
  const [row] = await db.select({ tax: trainers.tax }).from(trainers).where(eq(trainers.id, trainerId));
  return row?.tax ?? null;
}
