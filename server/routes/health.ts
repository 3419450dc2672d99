import { sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import type { Handlers } from '../contract.ts';
import { migrationsApplied } from '../db/index.ts';

/**
 * Liveness (`/api/health`) says the process and its database answer; readiness (`/api/ready`) says
 * this instance can take traffic: migrations applied, Redis answering when configured. While the
 * server shuts down, Fastify answers every new request, this one included, with 503.
 */
export function healthHandlers({ db, dbKind, redis }: ServerContext): Handlers {
  return {
    getHealth: async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        return reply.code(503).send({ success: false, message: 'The database does not answer' });
      }
      return { success: true, status: 'ok', database: dbKind };
    },
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
