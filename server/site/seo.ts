// What a search engine and a shared link learn of a page from its <head> (decision 119): which page an
// address is, its title by the spec's rules, its description, its canonical address and its other
// language. A language is addressed with `?lang=en` or `?lang=es`; the address without it is the
// x-default, in the visitor's language (Accept-Language).
import { LOCALES, type Locale } from '../../domain/localized.ts';
import { LEGAL_PAGES } from '../../domain/pages.ts';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { acceptedLocale } from './shell.ts';

/** The query parameter that fixes a page's language, as the SPA reads it too. */
export const LANG_PARAM = 'lang';

const TITLES: Record<Locale, typeof en.titles> = { en: en.titles, es: es.titles };
const HOME_INTRO: Record<Locale, string> = { en: en.home.intro, es: es.home.intro };
export type TitleKey = keyof typeof en.titles;

/** A page as the <head> sees it: what it shows, and whether search engines may list it. */
export type PageKind =
  | { kind: 'home' }
  | { kind: 'product'; type: 'challenge' | 'course'; slug: string | null }
  | { kind: 'content'; slug: string; path: string }
  /** A member's page, a step of a flow, or a developer's page: never listed. */
  | { kind: 'private'; titleKey: TitleKey | null };

const PRIVATE_PAGES: ReadonlyArray<[RegExp, TitleKey | null]> = [
  [/^\/profile(?:\/.*)?$/, 'profile'],
  // The members' area names itself once the SPA has read it (an item's, a day's title).
  [/^\/library(?:\/.*)?$/, null],
  [/^\/email-verified$/, 'emailVerified'],
  [/^\/(?:(?:challenge|course)(?:\/[^/]+)?\/)?confirmation$/, 'confirmation'],
  [/^\/reset-password$/, null],
  [/^\/(?:dev|sandbox|api|studio)(?:\/.*)?$/, null],
];

/** Members-only and developer paths, as robots.txt names them (each also carries noindex). */
export const PRIVATE_PREFIXES = [
  '/profile',
  '/library',
  '/email-verified',
  '/reset-password',
  '/confirmation',
  '/challenge/confirmation',
  '/course/confirmation',
  '/studio',
  '/dev',
  '/sandbox',
  '/api',
];

/** The path without its trailing slashes, `/` for the home page. */
export function normalPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** Which page an address shows, as the SPA's router decides it (src/app/router.tsx). */
export function pageKind(pathname: string): PageKind {
  const path = normalPath(pathname);
  if (path === '/') return { kind: 'home' };
  for (const [pattern, titleKey] of PRIVATE_PAGES)
    if (pattern.test(path)) return { kind: 'private', titleKey };
  const product = /^\/(challenge|course)(?:\/([^/]+))?$/.exec(path);
  if (product)
    return { kind: 'product', type: product[1] as 'challenge' | 'course', slug: product[2] ?? null };
  const legal = LEGAL_PAGES.find((page) => page.path === path);
  const slug = legal?.slug ?? path.slice(1);
  return { kind: 'content', slug, path: legalPath(slug) ?? path };
}

/** One address per legal page: the first the router gives it (`/privacy`, `/tos`). */
export function legalPath(slug: string): string | null {
  return LEGAL_PAGES.find((page) => page.slug === slug)?.path ?? null;
}

/** The language the address fixes (`?lang=es`), if any; any other value fixes none. */
export function langOfQuery(search: URLSearchParams): Locale | null {
  const value = search.get(LANG_PARAM);
  return value !== null && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : null;
}

/** The page's language: the address's, else the browser's first (Accept-Language), else English. */
export function pageLocale(fixed: Locale | null, acceptLanguage: string | undefined): Locale {
  return fixed ?? acceptedLocale(acceptLanguage);
}

/** The spec's title: "<name> | <trainer>" for Home, Profile, Confirmation, Email Verified and a
 * content page; the trainer's name alone elsewhere (a challenge path keeps the title it has). */
export function pageTitle(
  page: PageKind,
  siteName: string,
  locale: Locale,
  pageName?: string | null,
): string {
  const name =
    page.kind === 'home'
      ? TITLES[locale].home
      : page.kind === 'private' && page.titleKey
        ? TITLES[locale][page.titleKey]
        : page.kind === 'content'
          ? pageName
          : null;
  return name ? `${name} | ${siteName}` : siteName;
}

/** The home page's description when the CMS has none: the SPA's own introduction. */
export function homeIntro(locale: Locale): string {
  return HOME_INTRO[locale];
}

const DESCRIPTION_LENGTH = 160;

/** Text as a search result's snippet: one line, at most 160 characters, cut at a word. */
export function snippet(text: string | null | undefined): string | null {
  const line = text?.replace(/\s+/g, ' ').trim();
  if (!line) return null;
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

type Block = Record<string, unknown>;

/** The text of a content page's first paragraph (headings are its title again, decision 113). */
export function firstParagraph(body: readonly Block[]): string | null {
  for (const block of body) {
    if (block._type !== 'block' || !Array.isArray(block.children)) continue;
    if (typeof block.style === 'string' && /^h\d$/.test(block.style)) continue;
    const text = block.children
      .map((child: unknown) =>
        child && typeof child === 'object' && 'text' in child && typeof child.text === 'string'
          ? child.text
          : '',
      )
      .join('');
    if (text.trim()) return text;
  }
  return null;
}

/** A page's address in a language, or its x-default (no language) with `null`. */
export function pageUrl(publicUrl: string, path: string, locale: Locale | null): string {
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${publicUrl}${encoded}${locale ? `?${LANG_PARAM}=${locale}` : ''}`;
}

export interface Alternate {
  hreflang: Locale | 'x-default';
  href: string;
}

/** Every language's address of a page, and the x-default. */
export function alternates(publicUrl: string, path: string): Alternate[] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: pageUrl(publicUrl, path, locale) })),
    { hreflang: 'x-default' as const, href: pageUrl(publicUrl, path, null) },
  ];
}
