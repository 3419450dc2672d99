import type { Config } from '../config.ts';
import type { Handlers } from '../contract.ts';

export function healthHandlers(config: Config): Handlers {
  return {
    getHealth: async () => ({
      success: true,
      status: 'ok',
      database: config.DATABASE_URL ? 'postgres' : 'pglite',
    }),
  };
}
