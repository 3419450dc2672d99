// The deletes of housekeeping (see prune.ts), each counting the rows it removed.
import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { emailOutbox, emailTokens, loginThrottle, sessions } from '../db/schema.ts';

/** Sessions that expired, or were revoked, before `before`. */
export async function deleteSessionsEndedBefore(db: Database, before: Date): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.tokenHash });
  return gone.length;
}

export async function deleteEmailLinksExpiredBefore(db: Database, before: Date): Promise<number> {
  const gone = await db
    .delete(emailTokens)
    .where(lt(emailTokens.expiresAt, before))
    .returning({ id: emailTokens.tokenHash });
  return gone.length;
}

export async function deleteEmailsSentBefore(db: Database, before: Date): Promise<number> {
  const gone = await db
    .delete(emailOutbox)
    .where(and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, before)))
    .returning({ id: emailOutbox.id });
  return gone.length;
}

/** Failure counters last counted before `before` whose lock, if any, has passed at `now`. */
export async function deleteThrottlesIdleSince(db: Database, before: Date, now: Date): Promise<number> {
  const gone = await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.updatedAt, before),
        or(lt(loginThrottle.lockedUntil, now), isNull(loginThrottle.lockedUntil)),
      ),
    )
    .returning({ email: loginThrottle.email });
  return gone.length;
}
