// Housekeeping: rows that no request will read again are deleted on a schedule, so the tables do not
// grow without limit. Each instance runs it; the deletes are idempotent, so two at once do no harm.
// Retention leaves every row long enough for what reads it: a used or expired link still answers
// "already used" or "expired" for 30 days, the dev mailbox and support keep delivered emails for 30.
import type { Database } from '../db/index.ts';
import {
  deleteEmailLinksExpiredBefore,
  deleteEmailsSentBefore,
  deleteSessionsEndedBefore,
  deleteThrottlesIdleSince,
} from './prune.repository.ts';

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
  const sessions = await deleteSessionsEndedBefore(db, before);
  const emailTokens = await deleteEmailLinksExpiredBefore(db, before);
  const emailOutbox = await deleteEmailsSentBefore(db, before);
  // Failed logins a day old no longer hold anyone back once their lock has passed.
  const loginThrottle = await deleteThrottlesIdleSince(db, dayAgo, now);
  return { sessions, emailTokens, emailOutbox, loginThrottle };
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
