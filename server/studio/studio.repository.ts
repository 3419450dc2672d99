// The SQL of the studio's reading of members and the audit: a keyset page of a trainer's members
// (newest first by (created_at, id), so a page costs the same however deep it is), the emails sent
// to a member, and the audit rows, a page at a time or about one member's rows.
import { and, desc, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { adminAudit, charges, emailOutbox, prices, products, subscriptions, users } from '../db/schema.ts';

type MemberStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'none';

/** A position in a newest-first list: the row's created_at to the microsecond, and its id. */
export interface Keyset {
  at: string;
  id: string;
}

/** created_at as text to the microsecond, which a JavaScript Date would round to the millisecond. */
const exactTime = (column: SQL.Aliased | typeof users.createdAt | typeof adminAudit.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/** The newest subscription's column of the member, or null when they never had one. */
const newest = (column: 'status' | 'price_id') =>
  sql.raw(
    `(select s.${column} from subscriptions s where s.user_id = "users"."id" order by s.created_at desc, s.id desc limit 1)`,
  );

export interface MemberFilters {
  q?: string | undefined;
  status?: MemberStatus | undefined;
  plan?: string | undefined;
  failing?: boolean | undefined;
}

export async function membersAfter(
  db: Database,
  trainerId: string,
  filters: MemberFilters,
  after: Keyset | null,
  limit: number,
) {
  const where: (SQL | undefined)[] = [eq(users.trainerId, trainerId)];
  if (filters.q) {
    const part = `%${escapeLike(filters.q.toLowerCase())}%`;
    where.push(or(sql`lower(${users.email}) like ${part}`, sql`lower(${users.name}) like ${part}`));
  }
  if (filters.status === 'none') where.push(sql`${newest('status')} is null`);
  else if (filters.status) where.push(sql`${newest('status')} = ${filters.status}`);
  if (filters.plan) where.push(sql`${newest('price_id')} = ${filters.plan}`);
  if (filters.failing) {
    where.push(
      sql`exists (select 1 from subscriptions f where f.user_id = ${users.id} and f.status = 'past_due')`,
    );
  }
  if (after) {
    where.push(
      or(
        sql`${users.createdAt} < ${after.at}::timestamptz`,
        and(sql`${users.createdAt} = ${after.at}::timestamptz`, lt(users.id, after.id)),
      ),
    );
  }
  return db
    .select({ member: users, at: exactTime(users.createdAt) })
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/** The ids of these members whose payment is failing now (a subscription past due). */
export async function failingOf(db: Database, trainerId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.trainerId, trainerId),
        eq(subscriptions.status, 'past_due'),
        inArray(subscriptions.userId, userIds),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export function emailsTo(db: Database, trainerId: string, userId: string, limit: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.trainerId, trainerId), eq(emailOutbox.userId, userId)))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

export function auditAbout(db: Database, trainerId: string, subjects: string[], limit: number) {
  if (subjects.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.trainerId, trainerId), inArray(adminAudit.subject, subjects)))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(limit);
}

export function auditAfter(db: Database, trainerId: string, after: Keyset | null, limit: number) {
  const where: (SQL | undefined)[] = [eq(adminAudit.trainerId, trainerId)];
  if (after) {
    where.push(
      or(
        sql`${adminAudit.createdAt} < ${after.at}::timestamptz`,
        and(sql`${adminAudit.createdAt} = ${after.at}::timestamptz`, lt(adminAudit.id, after.id)),
      ),
    );
  }
  return db
    .select({ row: adminAudit, at: exactTime(adminAudit.createdAt) })
    .from(adminAudit)
    .where(and(...where))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(limit);
}

/** The product a price of the trainer's belongs to. */
export async function findPriceProduct(db: Database, trainerId: string, priceId: string) {
  const [row] = await db
    .select({ id: products.id, kind: products.kind, slug: products.slug, name: products.name })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(and(eq(prices.trainerId, trainerId), eq(prices.id, priceId)));
  return row;
}

/** The member's other paid, unrefunded charges for the product (another purchase keeps it open). */
export async function otherPaidPurchases(
  db: Database,
  trainerId: string,
  userId: string,
  productId: string,
  chargeId: string,
): Promise<number> {
  const rows = await db
    .select({ id: charges.id })
    .from(charges)
    .innerJoin(prices, eq(prices.id, charges.priceId))
    .where(
      and(
        eq(charges.trainerId, trainerId),
        eq(charges.userId, userId),
        eq(prices.productId, productId),
        eq(charges.paid, true),
        eq(charges.refunded, false),
        ne(charges.id, chargeId),
      ),
    );
  return rows.length;
}
