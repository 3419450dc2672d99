// The outbox's SQL: every email is a row here before it is a delivery (mailer.ts), and the dev
// mailbox reads the same rows.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { emailOutbox, trainers } from '../db/schema.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = typeof emailOutbox.$inferInsert;

/** The trainer's name on record, or null when there is no such trainer. */
export async function trainerName(db: Database, trainerId: string): Promise<string | null> {
  const [trainer] = await db.select({ name: trainers.name }).from(trainers).where(eq(trainers.id, trainerId));
  return trainer?.name ?? null;
}

export async function insertOutboxMessage(db: Database, row: NewOutboxRow): Promise<void> {
  await db.insert(emailOutbox).values(row);
}

export async function outboxMessage(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

export async function recordDeliveryFailure(
  db: Database,
  id: string,
  attempts: number,
  lastError: string,
): Promise<void> {
  await db.update(emailOutbox).set({ attempts, lastError }).where(eq(emailOutbox.id, id));
}

export async function recordDelivery(db: Database, id: string, attempts: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ sentAt: new Date(), attempts, lastError: null })
    .where(eq(emailOutbox.id, id));
}

/** The oldest messages not yet sent nor tried, at most `limit`. */
export async function untriedMessageIds(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), eq(emailOutbox.attempts, 0)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Those of `ids` still neither sent nor tried. */
export async function stillUntried(db: Database, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.id, ids), isNull(emailOutbox.sentAt), eq(emailOutbox.attempts, 0)));
  return rows.map((row) => row.id);
}

/** The newest messages, newest first, at most `limit`. */
export function latestMessages(db: Database, limit: number): Promise<OutboxRow[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
