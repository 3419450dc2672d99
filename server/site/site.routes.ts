// The SPA's pages: every page path is the HTML shell (server/site/shell.ts), the built assets go
// out as the build compressed them, the embedded CMS's images are served when Sanity is not used, and
// the demo's product images always.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../domain/api-types.ts';
import { DEFAULT_TRAINER_ID, type PageNeeds, pageNeeds } from '../../domain/pages.ts';
import { pageMember } from '../accounts/member-view.ts';
import type { Config } from '../config.ts';
import { contentServiceFor, SETTINGS_TTL_MS } from '../content/content-service.ts';
import { LOCAL_ASSETS_PATH } from '../content/local-source.ts';
import type { ServerContext } from '../context.ts';
import { DEMO_IMAGES_DIR, DEMO_IMAGES_PATH } from '../db/demo-images.ts';
import { matchesIfNoneMatch } from '../http/conditional.ts';
import { shellPolicy } from '../http/content-security-policy.ts';
import { sessionCookies } from '../http/session-cookie.ts';
import { serviceOrigins, servicesSettings } from '../integrations.ts';
import { lazyModuleFiles, type Manifest } from '../vite-manifest.ts';
import { createPageRenderer } from './page-renderer.ts';
import { NONCE_SLOT, newNonce } from './rendered-markup.ts';
import { registerSeo, requestLocale } from './seo.routes.ts';
import { API_PREFIXES, type EarlyRequests, renderShell, shellData, trainerIdOf } from './shell.ts';
import { withNonce } from './spliced-page.ts';
import { registerStudioPages, STUDIO_ENTRY } from './studio.routes.ts';

