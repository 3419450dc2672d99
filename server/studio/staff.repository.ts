// The SQL of the studio's staff (decision 142): accounts, invitations, passkeys, sessions, sign-in
// links and the WebAuthn challenges, each read for one trainer.
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index.ts';
import {
  type StaffInviteRow,
  type StaffPasskeyRow,
  type StaffRole,
  type StaffRow,
  type StaffSessionRow,
  staff,
  staffChallenges,
  staffInvites,
  staffPasskeys,
  staffSessions,
  staffSignInLinks,
  trainers,
} from '../db/schema.ts';

type Db = Database | Transaction;

export function findStaff(db: Db, trainerId: string, staffId: string): Promise<StaffRow | undefined> {
  return db
    .select()
    .from(staff)
    .where(and(eq(staff.trainerId, trainerId), eq(staff.id, staffId)))
    .then((rows) => rows[0]);
}

export function findStaffById(db: Db, staffId: string): Promise<StaffRow | undefined> {
  return db
    .select()
    .from(staff)
    .where(eq(staff.id, staffId))
    .then((rows) => rows[0]);
}

/** The staff accounts with this address: one per trainer at most. */
export function staffByEmail(db: Db, email: string, trainerId?: string): Promise<StaffRow[]> {
  const sameEmail = eq(sql`lower(${staff.email})`, email.toLowerCase());
  return db
    .select()
    .from(staff)
    .where(trainerId ? and(sameEmail, eq(staff.trainerId, trainerId)) : sameEmail);
}

export async function trainerNameOf(db: Db, trainerId: string): Promise<string | null> {
  const [row] = await db.select({ name: trainers.name }).from(trainers).where(eq(trainers.id, trainerId));
  return row?.name ?? null;
}

export async function insertStaff(tx: Transaction, row: typeof staff.$inferInsert): Promise<void> {
  await tx.insert(staff).values(row);
}

export async function deleteStaff(tx: Transaction, staffId: string): Promise<void> {
  await tx.delete(staff).where(eq(staff.id, staffId));
}

export async function setStaffRole(tx: Transaction, staffId: string, role: StaffRole): Promise<void> {
  await tx.update(staff).set({ role }).where(eq(staff.id, staffId));
}

/** The trainer's staff with how many passkeys each holds, oldest first. */
export function staffOf(db: Db, trainerId: string) {
  return db
    .select({ member: staff, passkeys: count(staffPasskeys.id) })
    .from(staff)
    .leftJoin(staffPasskeys, eq(staffPasskeys.staffId, staff.id))
    .where(eq(staff.trainerId, trainerId))
    .groupBy(staff.id)
    .orderBy(asc(staff.createdAt), asc(staff.id));
}

/** The trainer's owners, locked so two removals of the last two owners take turns. */
export function lockOwners(tx: Transaction, trainerId: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.trainerId, trainerId), eq(staff.role, 'owner')))
    .for('update');
}

export async function insertInvite(tx: Transaction, row: typeof staffInvites.$inferInsert): Promise<void> {
  await tx.insert(staffInvites).values(row);
}

export function findInvite(db: Db, tokenHash: string): Promise<StaffInviteRow | undefined> {
  return db
    .select()
    .from(staffInvites)
    .where(eq(staffInvites.tokenHash, tokenHash))
    .then((rows) => rows[0]);
}

export function lockInvite(tx: Transaction, tokenHash: string): Promise<StaffInviteRow | undefined> {
  return tx
    .select()
    .from(staffInvites)
    .where(eq(staffInvites.tokenHash, tokenHash))
    .for('update')
    .then((rows) => rows[0]);
}

export async function markInviteUsed(tx: Transaction, id: string, at: Date): Promise<void> {
  await tx.update(staffInvites).set({ usedAt: at }).where(eq(staffInvites.id, id));
}

/** The invitations not yet accepted nor expired, newest first. */
export function openInvites(db: Db, trainerId: string, now: Date): Promise<StaffInviteRow[]> {
  return db
    .select()
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.trainerId, trainerId),
        isNull(staffInvites.usedAt),
        gt(staffInvites.expiresAt, now),
      ),
    )
    .orderBy(desc(staffInvites.createdAt));
}

