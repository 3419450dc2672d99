// Resolves the `token` header. A session token signs the member in. The single-purpose email
// verification token from the emailed link is accepted only where a call asks for it.
import type { Database } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { type ApiKey, conflict, unauthorized } from '../errors.ts';
import {
  type Alongside,
  findSessionUser,
  findUsableVerificationLink,
  findVerificationLink,
  sessionHolds,
} from './auth.repository.ts';
import { beginRead, keepSession, keptSession } from './kept-sessions.ts';
import type { MemberViews } from './member-view-cache.ts';
import { hashToken } from './tokens.ts';

export const EMAIL_ALREADY_VERIFIED: ApiKey = 'auth.emailAlreadyVerified';

export type Auth =
  | {
      kind: 'session';
      user: UserRow;
      tokenHash: string;
      expiresAt: Date;
      /** The member views' epoch before the session was read (decision 097). */
      epoch: number;
      /**
       * What the call reads of its member, read with the session (decision 163), with the reading that
       * read it: the module that owns the reading gives its rows their type (`readWith`).
       */
      alongside?: { reading: Alongside<unknown>; rows: unknown };
    }
  | { kind: 'emailVerification'; user: UserRow; tokenHash: string };

function tokenOf(header: string | string[] | undefined): string | undefined {
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 256 ? token : undefined;
}

const sessionOf = ({ user, expiresAt }: { user: UserRow; expiresAt: Date }) => ({ user, expiresAt });

/** The rows `reading` read with the session, typed by the reading that read them, if it did. */
export function readWith<T>(auth: Auth, reading: Alongside<T>): T | undefined {
  return auth.kind === 'session' && auth.alongside?.reading === reading
    ? (auth.alongside.rows as T)
    : undefined;
}

/** The caller a request's `token` header names. */
export async function authenticate(
  db: Database,
  tokenHeader: string | string[] | undefined,
  options: {
    allowEmailVerification?: boolean;
    /** Given only for a call that reads and nothing else: the member's own view. */
    memberViews?: MemberViews;
    /**
     * What the call reads of its member, read in the session's own query (decision 163): their
     * view (GET /api/user), or what decides their access (the members' area). The reading is the
     * caller's: auth knows the session, not what the areas read.
     */
    read?: Alongside<unknown>;
  } = {},
): Promise<Auth> {
  const token = tokenOf(tokenHeader);
  if (!token) throw unauthorized('auth.signIn');
  const tokenHash = hashToken(token);
  const epoch = options.memberViews?.epoch() ?? 0;
  const now = new Date();
  const { read } = options;
  // Kept while the database has named neither the member nor their trainer since (decision 179): a
  // reading kept beside it too, or read by the call itself. Asked first: a kept session needs no
  // query at all, where a remembered one below may still ask the database whether it holds.
  const kept = keptSession(db, tokenHash, now, read);
  if (kept) return { kind: 'session', ...kept, tokenHash, epoch };
  const remembered = options.memberViews?.session(tokenHash);
  // A session read before needs only asking whether it still holds (revoked, expired or deleted
  // since), and not even that where no other process writes the database.
  if (remembered && (!remembered.confirm || (await sessionHolds(db, tokenHash, now)))) {
    return { kind: 'session', user: remembered.user, expiresAt: remembered.expiresAt, tokenHash, epoch };
  }
  const began = beginRead(db);
  const session = await findSessionUser(db, tokenHash, now, read);
  if (session) {
    const alongside =
      read && session.alongside !== undefined ? { reading: read, rows: session.alongside } : undefined;
    if (began) keepSession(db, began, tokenHash, sessionOf(session), alongside);
    return { kind: 'session', ...sessionOf(session), ...(alongside && { alongside }), tokenHash, epoch };
  }

  if (options.allowEmailVerification) {
    const link = await findUsableVerificationLink(db, tokenHash, now);
    // A link sent to an earlier address verifies nothing once the email has changed.
    if (link && link.email.toLowerCase() === link.user.email.toLowerCase()) {
      return { kind: 'emailVerification', user: link.user, tokenHash };
    }
    // A verification link opened again after it did its work: say so, rather than that it failed.
    const spent = await findVerificationLink(db, tokenHash);
    if (spent?.verified && spent.email.toLowerCase() === spent.userEmail.toLowerCase()) {
      throw conflict(EMAIL_ALREADY_VERIFIED);
    }
  }
  throw unauthorized();
}
