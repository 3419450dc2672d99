// The API serves the built SPA on the same origin. Any path that is neither an API call nor a built
// file gets index.html, so the SPA's router (and its generic content page) decides what it is.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

const API_PREFIXES = ['/api/', '/sandbox/', '/dev/'];

export async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const distDir = path.resolve(config.DIST_DIR);
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  const html = built ? readFileSync(indexFile, 'utf8') : undefined;

  if (built) {
    await app.register(fastifyStatic, { root: distDir, index: false, wildcard: false, cacheControl: false });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/'))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      return payload;
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => request.url.startsWith(p)) &&
      request.url !== '/api';
    if (isPage && html) {
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    const message = isPage
      ? 'The site is not built: run npm run build'
      : `No route ${request.method} ${request.url.split('?')[0]}`;
    return reply.code(404).send({ success: false, message });
  });
}
