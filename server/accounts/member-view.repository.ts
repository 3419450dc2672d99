// The queries of the member's view: their live and newest subscriptions with every row the terms
// depend on, their latest charges and the prices they hold (decision 146); and My Purchases' pages.
// Each reads the member's own rows only, through an index on user_id, however many members there are.
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterCursor, type Cursor, cursorKey } from '../db/cursor.ts';
import type { Database } from '../db/index.ts';
import { charges, coupons, prices, products, subscriptions } from '../db/schema.ts';

const scheduledPrices = alias(prices, 'scheduled_prices');

/** How many subscriptions the view carries: the live one first, then the newest others. */
export const VIEW_SUBSCRIPTIONS = 10;
/** How many charges the view and each page of My Purchases carry, newest first. */
export const CHARGES_PER_PAGE = 20;

/**
 * The two queries of a member's view. Prepared once per database: the view is read on every cache
 * miss, and neither the query text nor PostgreSQL's plan is built again each time.
 */
function prepareCustomerQueries(db: Database) {
  const userId = sql.placeholder('userId');
  return {
    subscriptions: db
      .select({
        sub: subscriptions,
        price: prices,
        productName: products.name,
        productNames: products.names,
        scheduled: scheduledPrices,
        coupon: coupons,
        // The member's own charges only: the period's invoice is theirs, and their charges are indexed.
        periodRefunded: sql<boolean>`exists (select 1 from ${charges} where ${charges.userId} = ${subscriptions.userId} and ${charges.invoiceId} = ${subscriptions.periodInvoiceId} and ${charges.refunded})`,
      })
      .from(subscriptions)
      .innerJoin(prices, eq(prices.id, subscriptions.priceId))
      .innerJoin(products, eq(products.id, prices.productId))
      .leftJoin(scheduledPrices, eq(scheduledPrices.id, subscriptions.scheduledPriceId))
      .leftJoin(coupons, eq(coupons.id, subscriptions.couponId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(
        desc(sql`${subscriptions.status} in ('trialing', 'active', 'past_due', 'unpaid')`),
        desc(subscriptions.createdAt),
      )
      .limit(VIEW_SUBSCRIPTIONS)
      .prepare('member_subscriptions'),
    charges: db
      .select({ charge: charges, key: cursorKey(charges.createdAt) })
      .from(charges)
      .where(eq(charges.userId, userId))
      .orderBy(desc(charges.createdAt), desc(charges.id))
      .limit(CHARGES_PER_PAGE + 1)
      .prepare('member_charges'),
    heldPrices: db
      .selectDistinct({ priceId: charges.priceId })
      .from(charges)
      .where(and(eq(charges.userId, userId), eq(charges.paid, true), eq(charges.refunded, false)))
      .prepare('member_held_prices'),
  };
}

const customerQueries = new WeakMap<Database, ReturnType<typeof prepareCustomerQueries>>();

function queriesOf(db: Database) {
  let queries = customerQueries.get(db);
  if (!queries) {
    queries = prepareCustomerQueries(db);
    customerQueries.set(db, queries);
  }
  return queries;
}

/** The member's subscriptions, newest first, each with its price, product, scheduled price and coupon. */
export function memberSubscriptions(db: Database, userId: string) {
  return queriesOf(db).subscriptions.execute({ userId });
}

export type ChargeRow = typeof charges.$inferSelect;
export interface ChargesPage {
  charges: ChargeRow[];
  /** The cursor of the next page; null on the last. */
  next: Cursor | null;
}

function pageOf(rows: { charge: ChargeRow; key: string }[]): ChargesPage {
  const page = rows.slice(0, CHARGES_PER_PAGE);
  const last = rows.length > CHARGES_PER_PAGE ? page.at(-1) : undefined;
  return {
    charges: page.map((r) => r.charge),
    next: last ? { createdAt: last.key, id: last.charge.id } : null,
  };
}

/** The member's latest charges, newest first: the view's, and My Purchases' first page. */
export async function memberCharges(db: Database, userId: string): Promise<ChargesPage> {
  return pageOf(await queriesOf(db).charges.execute({ userId }));
}

/** A page of the member's charges after the cursor's, through charges_user_created_idx. */
export async function memberChargesAfter(db: Database, userId: string, after: Cursor): Promise<ChargesPage> {
  const rows = await db
    .select({ charge: charges, key: cursorKey(charges.createdAt) })
    .from(charges)
    .where(and(eq(charges.userId, userId), afterCursor(charges.createdAt, charges.id, after)))
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(CHARGES_PER_PAGE + 1);
  return pageOf(rows);
}

/** The prices the member holds through a paid charge not refunded. */
export async function memberHeldPrices(db: Database, userId: string): Promise<string[]> {
  const rows = await queriesOf(db).heldPrices.execute({ userId });
  return rows.map((r) => r.priceId);
}
