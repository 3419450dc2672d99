// The flows to try (docs/site, written by `npm run docs:site`) at /docs, with the storyboard's pictures
// they show at /docs/statecharts/screens: registered outside production only, like the dev pages, so a
// product owner can open them from the running site as well as from the files. The pages' script and
// style are files of their own, which the strict content security policy lets through.
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DOCS_PATH } from '../site/shell.ts';

const DOCS_DIR = join(import.meta.dirname, '..', '..', 'docs');

export async function docsSiteRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(DOCS_DIR, 'site'),
    prefix: DOCS_PATH,
    decorateReply: false,
    index: 'index.html',
    redirect: true,
    // Regenerated while the server runs: the browser asks again each time.
    cacheControl: false,
    etag: true,
  });
  await app.register(fastifyStatic, {
    root: join(DOCS_DIR, 'statecharts', 'screens'),
    prefix: `${DOCS_PATH}statecharts/screens/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
  });
}
