// The HTML shell of the SPA. Any path that is neither an API call nor a built file gets it, so the
// SPA's router (and its generic content page) decides what it is. The shell carries the trainer's
// branding (title, favicon, theme colour, and the settings as a JSON data block), so the first paint
// is already branded and the CMS client never reaches the browser.

import type { ServicesSettings } from '../../domain/integrations.ts';
import { DEFAULT_LOCALE, type Locale, localeOfLanguage } from '../../domain/localized.ts';
import { DEFAULT_TRAINER_ID, TRAINER_ID_META } from '../../domain/pages.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { ContentService } from '../content/content-service.ts';
import { LOCAL_ASSETS_PATH } from '../content/local-source.ts';
import { DEMO_IMAGES_PATH } from '../db/demo-images.ts';
import { escapeHtml } from '../text/html.ts';

type SiteSettings = components['schemas']['SiteSettings'];

/** Where the flows to try are served outside production (server/dev/docs-site.routes.ts). */
export const DOCS_PATH = '/docs/';

// Paths that are never pages: a miss there is a 404, not the shell.
// `/docs/` is the flows to try outside production, and nothing at all in production.
export const API_PREFIXES = [
  '/api/',
  '/sandbox/',
  '/dev/',
  DOCS_PATH,
  '/assets/',
  LOCAL_ASSETS_PATH,
  DEMO_IMAGES_PATH,
];

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

/**
 * What the shell asks for with a page: its screen's files and its first API call, none for a page the
 * server renders (its data is in it).
 */
export interface EarlyRequests {
  files: string[];
  call?: string;
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
  pathname = '/',
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
    early?.call
      ? `<link rel="preload" as="fetch" href="${escapeHtml(early.call)}" crossorigin="anonymous" />`
      : '',
    // The home page's hero image is its largest paint: fetched with the page, not after the scripts.
    // Only a file this server serves is named as it is; the client asks Sanity's CDN for a size of its
    // own, which a preload here would fetch twice.
    pathname === '/' && settings?.home?.heroImage?.url.startsWith('/')
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(settings.home.heroImage.url)}" />`
      : '',
    settings?.favicon?.url ? `<link rel="icon" href="${escapeHtml(settings.favicon.url)}" />` : '',
    settings?.primaryColor?.hex
      ? `<meta name="theme-color" content="${escapeHtml(settings.primaryColor.hex)}" />`
      : '',
    `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${jsonForScript(data)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  // Functions as replacements: a replacement string would read a `$&`, `$\`` or `$'` in a CMS text as
  // a pattern and write the template's parts into the page again.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace('</head>', () => `    ${head}\n  </head>`);
}

/** The first language of Accept-Language, without its region, when the site has texts in it. */
export function acceptedLocale(header: string | undefined): Locale {
  return localeOfLanguage(header?.split(',')[0]?.split(';')[0]) ?? DEFAULT_LOCALE;
}

export async function shellData(
  content: ContentService,
  services: ServicesSettings,
  locale: Locale,
  log: { warn(details: object, message: string): void },
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
