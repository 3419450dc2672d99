// The studio's sessions (decision 142): a random token in the `studio_session` cookie, only its
// SHA-256 in the database, as the members' sessions keep theirs (decision 030). A session ends after
// 12 hours unused or 7 days in all, whichever comes first, at sign-out, when its staff member ends it
// from their list, or when the staff member is removed. The cookie is HttpOnly, SameSite=Strict and
// sent only to /api/studio, so no page script reads it and no other site's request carries it.
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffCaller } from '../admin/audit.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { type Config, servedOverHttps } from '../config.ts';
import { newId } from '../db/ids.ts';
import type { Database, Transaction } from '../db/index.ts';
import type { StaffRow } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { findLiveSession, insertSession, touchSession, trainerNameOf } from './staff.repository.ts';

export const STUDIO_COOKIE = 'studio_session';
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most once a minute per session, not on every call. */
const TOUCH_EVERY_MS = 60 * 1000;
const MAX_TOKEN_LENGTH = 256;

/** The staff member a studio call is made by, and the session it is made with. */
export interface StaffAuth {
  kind: 'staff';
  caller: StaffCaller;
  sessionId: string;
  trainerName: string;
}

export const callerOf = (row: StaffRow): StaffCaller => ({
  kind: 'staff',
  staffId: row.id,
  trainerId: row.trainerId,
  name: row.name,
  email: row.email,
  role: row.role,
});

function cookieOptions(config: Pick<Config, 'publicUrl'>): CookieSerializeOptions {
  return { path: '/api/studio', httpOnly: true, sameSite: 'strict', secure: servedOverHttps(config) };
}

/** Starts a session for the staff member and gives the browser its cookie. */
export async function startSession(
  db: Database | Transaction,
  config: Pick<Config, 'publicUrl'>,
  reply: FastifyReply,
  member: StaffRow,
  userAgent: string | undefined,
): Promise<string> {
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
  reply.setCookie(STUDIO_COOKIE, token, { ...cookieOptions(config), expires: expiresAt });
  return id;
}

export function clearSessionCookie(config: Pick<Config, 'publicUrl'>, reply: FastifyReply): void {
  reply.clearCookie(STUDIO_COOKIE, cookieOptions(config));
}

/** The staff member whose live session the request's cookie names; 401 otherwise. */
export async function authenticateStaff(db: Database, request: FastifyRequest): Promise<StaffAuth> {
  const token = request.cookies[STUDIO_COOKIE];
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
