// A hosted portal or plan-change page (the sandbox gateway's, /sandbox/portal/{id}) acts for the
// member who opened it, so it ends with what let them open it: the sign-in session and the password
// it was opened under (decision 095). Signing out revokes the session; a reset revokes every session;
// a password change keeps the session that made it but changes the password hash. Either way the
// page stops working, and nothing needs to find and close the member's open pages.
import type { Database } from '../db/index.ts';
import type { checkoutSessions } from '../db/schema.ts';
import { liveSessionPasswordHash } from './auth.repository.ts';
import { hashToken } from './tokens.ts';

/** Tells password hashes apart without keeping a copy of one next to the pages. */
function fingerprint(passwordHash: string): string {
  return hashToken(`hosted-page:${passwordHash}`);
}

/** What a hosted page is tied to: the sign-in session that opens it, and the password of then. */
export function hostedSessionBinding(auth: { tokenHash: string; user: { passwordHash: string } }) {
  return { signInSession: auth.tokenHash, passwordFingerprint: fingerprint(auth.user.passwordHash) };
}

/** Whether the member is still signed in, with the same password, where the page was opened. */
export async function hostedSessionLive(
  db: Database,
  row: Pick<typeof checkoutSessions.$inferSelect, 'userId' | 'signInSession' | 'passwordFingerprint'>,
): Promise<boolean> {
  if (!row.signInSession || !row.passwordFingerprint) return false;
  const passwordHash = await liveSessionPasswordHash(
    db,
    { tokenHash: row.signInSession, userId: row.userId },
    new Date(),
  );
  return passwordHash !== undefined && fingerprint(passwordHash) === row.passwordFingerprint;
}
