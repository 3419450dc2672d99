// The queries of the member's view: their live and newest subscriptions with every row the terms
// depend on, their latest charges and the prices they hold (decision 146); and My Purchases' pages.
// Each reads the member's own rows only, through an index on user_id, however many members there are.
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaxSettings } from '../../domain/billing/tax.ts';
import type { Locale } from '../../domain/localized.ts';
import type { Alongside } from '../auth/auth.repository.ts';
import { afterCursor, type Cursor, cursorKey } from '../db/cursor.ts';
import type { Database } from '../db/index.ts';
import { fromJson, preparedRows } from '../db/prepared.ts';
import { charges, coupons, prices, products, subscriptions, trainers, users } from '../db/schema.ts';

const scheduledPrices = alias(prices, 'scheduled_prices');

/** How many subscriptions the view carries: the live one first, then the newest others. */
export const VIEW_SUBSCRIPTIONS = 10;
/** How many charges the view and each page of My Purchases carry, newest first. */
export const CHARGES_PER_PAGE = 20;

const live = sql`${subscriptions.status} in ('trialing', 'active', 'past_due', 'unpaid')`;

/**
 * The member's view as JSON columns of one row (decision 156): on PGlite each query costs its own
 * parse, plan and round trip through the single connection, whatever its size, so the view's parts
 * (live and newest subscriptions with every row their terms depend on, latest charges, held prices,
 * the trainer's tax) come back together, and beside the session that signs the member in (decision
 * 163). Each part reads the member's own rows through an index on user_id. `userId` and `trainerId`
 * are the member's: placeholders, or the session's member's columns.
 *
 * Without `subscriptions` the first part is left out and reads as none: on PGlite each subselect
 * costs its executor's start and end whether it finds rows or not (decision 179), the subscriptions'
 * six index scans most of all, so a member known to have none is not asked for them.
 */
export function viewColumns(userId: SQL, trainerId: SQL, { subscriptions: withSubscriptions = true } = {}) {
  const subs = withSubscriptions
    ? sql`(select coalesce(json_agg(s), '[]'::json) from (
      select row_to_json(subscriptions.*) as sub, row_to_json(prices.*) as price,
        ${products.name} as product_name, ${products.names} as product_names,
        row_to_json(scheduled_prices.*) as scheduled, row_to_json(coupons.*) as coupon,
        exists (select 1 from ${charges} where ${charges.userId} = ${subscriptions.userId}
          and ${charges.invoiceId} = ${subscriptions.periodInvoiceId} and ${charges.refunded}) as period_refunded
      from ${subscriptions}
      join ${prices} on ${prices.id} = ${subscriptions.priceId}
      join ${products} on ${products.id} = ${prices.productId}
      left join ${prices} as scheduled_prices on ${scheduledPrices.id} = ${subscriptions.scheduledPriceId}
      left join ${coupons} on ${coupons.id} = ${subscriptions.couponId}
      where ${subscriptions.userId} = ${userId}
      order by ${live} desc, ${subscriptions.createdAt} desc
      limit ${sql.raw(String(VIEW_SUBSCRIPTIONS))}) s)`
    : sql`'[]'::json`;
  return sql`${subs} as subs,
    (select coalesce(json_agg(c), '[]'::json) from (
      select row_to_json(charges.*) as charge, ${cursorKey(charges.createdAt)} as key
      from ${charges} where ${charges.userId} = ${userId}
      order by ${charges.createdAt} desc, ${charges.id} desc
      limit ${sql.raw(String(CHARGES_PER_PAGE + 1))}) c) as charges,
    (select coalesce(json_agg(distinct ${charges.priceId}), '[]'::json) from ${charges}
      where ${charges.userId} = ${userId} and ${charges.paid} and not ${charges.refunded}) as held,
    (select ${trainers.tax} from ${trainers} where ${trainers.id} = ${trainerId}) as tax`;
}

interface ViewJson {
  subs: {
    sub: Record<string, unknown>;
    price: Record<string, unknown>;
    product_name: string;
    product_names: Partial<Record<Locale, string>> | null;
    scheduled: Record<string, unknown> | null;
    coupon: Record<string, unknown> | null;
    period_refunded: boolean;
  }[];
  charges: { charge: Record<string, unknown>; key: string }[];
  held: string[];
  /** The trainer's tax settings (decision 173): the next charge is stated as the member pays it. */
  tax: TaxSettings | null;
}

/**
 * The member's subscriptions (live first, then newest, each with its price, product, scheduled price
 * and coupon; none read without `subscriptions`), their latest charges and the prices they hold.
 */
export async function memberViewRows(
  db: Database,
  member: { id: string; trainerId: string },
  { subscriptions: withSubscriptions = true } = {},
): Promise<MemberViewRows> {
  const [json] = await preparedRows(
    db,
    withSubscriptions ? 'member_view' : 'member_view_no_subscriptions',
    () =>
      sql`select ${viewColumns(sql`${sql.placeholder('userId')}`, sql`${sql.placeholder('trainerId')}`, {
        subscriptions: withSubscriptions,
      })}`,
    { userId: member.id, trainerId: member.trainerId },
  );
  if (!json) throw new Error('the member view query answered no row');
  return viewFromJson(json);
}

export type MemberViewRows = ReturnType<typeof viewFromJson>;

/** The view read in the session's own query, for GET /api/user (decision 163). */
export const viewAlongside: Alongside<MemberViewRows> = {
  name: 'view',
  columns: viewColumns(sql`${users.id}`, sql`${users.trainerId}`),
  read: viewFromJson,
};

/** The view's three columns, as the database wrote them, in drizzle's shapes. */
export function viewFromJson(row: Record<string, unknown>) {
  const json = row as unknown as ViewJson;
  return {
    subscriptions: json.subs.map((s) => ({
      sub: fromJson(subscriptions, s.sub),
      price: fromJson(prices, s.price),
      productName: s.product_name,
      productNames: s.product_names,
      scheduled: s.scheduled && fromJson(scheduledPrices, s.scheduled),
      coupon: s.coupon && fromJson(coupons, s.coupon),
      periodRefunded: s.period_refunded,
    })),
    charges: pageOf(json.charges.map((c) => ({ charge: fromJson(charges, c.charge), key: c.key }))),
    heldPrices: json.held,
    tax: json.tax,
  };
}

/** The member's latest charges, newest first: My Purchases' first page (the view's). */
const latestCharges = (db: Database) =>
  db
    .select({ charge: charges, key: cursorKey(charges.createdAt) })
    .from(charges)
    .where(eq(charges.userId, sql.placeholder('userId')))
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(CHARGES_PER_PAGE + 1)
    .prepare('member_charges');

const preparedCharges = new WeakMap<Database, ReturnType<typeof latestCharges>>();

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
  let query = preparedCharges.get(db);
  if (!query) {
    query = latestCharges(db);
    preparedCharges.set(db, query);
  }
  return pageOf(await query.execute({ userId }));
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
