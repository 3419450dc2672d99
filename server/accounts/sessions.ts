// Sign-in sessions: a random token, of which the database keeps the hash, valid for 30 days unless
// revoked (signing out, a password change or reset). A verification link opens one session at most.
import type { Auth } from '../auth/authenticate.ts';
import { forgettingAfter, type MemberViews } from '../auth/member-view-cache.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Database } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { claimLinkSession, insertSession, revokeSession } from './accounts.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;

/** When a session opened now ends (its cookie with it, decision 127). */
export const newSessionEnd = () => new Date(Date.now() + SESSION_TTL_MS);

/** Opens a session for the user: its token, which only the caller gets. */
export async function createSession(db: Database, user: UserRow): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    tokenHash: hashToken(token),
    trainerId: user.trainerId,
    userId: user.id,
    expiresAt: newSessionEnd(),
  });
  return token;
}

/**
 * The one session a verification link may open, claimed atomically: the first call with the link
 * gets it, later ones get none.
 */
export async function sessionFromLink(
  db: Database,
  tokenHash: string,
  user: UserRow,
): Promise<string | null> {
  return (await claimLinkSession(db, tokenHash, new Date())) ? createSession(db, user) : null;
}

/** Revokes the caller's session. */
export async function signOut({ db, memberViews }: { db: Database; memberViews: MemberViews }, auth: Auth) {
  await forgettingAfter(memberViews, auth.user.id, () => revokeSession(db, auth.tokenHash, new Date()));
}
