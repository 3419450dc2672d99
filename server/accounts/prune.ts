// Housekeeping: rows that no request will read again are deleted on a schedule, so the tables do not
// grow without limit. Each instance runs it; the deletes are idempotent, so two at once do no harm.
// Retention leaves every row long enough for what reads it: a used or expired link still answers
// "already used" or "expired" for 30 days, the dev mailbox and support keep delivered emails for 30.
import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { emailOutbox, emailTokens, loginThrottle, sessions } from '../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const RETENTION_DAYS = 30;
const EVERY_MS = 60 * 60 * 1000;

export interface Pruned {
  sessions: number;
  emailTokens: number;
  emailOutbox: number;
  loginThrottle: number;
}

export async function pruneTables(db: Database, now = new Date()): Promise<Pruned> {
  const before = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.tokenHash });
  const links = await db
    .delete(emailTokens)
    .where(lt(emailTokens.expiresAt, before))
    .returning({ id: emailTokens.tokenHash });
  const mails = await db
    .delete(emailOutbox)
    .where(and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, before)))
    .returning({ id: emailOutbox.id });
  // Failed logins a day old no longer hold anyone back once their lock has passed.
  const throttles = await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.updatedAt, dayAgo),
        or(lt(loginThrottle.lockedUntil, now), isNull(loginThrottle.lockedUntil)),
      ),
    )
    .returning({ email: loginThrottle.email });
  return {
    sessions: gone.length,
    emailTokens: links.length,
    emailOutbox: mails.length,
    loginThrottle: throttles.length,
  };
}

/** Prunes a minute after start and then every hour; returns the stop. */
export function startPruning(
  db: Database,
  log: { info(msg: string): void; error(msg: string): void },
): () => void {
  const run = () =>
    void pruneTables(db)
      .then((pruned) => {
        const total = Object.values(pruned).reduce((a, b) => a + b, 0);
        if (total > 0) log.info(`pruned ${JSON.stringify(pruned)}`);
      })
      .catch((error: Error) => log.error(`pruning failed: ${error.message}`));
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
