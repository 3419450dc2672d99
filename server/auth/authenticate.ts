// Resolves the `token` header. A session token signs the member in. The single-purpose email
// verification token from the emailed link is accepted only where a call asks for it.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { emailTokens, sessions, users } from '../db/schema.ts';
import { conflict, unauthorized } from '../errors.ts';
import { usableEmailLink } from './email-links.ts';
import { hashToken } from './tokens.ts';

export type UserRow = typeof users.$inferSelect;

export const EMAIL_ALREADY_VERIFIED = 'Your email is already verified';

export type Auth =
  | { kind: 'session'; user: UserRow; tokenHash: string }
  | { kind: 'emailVerification'; user: UserRow; tokenHash: string };

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 256 ? token : undefined;
}

export async function authenticate(
  db: Database,
  request: FastifyRequest,
  options: { allowEmailVerification?: boolean } = {},
): Promise<Auth> {
  const token = tokenOf(request);
  if (!token) throw unauthorized('Please sign in');
  const tokenHash = hashToken(token);
  const now = new Date();
  const [session] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (session) return { kind: 'session', user: session.user, tokenHash };

  if (options.allowEmailVerification) {
    const [link] = await db
      .select({ user: users, email: emailTokens.email })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.userId))
      .where(usableEmailLink(tokenHash, 'verify_email', now))
      .limit(1);
    // A link sent to an earlier address verifies nothing once the email has changed.
    if (link && link.email.toLowerCase() === link.user.email.toLowerCase()) {
      return { kind: 'emailVerification', user: link.user, tokenHash };
    }
    // A verification link opened again after it did its work: say so, rather than that it failed.
    const [spent] = await db
      .select({ verified: users.emailVerified, userEmail: users.email, email: emailTokens.email })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.userId))
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, 'verify_email')))
      .limit(1);
    if (spent?.verified && spent.email.toLowerCase() === spent.userEmail.toLowerCase()) {
      throw conflict(EMAIL_ALREADY_VERIFIED);
    }
  }
  throw unauthorized();
}
