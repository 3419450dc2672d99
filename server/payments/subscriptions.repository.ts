// The subscriptions table: a member's live subscription, and what payment events record on one.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index.ts';
import { subscriptions } from '../db/schema.ts';

type Db = Database | Transaction;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionStatus = SubscriptionRow['status'];
export type SubscriptionValues = Partial<typeof subscriptions.$inferInsert>;

/** The statuses of a subscription the member still has: a member has at most one such. */
export const LIVE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set([
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
]);

/** The live subscription of a member, if any: the one plan changes go through. */
export async function liveSubscription(db: Db, trainerId: string, userId: string) {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.trainerId, trainerId),
        eq(subscriptions.userId, userId),
        sql`${subscriptions.status} in ('trialing', 'active', 'past_due', 'unpaid', 'paused')`,
      ),
    );
  return sub;
}

/** The trainer's subscription of this id, locked until the transaction ends. */
export async function lockedSubscription(
  tx: Transaction,
  subscriptionId: string,
  trainerId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.trainerId, trainerId)))
    .for('update');
  return row;
}

/** Whether the member has a live subscription of the trainer other than `exceptId`. */
export async function hasOtherLiveSubscription(
  tx: Transaction,
  trainerId: string,
  userId: string,
  exceptId: string,
): Promise<boolean> {
  const [other] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.trainerId, trainerId),
        eq(subscriptions.userId, userId),
        ne(subscriptions.id, exceptId),
        inArray(subscriptions.status, [...LIVE_STATUSES]),
      ),
    );
  return other !== undefined;
}

export async function insertSubscription(
  tx: Transaction,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow | undefined> {
  const [saved] = await tx.insert(subscriptions).values(values).returning();
  return saved;
}

export async function updateSubscription(
  tx: Transaction,
  subscriptionId: string,
  values: SubscriptionValues,
): Promise<SubscriptionRow | undefined> {
  const [saved] = await tx
    .update(subscriptions)
    .set(values)
    .where(eq(subscriptions.id, subscriptionId))
    .returning();
  return saved;
}

/** The member's subscription of this id. */
export async function memberSubscription(
  tx: Transaction,
  subscriptionId: string,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
  return sub;
}

/** Updates the member's subscription of this id; undefined when the member has none of that id. */
export async function updateMemberSubscription(
  tx: Transaction,
  subscriptionId: string,
  userId: string,
  values: SubscriptionValues,
): Promise<SubscriptionRow | undefined> {
  const [sub] = await tx
    .update(subscriptions)
    .set(values)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
    .returning();
  return sub;
}
