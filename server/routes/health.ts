import type { ServerContext } from '../context.ts';
import type { Handlers } from '../contract.ts';
import { migrationsApplied } from '../db/index.ts';

/**
 * Liveness (`/api/health`) says this process answers: it touches nothing else, so a restart is never
 * ordered for a database or Redis outage that a restart cannot mend, and the probe costs nothing.
 * Readiness (`/api/ready`) says this instance can take traffic: the database answers with every
 * migration applied, and Redis answers when configured (decision 081). While the server shuts down,
 * Fastify answers every new request, both of these included, with 503.
 */
export function healthHandlers({ dbKind, db, redis }: ServerContext): Handlers {
  const alive = { success: true, status: 'ok', database: dbKind } as const;
  return {
    getHealth: async () => alive,
    getReady: async (_request, reply) => {
      const notReady = (message: string) =>
        reply.code(503).header('retry-after', '5').send({ success: false, message });
      try {
        if (!(await migrationsApplied(db)))
          return notReady('The database migrations are not all applied yet');
      } catch {
        return notReady('The database does not answer');
      }
      if (redis) {
        try {
          await redis.ping();
        } catch {
          return notReady('Redis does not answer');
        }
      }
      return { success: true, status: 'ready' };
    },
  };
}