export async function registerSpa(
  app: FastifyInstance,
  config: Config,
  { db, catalogueChanges, memberViews }: Pick<ServerContext, 'db' | 'catalogueChanges' | 'memberViews'>,
): Promise<void> {
  const distDir = path.resolve(config.DIST_DIR);
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : undefined;
  const trainerId = template ? trainerIdOf(template) : DEFAULT_TRAINER_ID;
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const screenFiles = new Map<string, string[]>();
  const earlyRequests = (needs: PageNeeds | null, rendered: boolean): EarlyRequests | null => {
    if (!needs) return null;
    let files = screenFiles.get(needs.screen);
    if (!files) {
      files = lazyModuleFiles(manifest, needs.screen);
      screenFiles.set(needs.screen, files);
    }
    return rendered ? { files } : { files, call: needs.call };
  };
  const content = contentServiceFor(config);
  const services = servicesSettings(config);
  const origins = serviceOrigins(config);
  const cookies = sessionCookies(config);
  const withPageHead = await registerSeo(app, { config, db, catalogueChanges, trainerId, content });
  // The public pages are rendered with the same API answers the SPA would get, asked in-process.
  const pages = built
    ? await createPageRenderer(
        {
          distDir,
          manifest,
          ttlMs: SETTINGS_TTL_MS,
          validates: shellPolicy(NONCE_SLOT, origins),
          getJson: async (url) => {
            const answer = await app.inject({ method: 'GET', url });
            return { status: answer.statusCode, body: answer.statusCode === 200 ? answer.json() : null };
          },
        },
        app.log,
      )
    : null;
  // A page shows the catalogue's prices: a change through the admin API shows on the next page.
  if (pages) catalogueChanges.onChange(pages.forget);

  if (built) {
    const production = config.NODE_ENV === 'production';
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      // The build wrote .br and .gz copies beside each text asset (decision 080).
      preCompressed: true,
      // The raw template would go out without the branding and the shell's headers: it is served
      // as the shell instead, and so would the studio's (decision 147). Source maps stay private in production.
      allowedPath: (pathName) =>
        pathName !== '/index.html' &&
        pathName !== `/${STUDIO_ENTRY}` &&
        !(production && pathName.endsWith('.map')),
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/'))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      return payload;
    });
  }
  if (!config.SANITY_PROJECT_ID) {
    await app.register(fastifyStatic, {
      root: path.resolve(config.CONTENT_DIR, 'assets'),
      prefix: LOCAL_ASSETS_PATH,
      decorateReply: false,
      index: false,
      maxAge: '1d',
    });
  }

  // Whichever content source is used: the demo's products, in the database, point here.
  await app.register(fastifyStatic, {
    root: DEMO_IMAGES_DIR,
    prefix: DEMO_IMAGES_PATH,
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
  });

  const isPage = (url: string) => !API_PREFIXES.some((p) => url.startsWith(p)) && url !== '/api';

  const serveShell = async (request: FastifyRequest, reply: FastifyReply, template: string) => {
    const nonce = newNonce();
    const locale = requestLocale(request);
    // Revalidated on every visit; the language comes from Accept-Language unless the address has one.
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, accept-language');
    const raw = request.url.split('?')[0] ?? '/';
    let pathname = raw;
    try {
      pathname = decodeURIComponent(raw);
    } catch {
      // A malformed escape: the page is still served, with no early call.
    }
    const data = await shellData(content, services, locale, request.log);
    // A rendered page carries its data: its shell asks for the screen's code, not for the call.
    const shell = (styleNonce: string, rendered = false) =>
      withPageHead(
        request,
        renderShell(
          template,
          data,
          styleNonce,
          earlyRequests(pageNeeds(pathname, locale, trainerId), rendered),
          pathname,
        ),
        pathname,
        data.settings,
      );
    const page = { url: request.url, locale, settings: data.settings };
    const rendered =
      pages && !data.error ? await pages.page(page, () => shell(NONCE_SLOT, true), request.log) : null;
    const send = (html: string | Buffer) =>
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', shellPolicy(nonce, origins))
        .send(html);
    const emptyShell = async () => send(await shell(nonce));
    if (!pages || !rendered) return emptyShell();
    // A page opened with a session is rendered for its member (decision 127): theirs alone, kept by
    // no browser or cache, never a 304 of the visitor's page. Looked at only where a visitor's page is
    // rendered: a member's own pages are drawn by the browser.
    const sessionToken = cookies.read(request);
    if (sessionToken) {
      reply
        .header('cache-control', 'private, no-store')
        .header('vary', 'accept-encoding, accept-language, cookie');
      let member: User | null;
      try {
        member = await pageMember({ db, memberViews }, sessionToken);
      } catch (error) {
        // The database is away: the browser draws the page for the member it keeps, as before.
        request.log.warn({ err: error }, "a page's session could not be read, serving the empty shell");
        return emptyShell();
      }
      if (member) {
        const { token: _token, ...view } = member;
        const html = await pages.memberPage(page, view, () => shell(NONCE_SLOT, true), request.log);
        return html ? send(withNonce(html, NONCE_SLOT, nonce)) : emptyShell();
      }
      // The session has ended (signed out elsewhere, revoked, expired): the visitor's page, from its
      // first paint, and the cookie dropped.
      cookies.clear(reply);
    }
    // A rendered page goes out as gzip, its pieces compressed once (decision 124), to any client that
    // takes it: brotli per response cost more than its few bytes saved.
    const gzip =
      request.headers['x-no-compression'] === undefined &&
      negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip';
    if (!sessionToken) {
      const etag = rendered.etag(gzip ? 'gzip' : 'identity');
      reply.header('etag', etag);
      // The browser keeps the page with the policy it came with, one nonce in both; a 304 names no
      // policy, so the kept one stays with its page (RFC 9111, 4.3.4).
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    }
    if (!gzip) return send(rendered.html(nonce));
    reply.header('content-encoding', 'gzip');
    return send(rendered.gzip(nonce));
  };

  await registerStudioPages(app, config);

  // Every other page path is the shell: a route (not the not-found handler), so its answer goes
  // through the same hooks as the rest, compression included (a rendered page comes compressed). The
  // empty shell has no ETag; a rendered page's ETag is of the page below its nonce (decision 124).
  if (template) {
    app.get('/*', async (request, reply) =>
      isPage(request.url) ? serveShell(request, reply, template) : reply.callNotFound(),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const page = (request.method === 'GET' || request.method === 'HEAD') && isPage(request.url);
    // `/index.html`, which the static files refuse: the raw template would go out unbranded.
    if (page && template) return serveShell(request, reply, template);
    const message = page
      ? 'The site is not built: run npm run build'
      : `No route ${request.method} ${request.url.split('?')[0]}`;
    return reply.code(404).send({ success: false, message });
  });
}
