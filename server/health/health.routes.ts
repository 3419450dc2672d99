// Liveness and readiness probes (readiness.ts says what each one means).
import type { AreaPlugin, ServerContext } from '../context.ts';
import type { Handlers } from '../http/contract.ts';
import { notReadyBecause } from './readiness.ts';

export function healthHandlers(context: ServerContext): Handlers {
  const alive = { success: true, status: 'ok', database: context.dbKind } as const;
  return {
    getHealth: async () => alive,
    getReady: async (_request, reply) => {
      const message = await notReadyBecause(context);
      if (message) return reply.code(503).header('retry-after', '5').send({ success: false, message });
      return { success: true, status: 'ready' };
    },
  };
}

export const healthArea: AreaPlugin = async (app, { context }) => {
  app.operations(healthHandlers(context));
};
