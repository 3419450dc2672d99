// The sitemap and robots.txt (decision 119).
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { publicPaths, robotsTxt, sitemapXml } from '../../../server/site/sitemap.ts';

const BASE = 'https://coach.example';
const XHTML = 'http://www.w3.org/1999/xhtml';
const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function parseXml(text: string): Document {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not XML: ${error.textContent}`);
  return doc;
}

describe('the public pages', () => {
  it('are Home, the CMS pages (legal ones at their own address) and the products, each once', () => {
    expect(
      publicPaths({
        pageSlugs: ['about', 'privacy', 'terms', 'about', '/odd'],
        challenges: ['30-day-shred'],
        courses: ['strength'],
      }),
    ).toEqual(['/', '/about', '/privacy', '/tos', '/challenge/30-day-shred', '/course/strength']);
  });
});

describe('the sitemap', () => {
  const hostile = `a&b<c>"d'`;
  const xml = sitemapXml(BASE, ['/', '/about', `/${hostile}`]);
  const doc = parseXml(xml);

  it('is well-formed XML in the sitemap namespace, with hostile slugs escaped', () => {
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe(SITEMAP);
    const locs = [...doc.getElementsByTagNameNS(SITEMAP, 'loc')].map((loc) => loc.textContent);
    expect(locs).toContain(`${BASE}/${encodeURIComponent(hostile)}?lang=es`);
  });

  it('lists each page in English and Spanish, each with both languages and the x-default', () => {
    const urls = [...doc.getElementsByTagNameNS(SITEMAP, 'url')];
    expect(urls).toHaveLength(6);
    const about = urls.filter((url) =>
      url.getElementsByTagNameNS(SITEMAP, 'loc')[0]?.textContent?.includes('/about'),
    );
    expect(about.map((url) => url.getElementsByTagNameNS(SITEMAP, 'loc')[0]?.textContent)).toEqual([
      `${BASE}/about?lang=en`,
      `${BASE}/about?lang=es`,
    ]);
    for (const url of about) {
      const links = [...url.getElementsByTagNameNS(XHTML, 'link')].map((link) => [
        link.getAttribute('rel'),
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]);
      expect(links).toEqual([
        ['alternate', 'en', `${BASE}/about?lang=en`],
        ['alternate', 'es', `${BASE}/about?lang=es`],
        ['alternate', 'x-default', `${BASE}/about`],
      ]);
    }
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the members, developer and API paths, and names the sitemap', () => {
    const lines = robotsTxt(BASE).split('\n');
    for (const path of [
      '/profile',
      '/library',
      '/email-verified',
      '/reset-password',
      '/confirmation',
      '/dev',
      '/sandbox',
      '/api',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Disallow: /challenge/*/confirmation');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).not.toContain('Disallow: /');
  });
});
