// The queries of the member's view: their subscriptions with every row the terms depend on, and
// their charges.
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/index.ts';
import { charges, coupons, prices, products, subscriptions } from '../db/schema.ts';

const scheduledPrices = alias(prices, 'scheduled_prices');

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
      .orderBy(desc(subscriptions.createdAt))
      .prepare('member_subscriptions'),
    charges: db
      .select()
      .from(charges)
      .where(eq(charges.userId, userId))
      .orderBy(desc(charges.createdAt))
      .prepare('member_charges'),
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

/** The member's charges, newest first. */
export function memberCharges(db: Database, userId: string) {
  return queriesOf(db).charges.execute({ userId });
}
