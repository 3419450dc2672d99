// The queries of accounts: trainers, users, sign-in sessions, forgot-password requests, the links
// sent by email (stored by the hash of their token) and the failed-login counters.
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { type EmailLinkPurpose, usableEmailLink } from '../auth/auth.repository.ts';
import type { Database } from '../db/index.ts';
import {
  emailTokens,
  loginThrottle,
  resetRequests,
  sessions,
  trainers,
  type UserRow,
  users,
} from '../db/schema.ts';

/** A unique index refused the write (two accounts of one email). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export async function findTrainer(db: Database, trainerId: string) {
  const [trainer] = await db.select().from(trainers).where(eq(trainers.id, trainerId));
  return trainer;
}

export async function trainerName(db: Database, trainerId: string): Promise<string | undefined> {
  const [trainer] = await db.select({ name: trainers.name }).from(trainers).where(eq(trainers.id, trainerId));
  return trainer?.name;
}

/** The trainer's user with this email, whatever its case. */
export async function findUserByEmail(
  db: Database,
  trainerId: string,
  email: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.trainerId, trainerId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return user;
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('The new user was not returned');
  return user;
}

/** The member's own fields of the profile, the email and whether it is verified. */
export type ProfileChanges = Partial<Pick<UserRow, 'name' | 'phone' | 'image' | 'email' | 'emailVerified'>>;

export async function updateUser(db: Database, userId: string, changes: ProfileChanges): Promise<UserRow> {
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!user) throw new Error('The user was not returned');
  return user;
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setVerificationSentAt(db: Database, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastVerificationSentAt: at }).where(eq(users.id, userId));
}

/** The per-recipient times of the last email of a kind, each a cooldown. */
export type EmailCooldown = 'lastVerificationSentAt' | 'lastResetSentAt' | 'lastSignupNoticeAt';

/**
 * Sets the cooldown's time to `now` if it is unset or not after `since`, in one statement: of two
 * calls at once only one gets the user back.
 */
export async function claimCooldown(
  db: Database,
  userId: string,
  cooldown: EmailCooldown,
  now: Date,
  since: Date,
): Promise<UserRow | undefined> {
  const column = users[cooldown];
  const [claimed] = await db
    .update(users)
    .set({ [cooldown]: now })
    .where(and(eq(users.id, userId), sql`(${column} is null or ${column} <= ${since.toISOString()})`))
    .returning();
  return claimed;
}

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function revokeSession(db: Database, tokenHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.tokenHash, tokenHash));
}

/** Revokes every session of the user still open, but the one `except` names. */
export async function revokeSessionsOf(
  db: Database,
  userId: string,
  at: Date,
  except?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        except === undefined ? undefined : ne(sessions.tokenHash, except),
        isNull(sessions.revokedAt),
      ),
    );
}

export async function insertResetRequest(
  db: Database,
  values: { id: string; trainerId: string; email: string },
): Promise<void> {
  await db.insert(resetRequests).values(values);
}

/**
 * Takes the reset request named, or the oldest, under a row lock that other instances skip, and
 * deletes it in `tx`.
 */
export async function takeResetRequest(tx: Database, id?: string) {
  const [request] = await tx
    .select()
    .from(resetRequests)
    .where(id ? eq(resetRequests.id, id) : undefined)
    .orderBy(resetRequests.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  if (request) await tx.delete(resetRequests).where(eq(resetRequests.id, request.id));
  return request;
}

// Email links

export async function insertEmailLink(db: Database, values: typeof emailTokens.$inferInsert): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/** The link, if it may still be used for `purpose` at `now`. */
export async function findUsableLink(db: Database, tokenHash: string, purpose: EmailLinkPurpose, now: Date) {
  const [link] = await db
    .select()
    .from(emailTokens)
    .where(usableEmailLink(tokenHash, purpose, now));
  return link;
}

/** Marks the link used, if it was not: the user it belongs to, or undefined when it was. */
export async function markLinkUsed(db: Database, tokenHash: string, at: Date): Promise<string | undefined> {
  const [used] = await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt)))
    .returning({ userId: emailTokens.userId });
  return used?.userId;
}

/** Records that the link opened its session, if it had not: true for the call that did. */
export async function claimLinkSession(db: Database, tokenHash: string, at: Date): Promise<boolean> {
  const [claimed] = await db
    .update(emailTokens)
    .set({ sessionIssuedAt: at })
    .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.sessionIssuedAt)))
    .returning({ tokenHash: emailTokens.tokenHash });
  return claimed !== undefined;
}

/** Marks every unused link of the user (of `purpose`, if given) as used. */
export async function markLinksUsed(
  db: Database,
  userId: string,
  at: Date,
  purpose?: EmailLinkPurpose,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailTokens.userId, userId),
        isNull(emailTokens.usedAt),
        purpose ? eq(emailTokens.purpose, purpose) : undefined,
      ),
    );
}

// Failed-login counters, one per trainer and key (see login-throttle.ts)

const keyIs = (trainerId: string, key: string) =>
  and(eq(loginThrottle.trainerId, trainerId), eq(loginThrottle.email, key));

/** When the key's lock ends, if it is locked at `now`. */
export async function lockedUntil(
  db: Database,
  trainerId: string,
  key: string,
  now: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(and(keyIs(trainerId, key), gt(loginThrottle.lockedUntil, now)));
  return row?.lockedUntil ?? undefined;
}

/** Counts one more failure of the key: how many it has now. */
export async function countFailure(db: Database, trainerId: string, key: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(loginThrottle)
    .values({ trainerId, email: key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [loginThrottle.trainerId, loginThrottle.email],
      set: { failures: sql`${loginThrottle.failures} + 1`, updatedAt: now },
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures ?? 0;
}

export async function lockKey(db: Database, trainerId: string, key: string, until: Date): Promise<void> {
  await db.update(loginThrottle).set({ lockedUntil: until }).where(keyIs(trainerId, key));
}

export async function deleteKey(db: Database, trainerId: string, key: string): Promise<void> {
  await db.delete(loginThrottle).where(keyIs(trainerId, key));
}

/**
 * Deletes the counters of one user: the one of their current address, and the keys given of their
 * own (those starting with `prefix`, and `key`).
 */
export async function deleteKeysOfUser(
  db: Database,
  userId: string,
  own: { prefix: string; key: string },
): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(
      sql`(${loginThrottle.trainerId}, ${loginThrottle.email}) in (select ${users.trainerId}, lower(${users.email}) from ${users} where ${users.id} = ${userId})`,
    );
  await db
    .delete(loginThrottle)
    .where(
      or(
        sql`left(${loginThrottle.email}, ${own.prefix.length}) = ${own.prefix}`,
        eq(loginThrottle.email, own.key),
      ),
    );
}
