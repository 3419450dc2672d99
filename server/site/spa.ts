// The API serves the built SPA on the same origin. Any path that is neither an API call nor a built
// file gets the HTML shell, so the SPA's router (and its generic content page) decides what it is.
// The shell carries the trainer's branding (title, favicon, theme colour, and the settings as a JSON
// data block), so the first paint is already branded and the CMS client never reaches the browser.

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale, localeOfLanguage } from '../../domain/localized.ts';
import { DEFAULT_TRAINER_ID, type PageNeeds, pageNeeds, TRAINER_ID_META } from '../../domain/pages.ts';
import type { ServicesSettings } from '../../domain/services.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { Config } from '../config.ts';
import { type ContentService, contentServiceFor } from '../content/content-service.ts';
import { LOCAL_ASSETS_PATH } from '../content/local-source.ts';
import { shellPolicy } from '../http/content-security-policy.ts';
import { serviceOrigins, servicesSettings } from '../services.ts';
import { escapeHtml } from '../text/html.ts';
import { lazyModuleFiles, type Manifest } from '../vite-manifest.ts';

type SiteSettings = components['schemas']['SiteSettings'];

// Paths that are never pages: a miss there is a 404, not the shell.
const API_PREFIXES = ['/api/', '/sandbox/', '/dev/', '/assets/', LOCAL_ASSETS_PATH];

/** The id of the JSON block the SPA reads its settings from at start. */
export const SETTINGS_ELEMENT_ID = 'site-settings';
export const DEFAULT_SITE_NAME = 'Trainer';

/** The name of the meta element carrying the style nonce (the convention Vite's cspNonce uses). */
export const STYLE_NONCE_META = 'csp-nonce';

/** JSON that cannot close its script element or start a comment, whatever the CMS holds. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface ShellData {
  settings: SiteSettings | null;
  /** Which embedded services the SPA starts, and where they send. */
  services: ServicesSettings;
  /** The language of the settings' texts: the browser's, from Accept-Language (the SPA asks again if it differs). */
  locale: Locale;
  /** Why the settings are missing, when the CMS failed; the SPA then renders with defaults. */
  error?: string;
}

/** The trainer the build sells for, as its shell names it. */
export function trainerIdOf(template: string): string {
  return (
    template.match(new RegExp(`<meta name="${TRAINER_ID_META}" content="([^"]*)"`))?.[1] ?? DEFAULT_TRAINER_ID
  );
}

/** What the shell asks for with a page: its screen's files and its first API call. */
export interface EarlyRequests {
  files: string[];
  call: string;
}

/**
 * The shell for a page. `early` is what the page's screen needs beyond the first load, asked for with
 * the page rather than after the scripts have run: its code (module preloads, its CSS) and its first
 * API call (a fetch preload, which the SPA's own request takes up).
 */
export function renderShell(
  template: string,
  data: ShellData,
  styleNonce: string,
  early?: EarlyRequests | null,
): string {
  const { settings } = data;
  const title = escapeHtml(settings?.siteName || DEFAULT_SITE_NAME);
  const head = [
    `<meta property="${STYLE_NONCE_META}" nonce="${escapeHtml(styleNonce)}" />`,
    ...(early?.files ?? []).map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`
        : `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`,
    ),
    early ? `<link rel="preload" as="fetch" href="${escapeHtml(early.call)}" crossorigin="anonymous" />` : '',
    settings?.favicon?.url ? `<link rel="icon" href="${escapeHtml(settings.favicon.url)}" />` : '',
    settings?.primaryColor?.hex
      ? `<meta name="theme-color" content="${escapeHtml(settings.primaryColor.hex)}" />`
      : '',
    `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${jsonForScript(data)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `    ${head}\n  </head>`);
}

/** The first language of Accept-Language, without its region, when the site has texts in it. */
export function acceptedLocale(header: string | undefined): Locale {
  return localeOfLanguage(header?.split(',')[0]?.split(';')[0]) ?? DEFAULT_LOCALE;
}

async function shellData(
  content: ContentService,
  services: ServicesSettings,
  locale: Locale,
  log: FastifyBaseLogger,
): Promise<ShellData> {
  try {
    return { settings: await content.settings(locale), services, locale };
  } catch (error) {
    log.warn({ err: error }, 'site settings unavailable, serving the default shell');
    return {
      settings: null,
      services,
      locale,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

export async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const distDir = path.resolve(config.DIST_DIR);
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : undefined;
  const trainerId = template ? trainerIdOf(template) : DEFAULT_TRAINER_ID;
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const screenFiles = new Map<string, string[]>();
  const earlyRequests = (needs: PageNeeds | null): EarlyRequests | null => {
    if (!needs) return null;
    let files = screenFiles.get(needs.screen);
    if (!files) {
      files = lazyModuleFiles(manifest, needs.screen);
      screenFiles.set(needs.screen, files);
    }
    return { files, call: needs.call };
  };
  const content = contentServiceFor(config);
  const services = servicesSettings(config);
  const origins = serviceOrigins(config);

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
      // as the shell instead. Source maps stay private in production.
      allowedPath: (pathName) => pathName !== '/index.html' && !(production && pathName.endsWith('.map')),
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

  const isPage = (url: string) => !API_PREFIXES.some((p) => url.startsWith(p)) && url !== '/api';

  const serveShell = async (request: FastifyRequest, reply: FastifyReply, template: string) => {
    const nonce = randomBytes(16).toString('base64');
    const locale = acceptedLocale(request.headers['accept-language']);
    const raw = request.url.split('?')[0] ?? '/';
    let pathname = raw;
    try {
      pathname = decodeURIComponent(raw);
    } catch {
      // A malformed escape: the page is still served, with no early call.
    }
    const html = renderShell(
      template,
      await shellData(content, services, locale, request.log),
      nonce,
      earlyRequests(pageNeeds(pathname, locale, trainerId)),
    );
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', shellPolicy(nonce, origins))
      .send(html);
  };

  // Every other page path is the shell: a route (not the not-found handler), so its answer goes
  // through the same hooks as the rest, compression included. No ETag: each shell carries a fresh
  // nonce, so no two are alike.
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
