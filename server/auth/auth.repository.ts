// The queries behind "who is calling": the session a token opens, the verification link it may be,
// and the session a hosted page was opened under.
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { fromJson, preparedRows } from '../db/prepared.ts';
import { emailTokens, sessions, type UserRow, users } from '../db/schema.ts';

export type EmailLinkPurpose = 'verify_email' | 'reset_password';

/** The condition for a token row that may still be used for `purpose`. */
export function usableEmailLink(
  tokenHash: string,
  purpose: EmailLinkPurpose,
  now = new Date(),
): SQL | undefined {
  return and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}

/**
 * Whether a session holds, prepared once per database: it runs on every signed-in request, and
 * neither its text nor PostgreSQL's plan needs building again each time.
 */
function prepareSessionQueries(db: Database) {
  const holds = and(
    eq(sessions.tokenHash, sql.placeholder('tokenHash')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql.placeholder('now')),
  );
  return {
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

/**
 * What a request reads of its member beside their session, in the session's own query (decision
 * 163): on PGlite every query is a round trip through the one connection, so the member's view or
 * their access rows come back in the same row as the session.
 */
export interface Alongside<T> {
  /** The statement's name, one per kind of read. */
  name: string;
  /** Its columns, over `users`: the session's member. */
  columns: SQL;
  /**
   * For a reading that keeps what it read (decision 178): what it kept for this session, handed
   * back to `read`, and the values of its columns' placeholders.
   */
  prior?(session: SessionScope): { values: Record<string, unknown>; kept: unknown };
  /**
   * Whether the read may be kept beside the session while the database names neither the member
   * nor their trainer (decision 179): it reads only rows whose every change names one of them.
   */
  keptWithSession?: boolean;
  /** The read, from the row's columns and the session's member. */
  read(row: Record<string, unknown>, user: UserRow, session: SessionScope & { kept?: unknown }): T;
}

/** The session a reading reads beside: its database and token's hash. */
export interface SessionScope {
  db: Database;
  tokenHash: string;
}

/**
 * The member a session signs in and when the session expires, if it holds at `now`, with what
 * `alongside` reads of them: on every signed-in request, so kept prepared on PGlite itself
 * (decision 156).
 */
export async function findSessionUser<T = undefined>(
  db: Database,
  tokenHash: string,
  now: Date,
  alongside?: Alongside<T>,
): Promise<{ user: UserRow; expiresAt: Date; alongside: T | undefined } | undefined> {
  const scope = { db, tokenHash };
  const prior = alongside?.prior?.(scope);
  const [row] = await preparedRows(
    db,
    alongside ? `member_session_${alongside.name}` : 'member_session',
    () => sql`select row_to_json(users.*) as user, ${sessions.expiresAt} as expires_at
        ${alongside ? sql`, ${alongside.columns}` : sql``}
      from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
      where ${sessions.tokenHash} = ${sql.placeholder('tokenHash')} and ${sessions.revokedAt} is null
        and ${sessions.expiresAt} > ${sql.placeholder('now')}
      limit 1`,
    { ...prior?.values, tokenHash, now: now.toISOString() },
  );
  if (!row) return undefined;
  const user = fromJson(users, row.user as Record<string, unknown>);
  return {
    user,
    expiresAt: new Date(row.expires_at as string | Date),
    alongside: alongside?.read(row, user, { ...scope, kept: prior?.kept }),
  };
}

/** Whether a session still holds at `now`: not revoked, expired or deleted. */
export async function sessionHolds(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  return (await queriesOf(db).holds.execute({ tokenHash, now: now.toISOString() })).length > 0;
}

/** A verification link that may still be used, with its member and the address it was sent to. */
export async function findUsableVerificationLink(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ user: UserRow; email: string } | undefined> {
  const [link] = await db
    .select({ user: users, email: emailTokens.email })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(usableEmailLink(tokenHash, 'verify_email', now))
    .limit(1);
  return link;
}

/** A verification link whether used or not: the address it was sent to, and its member's now. */
export async function findVerificationLink(
  db: Database,
  tokenHash: string,
): Promise<{ verified: boolean; userEmail: string; email: string } | undefined> {
  const [link] = await db
    .select({ verified: users.emailVerified, userEmail: users.email, email: emailTokens.email })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, 'verify_email')))
    .limit(1);
  return link;
}

/** The member's password hash while their session holds at `now`, or undefined. */
export async function liveSessionPasswordHash(
  db: Database,
  session: { tokenHash: string; userId: string },
  now: Date,
): Promise<string | undefined> {
  const [live] = await db
    .select({ passwordHash: users.passwordHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, session.tokenHash),
        eq(sessions.userId, session.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return live?.passwordHash;
}
