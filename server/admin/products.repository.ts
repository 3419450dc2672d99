// The SQL of the admin API's products and of the catalogue file: products archived ones included,
// the trainer locked while its catalogue is rewritten, and coupons following a replaced price.
import { and, asc, eq, sql } from 'drizzle-orm';
import { coupons, prices, products, trainers } from '../db/schema.ts';
import type { Db } from './admin.repository.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductChange = Partial<
  Pick<ProductRow, 'slug' | 'name' | 'names' | 'description' | 'page' | 'position' | 'active'>
>;

/** Every product of the trainer, archived ones included, in the catalogue's order. */
export function productsOfTrainer(db: Db, trainerId: string): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.trainerId, trainerId))
    .orderBy(asc(products.position), asc(products.id));
}

/** The product, locked until the transaction ends. */
export async function findProduct(
  db: Db,
  trainerId: string,
  productId: string,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.trainerId, trainerId), eq(products.id, productId)))
    .for('update');
  return row;
}

/** False when the trainer already has a product of this kind and slug. */
export async function insertProduct(db: Db, row: NewProduct): Promise<boolean> {
  const inserted = await db.insert(products).values(row).onConflictDoNothing().returning({ id: products.id });
  return inserted.length > 0;
}

export async function updateProduct(db: Db, productId: string, change: ProductChange): Promise<void> {
  await db.update(products).set(change).where(eq(products.id, productId));
}

/** Whether another product of the trainer has this kind and slug. */
export async function slugTaken(
  db: Db,
  trainerId: string,
  kind: ProductRow['kind'],
  slug: string,
  except: string,
) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.trainerId, trainerId), eq(products.kind, kind), eq(products.slug, slug)));
  return rows.some((r) => r.id !== except);
}

/** Archives the product's prices on sale, and says which. */
export async function archivePricesOf(db: Db, productId: string): Promise<string[]> {
  const rows = await db
    .update(prices)
    .set({ active: false })
    .where(and(eq(prices.productId, productId), eq(prices.active, true)))
    .returning({ id: prices.id });
  return rows.map((r) => r.id).sort();
}

/** Serialises the catalogue changes of one trainer: an import reads and writes as if alone. */
export async function lockTrainer(db: Db, trainerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: trainers.id })
    .from(trainers)
    .where(eq(trainers.id, trainerId))
    .for('update');
  return rows.length > 0;
}

/** The coupons limited to this price get the price that replaces it too, so they keep applying. */
export async function couponsFollowPrice(db: Db, trainerId: string, oldId: string, newId: string) {
  return db
    .update(coupons)
    .set({ priceIds: sql`${coupons.priceIds} || jsonb_build_array(${newId}::text)` })
    .where(
      and(eq(coupons.trainerId, trainerId), sql`${coupons.priceIds} @> jsonb_build_array(${oldId}::text)`),
    )
    .returning({ id: coupons.id, priceIds: coupons.priceIds });
}
