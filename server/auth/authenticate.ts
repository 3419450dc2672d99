// Resolves the `token` header. A session token signs the member in. The single-purpose email
// verification token from the emailed link is accepted only where a call asks for it.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { emailTokens, sessions, type UserRow, users } from '../db/schema.ts';
import { conflict, unauthorized } from '../errors.ts';
import { usableEmailLink } from './email-links.ts';
import type { MemberViews } from './member-view-cache.ts';
import { hashToken } from './tokens.ts';

export const EMAIL_ALREADY_VERIFIED = 'Your email is already verified';

export type Auth =
  | {
      kind: 'session';
      user: UserRow;
      tokenHash: string;
      expiresAt: Date;
      /** The member views' epoch before the session was read (decision 097). */
      epoch: number;
    }
  | { kind: 'emailVerification'; user: UserRow; tokenHash: string };

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 256 ? token : undefined;
}

/**
 * The session queries, prepared once per database: one of them runs on every signed-in request, and
 * neither its text nor PostgreSQL's plan needs building again each time.
 */
function prepareSessionQueries(db: Database) {
  const holds = and(
    eq(sessions.tokenHash, sql.placeholder('tokenHash')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql.placeholder('now')),
  );
  return {
    session: db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(holds)
      .limit(1)
      .prepare('session_user'),
    holds: db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(holds)
      .limit(1)
      .prepare('session_holds'),
  };
}

const sessionQueries = new WeakMap<Database, ReturnType<typeof prepareSessionQueries>>();

function queriesOf(db: Database) {
  let queries = sessionQueries.get(db);
  if (!queries) {
    queries = prepareSessionQueries(db);
    sessionQueries.set(db, queries);
  }
  return queries;
}

export async function authenticate(
  db: Database,
  request: FastifyRequest,
  options: {
    allowEmailVerification?: boolean;
    /** Given only for a call that reads and nothing else: the member's own view. */
    memberViews?: MemberViews;
  } = {},
): Promise<Auth> {
  const token = tokenOf(request);
  if (!token) throw unauthorized('Please sign in');
  const tokenHash = hashToken(token);
  const epoch = options.memberViews?.epoch() ?? 0;
  const now = new Date();
  const remembered = options.memberViews?.session(tokenHash);
  const queries = queriesOf(db);
  const params = { tokenHash, now: now.toISOString() };
  // A session read before needs only asking whether it still holds (revoked, expired or deleted
  // since), and not even that where no other process writes the database.
  if (remembered && (!remembered.confirm || (await queries.holds.execute(params)).length > 0)) {
    return { kind: 'session', user: remembered.user, expiresAt: remembered.expiresAt, tokenHash, epoch };
  }
  const [session] = await queries.session.execute(params);
  if (session) return { kind: 'session', ...session, tokenHash, epoch };

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
