// What crawlers and link previews fetch besides the pages (decision 119): GET /sitemap.xml,
// GET /robots.txt and the site's own pictures cut to the social size, /social-images/…; and the
// <head> of each page, which the shell's route adds (site.routes.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../domain/localized.ts';
import { loadCatalogue } from '../catalogue/catalogue.ts';
import { catalogueCache } from '../catalogue/catalogue-cache.ts';
import type { CatalogueChanges } from '../catalogue/catalogue-changes.ts';
import type { Config } from '../config.ts';
import { ContentError, type ContentService } from '../content/content-service.ts';
import { DEMO_IMAGES_DIR } from '../db/demo-images.ts';
import type { Database } from '../db/index.ts';
import { langOfQuery, pageLocale } from './seo.ts';
import { type HeadTags, withHead } from './seo-head.ts';
import { SOCIAL_IMAGES_PATH } from './seo-image.ts';
import { headTagsFor, type SeoSources } from './seo-pages.ts';
import { PAGE_SLUGS_QUERY, publicPaths, robotsTxt, sitemapXml } from './sitemap.ts';
import { cutSvg, ImageRequestError, parseRect, SVG_FILE_NAME, svgSize } from './social-image.ts';

export interface SeoOptions {
  config: Config;
  db: Database;
  catalogueChanges: CatalogueChanges;
  trainerId: string;
  content: ContentService;
}

/** The demo's drawings and their sizes, read once: they ship with the server. */
function demoSizes(): Map<string, { width: number; height: number }> {
  const sizes = new Map<string, { width: number; height: number }>();
  for (const name of readdirSync(DEMO_IMAGES_DIR).filter((file) => SVG_FILE_NAME.test(file))) {
    sizes.set(name, svgSize(readFileSync(path.join(DEMO_IMAGES_DIR, name), 'utf8')));
  }
  return sizes;
}

/** The page's language: the address's `?lang=`, else the browser's. */
export function requestLocale(request: FastifyRequest): Locale {
  return pageLocale(fixedLocale(request), request.headers['accept-language']);
}

function fixedLocale(request: FastifyRequest): Locale | null {
  const query = request.url.indexOf('?');
  return query < 0 ? null : langOfQuery(new URLSearchParams(request.url.slice(query + 1)));
}

export async function registerSeo(app: FastifyInstance, options: SeoOptions) {
  const { config, db, trainerId, content } = options;
  // The catalogue's own cache rule (decision 081): a product page's head reads the database at most
  // once per language and max-age, and an admin change drops it at once.
  const catalogue = catalogueCache(
    (trainer, locale) => loadCatalogue(db, trainer, locale),
    config.CATALOGUE_MAX_AGE_SECONDS,
  );
  options.catalogueChanges.onChange(catalogue.forget);
  const sources: SeoSources = {
    content,
    catalogue: (locale) => catalogue(trainerId, locale),
    publicUrl: config.publicUrl,
    demoSizes: demoSizes(),
  };

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(config.publicUrl)),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    let slugs: unknown;
    try {
      slugs = await content.source.query<unknown>(PAGE_SLUGS_QUERY);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      // A sitemap without the CMS's pages would tell crawlers they are gone: try again later instead.
      request.log.warn({ err: error }, 'sitemap unavailable: the CMS failed');
      return reply
        .code(503)
        .header('retry-after', '60')
        .send({ success: false, message: `The sitemap is unavailable: ${error.message}` });
    }
    const catalogue = await sources.catalogue('en');
    const paths = publicPaths({
      pageSlugs: Array.isArray(slugs) ? slugs.filter((slug): slug is string => typeof slug === 'string') : [],
      challenges: catalogue?.challenges.map((product) => product.slug) ?? [],
      courses: catalogue?.courses.map((product) => product.slug) ?? [],
    });
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(config.publicUrl, paths));
  });

  const folders: Record<string, string> = { demo: DEMO_IMAGES_DIR };
  // The CMS's own files are served here only when they are (no Sanity: its CDN cuts its pictures).
  if (!config.SANITY_PROJECT_ID) folders.content = path.resolve(config.CONTENT_DIR, 'assets');
  app.get<{ Params: { folder: string; file: string }; Querystring: { rect?: string } }>(
    `${SOCIAL_IMAGES_PATH}:folder/:file`,
    async (request, reply) => {
      const folder = folders[request.params.folder];
      const { file } = request.params;
      if (!folder || !SVG_FILE_NAME.test(file)) return notFound(request, reply);
      let svg: string;
      try {
        svg = await readFile(path.join(folder, file), 'utf8');
      } catch {
        return notFound(request, reply);
      }
      try {
        const cut = cutSvg(svg, parseRect(request.query.rect));
        return (
          reply
            .type('image/svg+xml')
            .header('cache-control', 'public, max-age=86400')
            // A drawing opened on its own is a document of this site: it may run and fetch nothing.
            .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
            .send(cut)
        );
      } catch (error) {
        if (!(error instanceof ImageRequestError)) throw error;
        return reply.code(400).send({ success: false, message: error.message });
      }
    },
  );

  /** The shell with the page's <head>; the shell as it is when the CMS or the database fails. */
  return async function withPageHead(
    request: FastifyRequest,
    html: string,
    pathname: string,
    settings: Parameters<typeof headTagsFor>[2],
  ): Promise<string> {
    let tags: HeadTags;
    try {
      tags = await headTagsFor(
        sources,
        { pathname, locale: requestLocale(request), fixed: fixedLocale(request) },
        settings,
      );
    } catch (error) {
      request.log.warn({ err: error }, 'page head unavailable, serving the shell without it');
      return html;
    }
    return withHead(html, tags);
  };
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ success: false, message: `No image ${request.url.split('?')[0]}` });
}
