// The rows a trainer's catalogue is made of. Only active prices are ever offered, so only they are read.
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { prices, products, trainers } from '../db/schema.ts';

export type ProductRow = typeof products.$inferSelect;
type PriceRow = typeof prices.$inferSelect;

export async function trainerExists(db: Database, trainerId: string): Promise<boolean> {
  const [trainer] = await db.select({ id: trainers.id }).from(trainers).where(eq(trainers.id, trainerId));
  return trainer !== undefined;
}

/** The trainer's products on sale, in the order the catalogue shows them. */
export function productsOf(db: Database, trainerId: string): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(eq(products.trainerId, trainerId), eq(products.active, true)))
    .orderBy(asc(products.position), asc(products.id));
}

/** The trainer's active prices, cheapest first. */
export function activePricesOf(db: Database, trainerId: string): Promise<PriceRow[]> {
  return db
    .select()
    .from(prices)
    .where(and(eq(prices.trainerId, trainerId), eq(prices.active, true)))
    .orderBy(asc(prices.amount), asc(prices.id));
}
