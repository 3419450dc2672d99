// The sitemap and robots.txt (decision 119): every public page in each language, with its other
// languages as alternates, and the paths no crawler should visit.
import { LOCALES } from '../../domain/localized.ts';
import { escapeHtml } from '../text/html.ts';
import { alternates, legalPath, PRIVATE_PREFIXES, pageUrl } from './seo.ts';

/** The slugs of the CMS's pages, for both content sources. */
export const PAGE_SLUGS_QUERY = `*[_type == "page" && defined(slug.current)].slug.current`;

export interface SitemapSources {
  /** The CMS's page slugs. */
  pageSlugs: readonly string[];
  /** The slugs of the catalogue's challenges and courses. */
  challenges: readonly string[];
  courses: readonly string[];
}

/** The public pages' paths, each once: Home, the CMS pages (legal ones at their own address), products. */
export function publicPaths(sources: SitemapSources): string[] {
  const paths = [
    '/',
    ...sources.pageSlugs.filter((slug) => /^[^/]/.test(slug)).map((slug) => legalPath(slug) ?? `/${slug}`),
    ...sources.challenges.map((slug) => `/challenge/${slug}`),
    ...sources.courses.map((slug) => `/course/${slug}`),
  ];
  return [...new Set(paths)];
}

/** XML text: escapeHtml's entities are XML's own (`&#39;` is a character reference). */
const xml = escapeHtml;

export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.flatMap((path) => {
    const links = alternates(publicUrl, path)
      .map(
        (alternate) =>
          `    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${xml(alternate.href)}"/>`,
      )
      .join('\n');
    return LOCALES.map(
      (locale) => `  <url>\n    <loc>${xml(pageUrl(publicUrl, path, locale))}</loc>\n${links}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    // A product's own confirmation step; `*` is read by the major crawlers.
    'Disallow: /challenge/*/confirmation',
    'Disallow: /course/*/confirmation',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
