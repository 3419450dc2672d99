// A trainer's challenges and courses from the admin API: adding one with its one-time prices,
// changing its names and page texts, adding a price, archiving it. A product's prices change through
// the plans' rules (sold-prices.ts); archiving a product archives its prices, whose buyers keep them.

import type { components } from '../../openapi/schema.d.ts';
import type { CatalogueChanges } from '../catalogue/catalogue-changes.ts';
import { newId } from '../db/ids.ts';
import type { Database, Transaction } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { type Db, findTrainer, insertPrice, plansOf, transaction } from './admin.repository.ts';
import { type Actor, auditChange } from './audit.ts';
import { PAGE_FIELDS, type PageTexts } from './catalogue-file.ts';
import { toAdminPlan } from './plans.ts';
import {
  archivePricesOf,
  findProduct,
  insertProduct,
  type ProductRow,
  productsOfTrainer,
  slugTaken,
  updateProduct as updateProductRow,
} from './products.repository.ts';

export type AdminProduct = components['schemas']['AdminProduct'];
type Names = { en: string; es?: string };
export interface PriceInput {
  amount: number;
  currency?: string;
  nicknames: Names;
}
export interface ProductInput {
  kind: 'challenge' | 'course';
  slug: string;
  names: Names;
  description?: string | null;
  position?: number;
  page?: PageTexts;
  prices: PriceInput[];
}
export type ProductUpdate = Partial<
  Pick<ProductInput, 'slug' | 'names' | 'description' | 'position' | 'page'>
>;

interface Deps {
  db: Database;
  catalogueChanges: CatalogueChanges;
}

/** Every page text, the ones not written as null, so two pages compare field by field. */
export function fullPage(page: ProductRow['page'] | PageTexts | undefined): NonNullable<ProductRow['page']> {
  return Object.fromEntries(PAGE_FIELDS.map((field) => [field, page?.[field] ?? null]));
}

export const namesOf = (row: Pick<ProductRow, 'name' | 'names'>): Names => ({ en: row.name, ...row.names });
export const nameColumns = ({ en, ...others }: Names) => ({
  name: en,
  names: Object.keys(others).length > 0 ? others : null,
});

export async function productsWithPrices(db: Db, trainerId: string): Promise<AdminProduct[]> {
  const [rows, plans] = await Promise.all([productsOfTrainer(db, trainerId), plansOf(db, trainerId)]);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    names: namesOf(row),
    description: row.description,
    position: row.position,
    page: row.kind === 'subscription' ? null : fullPage(row.page),
    archived: !row.active,
    prices: plans.filter((p) => p.productId === row.id).map(toAdminPlan),
  }));
}

async function productOf(tx: Transaction, trainerId: string, productId: string): Promise<AdminProduct> {
  const row = await findProduct(tx, trainerId, productId);
  if (!row) throw notFound('admin.unknownProduct', { trainerId, id: productId });
  const product = (await productsWithPrices(tx, trainerId)).find((p) => p.id === productId);
  if (!product) throw new Error(`product ${productId} vanished in its own transaction`);
  return product;
}

export async function listProducts(db: Database, trainerId: string): Promise<AdminProduct[]> {
  if (!(await findTrainer(db, trainerId))) throw notFound('accounts.unknownTrainer');
  return productsWithPrices(db, trainerId);
}

/** Adds a one-time price to the product, in the trainer's currency unless another is named. */
async function addOneTimePrice(tx: Transaction, trainerId: string, productId: string, input: PriceInput) {
  const trainer = await findTrainer(tx, trainerId);
  const { en, ...others } = input.nicknames;
  const id = newId('price');
  await insertPrice(tx, {
    id,
    trainerId,
    productId,
    type: 'one_time',
    amount: input.amount,
    currency: input.currency ?? trainer?.currency ?? 'usd',
    nickname: en,
    nicknames: Object.keys(others).length > 0 ? others : null,
  });
  return id;
}

