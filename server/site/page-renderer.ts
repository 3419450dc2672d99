// The public pages rendered by the server (decision 118), kept whole, shell and all, below the nonce
// (decision 124) per path, language (`?lang=` or the browser's) and settings, for as long as the content service keeps the
// settings they show. The render is the SPA's own components,
// from the server build of the pages (`vite build --ssr`, written under the build's `.ssr`); without
// that build, or when a render fails, the page goes out as the empty shell, as before.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '../../domain/localized.ts';
import type { PageMember, PageRendererModule, PageRenderInput } from '../../domain/rendered-page.ts';
import { lazyModuleFiles, type Manifest } from '../vite-manifest.ts';
import { intoShell, NONCE_LENGTH, NONCE_SLOT, renderedMarkup } from './rendered-markup.ts';
import { LANG_PARAM, langOfQuery } from './seo.ts';
import { type SplicedPage, splicedPage } from './spliced-page.ts';

/** The server build's entry, under the build directory. */
export const SERVER_RENDER_ENTRY = '.ssr/server-render.js';
/** Past this many addresses the oldest rendering is dropped: any path is a content page's. */
export const MAX_RENDERED_PAGES = 500;

const PRICING_SECTION = 'src/screens/home/pricing-section.tsx';
/** The SPA's module that hydrates a rendered page, asked for with the page rather than after the entry. */
const HYDRATE_PAGE = 'src/hydration/hydrate-page.tsx';
/** A rendered page's one script before its first paint, which asks for the rest after it (decision 126). */
export const AFTER_PAINT_LOADER = 'src/hydration/start.ts';

interface Logger {
  warn(details: object, message: string): void;
}

export interface PageRendererOptions {
  distDir: string;
  manifest: Manifest;
  ttlMs: number;
  getJson: PageRenderInput['getJson'];
  /** What else a 304 keeps of a page's first answer (its policy, written with the nonce's slot). */
  validates?: string;
  now?: () => number;
}

export interface PageRequest {
  /** The address as asked for. */
  url: string;
  locale: Locale;
  /** The settings the page shows, as the content service gives them: the same object while they hold. */
  settings: unknown;
}

export interface PageRenderer {
  /**
   * The page rendered into the shell `shell` writes (with NONCE_SLOT as its nonce), kept below the
   * nonce for every response; null when the address is not rendered (the empty shell goes out).
   */
  page(page: PageRequest, shell: () => Promise<string>, log: Logger): Promise<SplicedPage | null>;
  /**
   * The page rendered for a signed-in member (decision 127), with NONCE_SLOT where each nonce goes:
   * never kept, it is theirs alone. Null where the render fails; ask only for an address `page` renders.
   */
  memberPage(
    page: PageRequest,
    member: PageMember,
    shell: () => Promise<string>,
    log: Logger,
  ): Promise<string | null>;
  /** Drops every rendering: the catalogue they show has changed (a price added or archived). */
  forget(): void;
  /** How many renderings are kept (tests). */
  size(): number;
}

interface Kept {
  at: number;
  settings: unknown;
  /** The page, or null for an address that is not rendered (a member's page, a missing one). */
  page: Promise<SplicedPage | null>;
}

/**
 * The renderer over the server build in `distDir`, or null when the build has none or it cannot be
 * loaded (then logged): the site still starts, its pages as the empty shell.
 */
export async function createPageRenderer(
  options: PageRendererOptions,
  log: Logger,
): Promise<PageRenderer | null> {
  const entry = path.join(options.distDir, SERVER_RENDER_ENTRY);
  if (!existsSync(entry)) return null;
  try {
    const module = (await import(pathToFileURL(entry).href)) as PageRendererModule;
    return pageRenderer(module, options);
  } catch (error) {
    log.warn({ err: error, entry }, 'the server render cannot be loaded, serving the empty shell');
    return null;
  }
}

/**
 * The address a page is rendered and kept under: its path, and `lang`, the one parameter a rendered
 * page reads (its texts, its head's canonical and language links). The others are the browser's
 * business (an emailed link's token and flags, a chosen plan, read by the SPA) or nobody's (utm_*,
 * fbclid): kept in the address, each visit carrying one was a render of its own, 7.7 times slower than
 * a kept page, and pushed a real page out of the cache.
 */
export function keptAddress(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const lang = langOfQuery(new URLSearchParams(url.slice(query + 1)));
  return `${url.slice(0, query)}${lang ? `?${LANG_PARAM}=${lang}` : ''}`;
}

export function pageRenderer(module: PageRendererModule, options: PageRendererOptions): PageRenderer {
  const { ttlMs, getJson, manifest, validates = '', now = Date.now } = options;
  const loader = manifest[AFTER_PAINT_LOADER]?.file;
  if (!loader) throw new Error(`the build's manifest has no ${AFTER_PAINT_LOADER}`);
  const kept = new Map<string, Kept>();
  const homeFiles = (locale: Locale) => [
    ...lazyModuleFiles(manifest, PRICING_SECTION),
    ...lazyModuleFiles(manifest, `locales/signup-modal/${locale}.json`),
  ];

  const render = async (
    page: PageRequest,
    member: PageMember | null,
    log: Logger,
  ): Promise<string | null> => {
    try {
      const rendered = await module.renderPage({
        url: page.url,
        locale: page.locale,
        settings: page.settings,
        getJson,
        ...(member && { member }),
      });
      if (!rendered) return null;
      const files = [
        ...lazyModuleFiles(manifest, HYDRATE_PAGE),
        ...(rendered.data.route === 'Home' ? homeFiles(page.locale) : []),
      ];
      return renderedMarkup(rendered, [...new Set(files)]);
    } catch (error) {
      // Never a failed page: the shell goes out as it did before pages were rendered, and the SPA
      // renders the page in the browser.
      log.warn({ err: error, url: page.url }, 'page render failed, serving the empty shell');
      return null;
    }
  };

  /** The page in its shell, with the nonce's slots, made into what is sent by `finish`. */
  const whole = async <T>(
    page: PageRequest,
    member: PageMember | null,
    shell: () => Promise<string>,
    log: Logger,
    finish: (html: string) => T,
  ): Promise<T | null> => {
    const markup = await render(page, member, log);
    if (markup === null) return null;
    try {
      const html = intoShell(await shell(), markup, page.locale, loader);
      return html === null ? null : finish(html);
    } catch (error) {
      log.warn({ err: error, url: page.url }, 'page render failed, serving the empty shell');
      return null;
    }
  };

  return {
    async page(asked, shell, log) {
      const page = { ...asked, url: keptAddress(asked.url) };
      const key = `${page.locale} ${page.url}`;
      let entry = kept.get(key);
      if (!entry || now() - entry.at >= ttlMs || entry.settings !== page.settings) {
        kept.delete(key);
        entry = {
          at: now(),
          settings: page.settings,
          page: whole(page, null, shell, log, (html) =>
            splicedPage(html, NONCE_SLOT, NONCE_LENGTH, validates),
          ),
        };
        kept.set(key, entry);
        for (const oldest of kept.keys()) {
          if (kept.size <= MAX_RENDERED_PAGES) break;
          kept.delete(oldest);
        }
      }
      return entry.page;
    },
    memberPage: (page, member, shell, log) => whole(page, member, shell, log, (html) => html),
    forget: () => kept.clear(),
    size: () => kept.size,
  };
}
