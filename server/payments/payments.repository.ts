// The rows payments read and write besides subscriptions and charges: the events already applied,
// the members, prices, products and coupons they name, and the checkout sessions they complete.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index.ts';
import {
  checkoutSessions,
  coupons,
  prices,
  products,
  type UserRow,
  users,
  webhookEvents,
} from '../db/schema.ts';

type Db = Database | Transaction;
type PriceRow = typeof prices.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;
type SessionRow = typeof checkoutSessions.$inferSelect;

/**
 * Records an event as applied; false when it already was. It is written in the transaction of its
 * effects, so a redelivered or concurrently delivered event is recorded, and applied, once.
 */
export async function recordEvent(
  tx: Transaction,
  event: { id: string; type: string; gateway: 'sandbox' | 'stripe'; createdAt: Date },
): Promise<boolean> {
  const [recorded] = await tx
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return recorded !== undefined;
}

/** The member, locked until the transaction ends, so two fulfilments for one member run one after the other. */
export async function lockedMember(
  tx: Transaction,
  trainerId: string,
  userId: string,
): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.trainerId, trainerId)))
    .for('update');
  return user;
}

/** The member of this id, unlocked: read after the rows an event changed, so no lock is taken out of order. */
export async function memberById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export async function updateMember(
  tx: Transaction,
  userId: string,
  values: Partial<Pick<UserRow, 'gatewayCustomerId' | 'hadTrial'>>,
): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

/** The trainer's prices among these ids, in no particular order. */
export function trainerPrices(db: Db, trainerId: string, priceIds: string[]): Promise<PriceRow[]> {
  return db
    .select()
    .from(prices)
    .where(and(eq(prices.trainerId, trainerId), inArray(prices.id, priceIds)));
}

/** The trainer's price with one of these ids, or the one whose gateway price is `gatewayPriceId`. */
export async function trainerPriceMatching(
  db: Db,
  trainerId: string,
  ids: string[],
  gatewayPriceId: string,
): Promise<PriceRow | undefined> {
  const [row] = await db
    .select()
    .from(prices)
    .where(
      and(
        eq(prices.trainerId, trainerId),
        or(inArray(prices.id, ids), eq(prices.gatewayPriceId, gatewayPriceId)),
      ),
    );
  return row;
}

export function pricesByIds(db: Db, priceIds: string[]): Promise<PriceRow[]> {
  return db.select().from(prices).where(inArray(prices.id, priceIds));
}

type ProductNames = Pick<typeof products.$inferSelect, 'name' | 'names'>;

/** The trainer's prices among these ids, each with its product's names. */
export function trainerPricesWithProductNames(
  db: Db,
  trainerId: string,
  priceIds: string[],
): Promise<{ price: PriceRow; product: ProductNames }[]> {
  return db
    .select({ price: prices, product: { name: products.name, names: products.names } })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(and(eq(prices.trainerId, trainerId), inArray(prices.id, priceIds)));
}

export async function productNames(db: Db, productId: string): Promise<ProductNames | undefined> {
  const [product] = await db
    .select({ name: products.name, names: products.names })
    .from(products)
    .where(eq(products.id, productId));
  return product;
}

export async function couponById(db: Db, id: string | null): Promise<CouponRow | null> {
  if (!id) return null;
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ?? null;
}

/** A checkout or plan-change session of this member of this trainer. */
export async function memberCheckoutSession(
  db: Db,
  sessionId: string,
  trainerId: string,
  userId: string,
): Promise<SessionRow | undefined> {
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, sessionId),
        eq(checkoutSessions.trainerId, trainerId),
        eq(checkoutSessions.userId, userId),
        inArray(checkoutSessions.kind, ['checkout', 'change']),
      ),
    );
  return session;
}

export async function completeCheckoutSession(
  tx: Transaction,
  sessionId: string,
  completedAt: Date,
  gatewaySessionId: string,
): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt, gatewaySessionId })
    .where(eq(checkoutSessions.id, sessionId));
}

/** Keeps what a hosted page promised with its session. */
export async function storeSessionQuote(
  db: Db,
  sessionId: string,
  quote: Record<string, unknown>,
): Promise<void> {
  await db.update(checkoutSessions).set({ quote }).where(eq(checkoutSessions.id, sessionId));
}
