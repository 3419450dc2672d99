import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';

export async function startTestApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DIST_DIR: 'does-not-exist', ...env });
  const app = await buildApp({ config, logger: false });
  await app.ready();
  return app;
}
