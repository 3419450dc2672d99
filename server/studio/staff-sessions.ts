// The studio's sessions (decision 142): a random token in the `studio_session` cookie, only its
// SHA-256 in the database, as the members' sessions keep theirs (decision 030). A session ends after
// 12 hours unused or 7 days in all, whichever comes first, at sign-out, when its staff member ends it
// from their list, or when the staff member is removed. The cookie is HttpOnly, SameSite=Strict and
// sent only to /api/studio, so no page script reads it and no other site's request carries it.
import type { StaffAuth, StaffCaller } from '../auth/staff.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { newId } from '../db/ids.ts';
import type { Database, Transaction } from '../db/index.ts';
import type { StaffRow } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { findLiveSession, insertSession, touchSession, trainerNameOf } from './staff.repository.ts';

export type { StaffAuth };
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most once a minute per session, not on every call. */
const TOUCH_EVERY_MS = 60 * 1000;
const MAX_TOKEN_LENGTH = 256;

/** A new session's token, for the cookie, and when it ends at the latest. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

export const callerOf = (row: StaffRow): StaffCaller => ({
  kind: 'staff',
  staffId: row.id,
  trainerId: row.trainerId,
  name: row.name,
  email: row.email,
  role: row.role,
});

/** Starts a session for the staff member: its token goes to the browser in the cookie. */
export async function startSession(
  db: Database | Transaction,
  member: StaffRow,
  userAgent: string | undefined,
): Promise<NewSession> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const id = newId('ssn');
  await insertSession(db, {
    id,
    tokenHash: hashToken(token),
    staffId: member.id,
    trainerId: member.trainerId,
    lastSeenAt: now,
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/** The staff member whose live session the cookie's token names; 401 otherwise. */
export async function authenticateStaff(db: Database, token: string | undefined): Promise<StaffAuth> {
  if (!token || token.length > MAX_TOKEN_LENGTH) throw unauthorized('studio.signIn');
  const now = new Date();
  const found = await findLiveSession(db, hashToken(token), now, new Date(now.getTime() - SESSION_IDLE_MS));
  if (!found) throw unauthorized('studio.signInAgain');
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, found.session.id, now);
  }
  return {
    kind: 'staff',
    caller: callerOf(found.member),
    sessionId: found.session.id,
    trainerName: (await trainerNameOf(db, found.member.trainerId)) ?? found.member.trainerId,
  };
}
