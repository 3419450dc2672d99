// Liveness (`/api/health`) says this process answers: it touches nothing else, so a restart is never
// ordered for a database or Redis outage that a restart cannot mend, and the probe costs nothing.
// Readiness (`/api/ready`) says this instance can take traffic: the database answers with every
// migration applied, and Redis answers when configured (decision 081), both within
// READY_DEADLINE_MS (decision 093). While the server shuts down, Fastify answers every new request,
// both of these included, with 503.
import type { Database } from '../db/index.ts';
import type { Redis } from '../redis.ts';
import { databaseMigrated } from './health.repository.ts';

/** Readiness answers within a second whatever its dependencies do: a load balancer's probe has a deadline too. */
export const READY_DEADLINE_MS = 800;

/** The check's answer, or a rejection once the deadline has passed; the check itself runs on to its own deadline. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Null when this instance can take traffic, or what keeps it from it. */
export async function notReadyBecause({
  db,
  redis,
}: {
  db: Database;
  redis: Redis | null;
}): Promise<string | null> {
  // Both at once, so a silent database and a silent Redis still fit in one deadline.
  const [database, cache] = await Promise.allSettled([
    within(databaseMigrated(db), READY_DEADLINE_MS),
    redis ? within(redis.ping(), READY_DEADLINE_MS) : Promise.resolve(),
  ]);
  if (database.status === 'rejected') return 'The database does not answer';
  if (!database.value) return 'The database migrations are not all applied yet';
  if (cache.status === 'rejected') return 'Redis does not answer';
  return null;
}