export async function addProduct(
  { db, catalogueChanges }: Deps,
  caller: Actor,
  trainerId: string,
  input: ProductInput,
): Promise<AdminProduct> {
  const product = await transaction(db, async (tx) => {
    if (!(await findTrainer(tx, trainerId))) throw notFound('accounts.unknownTrainer');
    const id = newId('prod');
    const inserted = await insertProduct(tx, {
      id,
      trainerId,
      kind: input.kind,
      slug: input.slug,
      ...nameColumns(input.names),
      description: input.description ?? null,
      position: input.position ?? 0,
      page: fullPage(input.page),
    });
    if (!inserted) throw conflict('admin.productTaken', { trainerId, kind: input.kind, slug: input.slug });
    for (const price of input.prices) await addOneTimePrice(tx, trainerId, id, price);
    const added = await productOf(tx, trainerId, id);
    await auditChange(tx, caller, trainerId, 'adminAddProduct', id, null, added);
    return added;
  });
  await catalogueChanges.changed(trainerId);
  return product;
}

/** The product as it is, once the change asked of it passes the refusals it may meet. */
async function checkedProductChange(
  tx: Transaction,
  trainerId: string,
  productId: string,
  input: ProductUpdate,
): Promise<AdminProduct> {
  const before = await productOf(tx, trainerId, productId);
  if (before.archived) throw conflict('admin.productArchived', { id: productId });
  if (input.page !== undefined && before.kind === 'subscription') throw badRequest('admin.membershipPage');
  if (input.slug !== undefined && (await slugTaken(tx, trainerId, before.kind, input.slug, productId))) {
    throw conflict('admin.productTaken', { trainerId, kind: before.kind, slug: input.slug });
  }
  return before;
}

/** The fields updateProduct would change with this input, refused alike; nothing is written. */
export async function previewProductChange(
  db: Database,
  trainerId: string,
  productId: string,
  input: ProductUpdate,
): Promise<string[]> {
  return transaction(db, async (tx) => {
    const before = await checkedProductChange(tx, trainerId, productId, input);
    const page = before.page ?? {};
    return Object.entries(input)
      .filter(([key, value]) =>
        key === 'page'
          ? Object.entries(value as object).some(
              ([text, v]) =>
                JSON.stringify(v) !== JSON.stringify((page as Record<string, unknown>)[text] ?? null),
            )
          : JSON.stringify(value) !== JSON.stringify(before[key as keyof AdminProduct]),
      )
      .map(([key]) => key);
  });
}

export async function updateProduct(
  { db, catalogueChanges }: Deps,
  caller: Actor,
  trainerId: string,
  productId: string,
  input: ProductUpdate,
): Promise<AdminProduct> {
  const product = await transaction(db, async (tx) => {
    const before = await checkedProductChange(tx, trainerId, productId, input);
    await updateProductRow(tx, productId, {
      ...(input.slug !== undefined && { slug: input.slug }),
      ...(input.names !== undefined && nameColumns(input.names)),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.position !== undefined && { position: input.position }),
      // The texts given replace theirs; the others stay as they were.
      ...(input.page !== undefined && { page: fullPage({ ...before.page, ...input.page }) }),
    });
    const after = await productOf(tx, trainerId, productId);
    await auditChange(tx, caller, trainerId, 'adminUpdateProduct', productId, before, after);
    return after;
  });
  await catalogueChanges.changed(trainerId);
  return product;
}

export async function archiveProduct(
  { db, catalogueChanges }: Deps,
  caller: Actor,
  trainerId: string,
  productId: string,
): Promise<AdminProduct> {
  const product = await transaction(db, async (tx) => {
    const before = await productOf(tx, trainerId, productId);
    if (before.archived) throw conflict('admin.productArchived', { id: productId });
    await updateProductRow(tx, productId, { active: false });
    await archivePricesOf(tx, productId);
    const after = await productOf(tx, trainerId, productId);
    await auditChange(tx, caller, trainerId, 'adminArchiveProduct', productId, before, after);
    return after;
  });
  await catalogueChanges.changed(trainerId);
  return product;
}

export async function addProductPrice(
  { db, catalogueChanges }: Deps,
  caller: Actor,
  trainerId: string,
  productId: string,
  input: PriceInput,
) {
  const plan = await transaction(db, async (tx) => {
    const product = await productOf(tx, trainerId, productId);
    if (product.archived) throw conflict('admin.productArchived', { id: productId });
    if (product.kind === 'subscription') throw badRequest('admin.membershipPrice');
    const id = await addOneTimePrice(tx, trainerId, productId, input);
    const added = (await productOf(tx, trainerId, productId)).prices.find((p) => p.id === id);
    await auditChange(tx, caller, trainerId, 'adminAddProductPrice', id, null, added);
    return added;
  });
  await catalogueChanges.changed(trainerId);
  if (!plan) throw new Error('the price added is not among its product’s');
  return plan;
}
