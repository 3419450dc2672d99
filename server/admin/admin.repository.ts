// The SQL of the admin API: trainers, their prices and the audit rows written with each change.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index.ts';
import {
  adminAudit,
  charges,
  checkoutSessions,
  prices,
  products,
  subscriptions,
  trainers,
} from '../db/schema.ts';

export type TrainerRow = typeof trainers.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;
export type NewPrice = typeof prices.$inferInsert;
export type AuditRow = typeof adminAudit.$inferInsert;
export type Db = Database | Transaction;

export interface PlanRow extends PriceRow {
  productName: string;
  /** A subscription, charge or checkout session uses it (admin/sold-prices.ts). */
  sold: boolean;
}

export async function findTrainer(db: Db, trainerId: string): Promise<TrainerRow | undefined> {
  const [row] = await db.select().from(trainers).where(eq(trainers.id, trainerId));
  return row;
}

/** The trainer's invoicing details changed. */
export async function updateTrainerRow(
  db: Db,
  trainerId: string,
  changes: Pick<TrainerRow, 'legalName' | 'address' | 'taxId' | 'tax'>,
): Promise<TrainerRow> {
  const [row] = await db.update(trainers).set(changes).where(eq(trainers.id, trainerId)).returning();
  if (!row) throw new Error(`trainer ${trainerId} is gone`);
  return row;
}

/** The trainer inserted, or undefined when the id is taken. */
export async function insertTrainer(
  db: Db,
  row: Omit<typeof trainers.$inferInsert, 'createdAt'>,
): Promise<TrainerRow | undefined> {
  const [inserted] = await db.insert(trainers).values(row).onConflictDoNothing().returning();
  return inserted;
}

// The outer price is named in full: Drizzle qualifies columns only in a query that joins, and a
// bare "id" inside a subquery would be the subquery's own row.
const soldColumn = sql<boolean>`(
  exists (select 1 from ${subscriptions} where ${subscriptions.priceId} = "prices"."id")
  or exists (select 1 from ${charges} where ${charges.priceId} = "prices"."id")
  or exists (select 1 from ${checkoutSessions}
             where ${checkoutSessions.trainerId} = "prices"."trainer_id"
               and ${checkoutSessions.priceIds} @> jsonb_build_array("prices"."id"))
)`;

function planQuery(db: Db) {
  return db
    .select({ price: prices, productName: products.name, sold: soldColumn })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId));
}

const toPlanRow = (r: { price: PriceRow; productName: string; sold: boolean }): PlanRow => ({
  ...r.price,
  productName: r.productName,
  sold: Boolean(r.sold),
});

/** Every price of the trainer, archived ones included, by product and then amount. */
export async function plansOf(db: Db, trainerId: string): Promise<PlanRow[]> {
  const rows = await planQuery(db)
    .where(eq(prices.trainerId, trainerId))
    .orderBy(asc(products.position), asc(products.id), asc(prices.amount), asc(prices.id));
  return rows.map(toPlanRow);
}

/** The price, read for update inside a transaction so two changes to it take turns. */
export async function findPlan(db: Db, trainerId: string, priceId: string): Promise<PlanRow | undefined> {
  const [row] = await planQuery(db)
    .where(and(eq(prices.trainerId, trainerId), eq(prices.id, priceId)))
    .for('update', { of: prices });
  return row && toPlanRow(row);
}

/** The trainer's membership (its first subscription product), if it has one. */
export async function membershipOf(db: Db, trainerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.trainerId, trainerId), eq(products.kind, 'subscription')))
    .orderBy(asc(products.position), asc(products.id))
    .limit(1);
  return row?.id;
}

export async function insertMembership(db: Db, id: string, trainerId: string, name: string): Promise<void> {
  await db.insert(products).values({ id, trainerId, kind: 'subscription', name });
}

export async function insertPrice(db: Db, row: NewPrice): Promise<void> {
  await db.insert(prices).values(row);
}

export async function updatePrice(
  db: Db,
  priceId: string,
  change: Partial<
    Pick<
      PriceRow,
      'amount' | 'interval' | 'intervalCount' | 'currency' | 'trialDays' | 'nickname' | 'nicknames' | 'active'
    >
  >,
): Promise<void> {
  await db.update(prices).set(change).where(eq(prices.id, priceId));
}

export async function insertAudit(db: Db, row: AuditRow): Promise<void> {
  await db.insert(adminAudit).values(row);
}

export function transaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
