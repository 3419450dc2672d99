// The studio's pages (decision 147): `/studio` and every path below it get the studio's own shell,
// branded like the public one (the site's settings inlined, decision 011), never indexed, never kept
// by a cache, under a policy of its own. The studio is a second entry of the build: a public page
// never loads its code, and this shell never loads the public pages'.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_SERVICES } from '../../domain/integrations.ts';
import type { Config } from '../config.ts';
import { contentServiceFor } from '../content/content-service.ts';
import { STUDIO_PERMISSIONS_POLICY, studioPolicy } from '../http/content-security-policy.ts';
import { newNonce } from './rendered-markup.ts';
import { requestLocale } from './seo.routes.ts';
import { renderShell, shellData } from './shell.ts';

/** The studio's page as the studio's own build writes it (vite.studio.config.ts). */
export const STUDIO_ENTRY = 'studio.html';

/** The studio's address, and its paths' prefix. */
export const STUDIO_PATH = '/studio';

export function studioTemplate(distDir: string): string | undefined {
  const file = path.join(distDir, STUDIO_ENTRY);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export async function registerStudioPages(app: FastifyInstance, config: Config): Promise<void> {
  const template = studioTemplate(path.resolve(config.DIST_DIR));
  const content = contentServiceFor(config);
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!template) {
      return reply.code(404).send({ success: false, message: 'The site is not built: run npm run build' });
    }
    const nonce = newNonce();
    // The studio starts no embedded service: its settings name none.
    const data = await shellData(content, NO_SERVICES, requestLocale(request), request.log);
    return (
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        // Staff's pages are theirs alone: no browser or proxy keeps one, and no search engine lists one.
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        // An invite's or an emailed link's token is in the address: no other site learns it.
        .header('referrer-policy', 'no-referrer')
        .header('permissions-policy', STUDIO_PERMISSIONS_POLICY)
        .header('content-security-policy', studioPolicy(nonce))
        .send(renderShell(template, data, nonce, null, STUDIO_PATH))
    );
  };
  app.get(STUDIO_PATH, serve);
  app.get(`${STUDIO_PATH}/*`, serve);
}
