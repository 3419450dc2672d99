import { sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import type { Handlers } from '../contract.ts';

export function healthHandlers({ db, dbKind }: ServerContext): Handlers {
  return {
    getHealth: async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        return reply.code(503).send({ success: false, message: 'The database does not answer' });
      }
      return { success: true, status: 'ok', database: dbKind };
    },
  };
}