export function passkeysOf(db: Db, staffId: string): Promise<StaffPasskeyRow[]> {
  return db
    .select()
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId))
    .orderBy(asc(staffPasskeys.createdAt), asc(staffPasskeys.id));
}

export function findPasskey(db: Db, credentialId: string) {
  return db
    .select({ passkey: staffPasskeys, member: staff })
    .from(staffPasskeys)
    .innerJoin(staff, eq(staff.id, staffPasskeys.staffId))
    .where(eq(staffPasskeys.credentialId, credentialId))
    .then((rows) => rows[0]);
}

export async function insertPasskey(tx: Db, row: typeof staffPasskeys.$inferInsert): Promise<void> {
  await tx.insert(staffPasskeys).values(row);
}

export async function passkeyUsed(db: Db, id: string, counter: number, at: Date): Promise<void> {
  await db.update(staffPasskeys).set({ counter, lastUsedAt: at }).where(eq(staffPasskeys.id, id));
}

export async function deletePasskey(tx: Transaction, staffId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.staffId, staffId), eq(staffPasskeys.id, id)))
    .returning({ id: staffPasskeys.id });
  return deleted.length > 0;
}

/** The staff member's row, locked so two removals of their last two passkeys take turns. */
export async function lockStaff(tx: Transaction, staffId: string): Promise<void> {
  await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId)).for('update');
}

export async function insertSession(db: Db, row: typeof staffSessions.$inferInsert): Promise<void> {
  await db.insert(staffSessions).values(row);
}

/** The session of this token with its staff member, while neither revoked nor past either limit. */
export function findLiveSession(db: Db, tokenHash: string, now: Date, idleSince: Date) {
  return db
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleSince),
      ),
    )
    .then((rows) => rows[0]);
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
}

export function liveSessionsOf(
  db: Db,
  staffId: string,
  now: Date,
  idleSince: Date,
): Promise<StaffSessionRow[]> {
  return db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(staffSessions.createdAt), desc(staffSessions.id));
}

/** Ends one of the staff member's sessions; false when they have none of that id still open. */
export async function revokeSession(db: Db, staffId: string, id: string, at: Date): Promise<boolean> {
  const revoked = await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.id, id), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return revoked.length > 0;
}

export async function insertSignInLink(
  tx: Transaction,
  row: typeof staffSignInLinks.$inferInsert,
): Promise<void> {
  await tx.insert(staffSignInLinks).values(row);
}

/** Spends the link: its staff member when it was unused and in time, else nothing. */
export async function spendSignInLink(tx: Transaction, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await tx
    .update(staffSignInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffSignInLinks.tokenHash, tokenHash),
        isNull(staffSignInLinks.usedAt),
        gt(staffSignInLinks.expiresAt, now),
      ),
    )
    .returning({ staffId: staffSignInLinks.staffId });
  return row?.staffId ?? null;
}

export function signInLinkExists(db: Db, tokenHash: string) {
  return db
    .select({ usedAt: staffSignInLinks.usedAt })
    .from(staffSignInLinks)
    .where(eq(staffSignInLinks.tokenHash, tokenHash))
    .then((rows) => rows[0]);
}

export async function insertChallenge(db: Db, row: typeof staffChallenges.$inferInsert): Promise<void> {
  await db.insert(staffChallenges).values(row);
}

/** Spends a challenge: deleted as it is read, so it is answered once, whichever instance is asked. */
export async function spendChallenge(db: Db, challenge: string, now: Date) {
  const [row] = await db.delete(staffChallenges).where(eq(staffChallenges.challenge, challenge)).returning();
  return row && row.expiresAt > now ? row : undefined;
}

/** Challenges never answered, past their five minutes. */
export async function pruneChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(staffChallenges).where(lt(staffChallenges.expiresAt, now));
}

export function staffNames(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids));
}
