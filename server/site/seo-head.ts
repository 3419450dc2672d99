// The <head> elements of decision 119, written into the shell the branding made (shell.ts): the
// title, the description, the canonical and language addresses, Open Graph and Twitter card tags and
// the schema.org data. Every value is escaped here, whatever the CMS or the catalogue holds.
import type { Locale } from '../../domain/localized.ts';
import { escapeHtml } from '../text/html.ts';
import type { Alternate } from './seo.ts';
import type { SocialImage } from './seo-image.ts';
import { jsonForScript } from './shell.ts';

export interface HeadTags {
  title: string;
  locale: Locale;
  /** noindex: a member's page, a step of a flow, a missing page. */
  hidden: boolean;
  description?: string | null;
  canonical?: string | null;
  alternates?: readonly Alternate[];
  siteName?: string;
  image?: SocialImage | null;
  imageAlt?: string | null;
  /** The title a shared link shows, when it is not the page's own. */
  shareTitle?: string | null;
  structuredData?: readonly Record<string, unknown>[];
}

/** Open Graph writes a language with its territory. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', es: 'es_ES' };

const meta = (attribute: 'name' | 'property', key: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === ''
    ? ''
    : `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;

export function headElements(tags: HeadTags): string[] {
  if (tags.hidden) return ['<meta name="robots" content="noindex" />'];
  const shareTitle = tags.shareTitle || tags.title;
  const image = tags.image;
  const sized = image && image.width > 0 && image.height > 0;
  const otherLocales = (tags.alternates ?? [])
    .map((alternate) => alternate.hreflang)
    .filter((code): code is Locale => code !== 'x-default' && code !== tags.locale);
  return [
    meta('name', 'description', tags.description),
    tags.canonical ? `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />` : '',
    ...(tags.alternates ?? []).map(
      (alternate) =>
        `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}" />`,
    ),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', tags.siteName),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.canonical),
    meta('property', 'og:locale', OG_LOCALES[tags.locale]),
    ...otherLocales.map((code) => meta('property', 'og:locale:alternate', OG_LOCALES[code])),
    meta('property', 'og:image', image?.url),
    meta('property', 'og:image:type', image?.type),
    sized ? meta('property', 'og:image:width', image.width) : '',
    sized ? meta('property', 'og:image:height', image.height) : '',
    image ? meta('property', 'og:image:alt', tags.imageAlt) : '',
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', shareTitle),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', image?.url),
    image ? meta('name', 'twitter:image:alt', tags.imageAlt) : '',
    // A data block: the browser never runs it, so the policy's script-src does not apply (the site
    // settings travel the same way).
    ...(tags.structuredData ?? []).map(
      (data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`,
    ),
  ].filter(Boolean);
}

/**
 * The shell with these tags: its title replaced, its language set, the rest added at the end of its
 * head. Functions as replacements, so a `$` in a CMS text is not a replacement pattern.
 */
export function withHead(html: string, tags: HeadTags): string {
  const elements = headElements(tags).join('\n    ');
  return html
    .replace(
      /<html\b([^>]*)>/,
      (_, attributes: string) => `<html${attributes.replace(/\s+lang="[^"]*"/, '')} lang="${tags.locale}">`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(tags.title)}</title>`)
    .replace('</head>', () => `    ${elements}\n  </head>`);
}
