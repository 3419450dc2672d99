// The sandbox's SQL: its hosted sessions, the member rows its pages lock, the portal's listings and
// the members' test clocks. The rules that use them are in the services beside it.
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/index.ts';
import {
  charges,
  checkoutSessions,
  prices,
  products,
  sandboxClocks,
  subscriptions,
  users,
  webhookEvents,
} from '../db/schema.ts';

type Db = Database | Transaction;
export type SessionRow = typeof checkoutSessions.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type HostedKind = 'checkout' | 'portal' | 'change';

/** The sandbox's session behind a hosted page's URL; no id is longer than 64 characters. */
export async function hostedSession(db: Db, id: string, kind: HostedKind): Promise<SessionRow | undefined> {
  if (id.length > 64) return undefined;
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.kind, kind),
        eq(checkoutSessions.gateway, 'sandbox'),
      ),
    );
  return row;
}

/** Marks an open session complete; undefined when it was not open (already confirmed, expired). */
export async function claimSession(tx: Transaction, id: string): Promise<SessionRow | undefined> {
  const [claimed] = await tx
    .update(checkoutSessions)
    .set({ status: 'complete' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .returning();
  return claimed;
}

export async function recordCompletion(
  tx: Transaction,
  id: string,
  completion: Pick<SessionRow, 'completedAt'> & Partial<Pick<SessionRow, 'trialDays' | 'quote'>>,
): Promise<void> {
  await tx.update(checkoutSessions).set(completion).where(eq(checkoutSessions.id, id));
}

export async function member(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The member's row, locked: what they hold and whether they had a trial are decided on it. */
export async function lockMember(tx: Transaction, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

export async function memberIdByEmail(db: Db, trainerId: string, email: string): Promise<string | undefined> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.trainerId, trainerId), sql`lower(${users.email}) = lower(${email})`));
  return user?.id;
}

/** The member's subscriptions with their plan, newest first, as the portal lists them. */
const scheduledPrices = alias(prices, 'scheduled_prices');

/** The member's subscriptions, newest first, each with its product, price and the price scheduled for its renewal. */
export function memberSubscriptions(db: Db, userId: string, trainerId: string) {
  return db
    .select({
      sub: subscriptions,
      product: { name: products.name, names: products.names },
      price: prices,
      scheduled: scheduledPrices,
    })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(products, eq(products.id, prices.productId))
    .leftJoin(scheduledPrices, eq(scheduledPrices.id, subscriptions.scheduledPriceId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.trainerId, trainerId)))
    .orderBy(desc(subscriptions.createdAt));
}

/** The member's charges, newest first, each with its product's names to state it in their language. */
export function memberCharges(db: Db, userId: string, trainerId: string) {
  return db
    .select({ charge: charges, product: { name: products.name, names: products.names } })
    .from(charges)
    .leftJoin(prices, eq(prices.id, charges.priceId))
    .leftJoin(products, eq(products.id, prices.productId))
    .where(and(eq(charges.userId, userId), eq(charges.trainerId, trainerId)))
    .orderBy(desc(charges.createdAt));
}

/** One of the member's own charges, or undefined for anyone else's. */
export async function memberCharge(db: Db, chargeId: string, userId: string) {
  const [charge] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.id, chargeId), eq(charges.userId, userId)));
  return charge;
}

/** One of the member's own subscriptions, locked for the change a form asks for. */
export async function lockMemberSubscription(
  tx: Transaction,
  subscriptionId: string,
  owner: { userId: string; trainerId: string },
): Promise<SubscriptionRow | undefined> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.userId, owner.userId),
        eq(subscriptions.trainerId, owner.trainerId),
      ),
    )
    .for('update');
  return sub;
}

/** The member's subscriptions that still move with time: trialing, active, past due or paused. */
export function runningSubscriptions(tx: Transaction, userId: string): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        sql`${subscriptions.status} in ('trialing', 'active', 'past_due', 'paused')`,
      ),
    );
}

export async function eventRecorded(tx: Transaction, eventId: string): Promise<boolean> {
  const [sent] = await tx
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, eventId));
  return sent !== undefined;
}

/** How far the member's clock was moved ahead, in seconds (0 for a clock never moved). */
export async function clockOffsetSeconds(db: Db, userId: string): Promise<number> {
  const [clock] = await db.select().from(sandboxClocks).where(eq(sandboxClocks.userId, userId));
  return clock?.offsetSeconds ?? 0;
}

/** The member's clock offset, its row created if need be and locked until the transaction ends. */
export async function lockClock(tx: Transaction, userId: string): Promise<number> {
  await tx.insert(sandboxClocks).values({ userId, offsetSeconds: 0 }).onConflictDoNothing();
  const [clock] = await tx.select().from(sandboxClocks).where(eq(sandboxClocks.userId, userId)).for('update');
  return clock?.offsetSeconds ?? 0;
}

export async function setClockOffset(tx: Transaction, userId: string, offsetSeconds: number): Promise<void> {
  await tx.update(sandboxClocks).set({ offsetSeconds }).where(eq(sandboxClocks.userId, userId));
}
