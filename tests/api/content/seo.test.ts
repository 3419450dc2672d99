// What a crawler and a link preview get from the running server (decision 119): each public page's
// head in the visitor's language, noindex on members' pages, the sitemap, robots.txt and the site's
// pictures cut to the social size. The HTML and the XML are parsed, as a crawler parses them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../server/db/schema.ts';
import { startTestApp, type TestApp } from '../app.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Trainer</title></head><body><div id="root"></div></body></html>';
const SITE = 'Coach Rivera Fitness';
const PUBLIC = 'http://site.test';

let t: TestApp;
let base: string;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  t = await startTestApp({ env: { DIST_DIR: dist } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, language = 'en-US') {
  const res = await fetch(`${base}${url}`, { headers: { 'accept-language': language } });
  expect(res.status).toBe(200);
  const doc = new JSDOM(await res.text()).window.document;
  const meta = (key: string) =>
    doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
  const link = (rel: string) => doc.querySelector(`link[rel="${rel}"]`)?.getAttribute('href') ?? null;
  const hreflang = Object.fromEntries(
    [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
      l.getAttribute('hreflang'),
      l.getAttribute('href'),
    ]),
  );
  const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ''),
  );
  return { doc, meta, link, hreflang, jsonLd, csp: res.headers.get('content-security-policy') ?? '' };
}

describe('Home', () => {
  it('has the title, description, canonical, languages, card and Organization of its language', async () => {
    const home = await page('/');
    expect(home.doc.title).toBe(`Home | ${SITE}`);
    expect(home.doc.documentElement.lang).toBe('en');
    expect(home.meta('description')).toMatch(/^Weekly programming, nutrition guidance/);
    expect(home.link('canonical')).toBe(`${PUBLIC}/`);
    expect(home.hreflang).toEqual({
      en: `${PUBLIC}/?lang=en`,
      es: `${PUBLIC}/?lang=es`,
      'x-default': `${PUBLIC}/`,
    });
    expect(home.meta('og:title')).toBe(`Get stronger with Coach Rivera | ${SITE}`);
    expect(home.meta('og:url')).toBe(`${PUBLIC}/`);
    expect(home.meta('og:image')).toMatch(
      new RegExp(`^${PUBLIC}/social-images/content/[0-9a-f]+-640x720\\.svg\\?rect=0,120,640,336$`),
    );
    expect([home.meta('og:image:width'), home.meta('og:image:height')]).toEqual(['1200', '630']);
    expect(home.meta('twitter:card')).toBe('summary_large_image');
    expect(home.meta('robots')).toBeNull();
    expect(home.jsonLd).toEqual([
      expect.objectContaining({ '@type': 'Organization', name: SITE, url: `${PUBLIC}/` }),
    ]);
  });

  it('is in Spanish for a Spanish browser, and at ?lang=es whatever the browser says', async () => {
    const negotiated = await page('/', 'es-MX,es;q=0.9');
    expect(negotiated.doc.title).toBe(`Inicio | ${SITE}`);
    expect(negotiated.link('canonical')).toBe(`${PUBLIC}/`);
    const addressed = await page('/?lang=es&coupon=X', 'en-US');
    expect(addressed.doc.title).toBe(`Inicio | ${SITE}`);
    expect(addressed.doc.documentElement.lang).toBe('es');
    expect(addressed.meta('og:locale')).toBe('es_ES');
    // The canonical address keeps the language and nothing else of the query.
    expect(addressed.link('canonical')).toBe(`${PUBLIC}/?lang=es`);
    const settings = JSON.parse(addressed.doc.getElementById('site-settings')?.textContent ?? '');
    expect(settings.locale).toBe('es');
  });
});

describe('a challenge page', () => {
  it('keeps the trainer as its title and describes the product, with a Product and its Offer', async () => {
    const challenge = await page('/challenge/30-day-shred');
    expect(challenge.doc.title).toBe(SITE);
    expect(challenge.meta('description')).toMatch(/^A guided workout every day for thirty days/);
    expect(challenge.link('canonical')).toBe(`${PUBLIC}/challenge/30-day-shred`);
    expect(challenge.meta('og:title')).toBe(`Join the 30-Day Shred | ${SITE}`);
    expect(challenge.meta('og:image')).toBe(
      `${PUBLIC}/social-images/demo/30-day-shred.a2cfd3f22b.svg?rect=0,90,800,420`,
    );
    const [product] = challenge.jsonLd;
    expect(product).toMatchObject({
      '@type': 'Product',
      name: '30-Day Shred',
      url: `${PUBLIC}/challenge/30-day-shred`,
      offers: [
        {
          '@type': 'Offer',
          price: '49.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      ],
    });
    // The price is the one the catalogue sells.
    const catalogue = await (await fetch(`${base}/api/trainer/demo-trainer/products`)).json();
    expect(catalogue.challenges[0].plans[0]).toMatchObject({ amount: 4900, currency: 'usd' });
  });

  it('in Spanish, and at its one address when the path names no product', async () => {
    const spanish = await page('/challenge?lang=es');
    expect(spanish.link('canonical')).toBe(`${PUBLIC}/challenge/30-day-shred?lang=es`);
    expect(spanish.meta('og:title')).toBe(`Únete al Shred de 30 días | ${SITE}`);
    expect(spanish.jsonLd[0]).toMatchObject({ name: 'Reto Shred de 30 días' });
  });

  it("keeps the catalogue's copy for its max-age, and drops it when the catalogue changes", async () => {
    const [challenge] = await t.context.db.select().from(products).where(eq(products.slug, '30-day-shred'));
    const renamed = { ...(challenge?.names ?? {}), en: 'Shred <renamed> & "quoted"' };
    // A fresh copy, read just before the change, so its max-age (15 s) holds through the test.
    await t.context.catalogueChanges.changed('demo-trainer');
    await page('/challenge/30-day-shred');
    await t.context.db.update(products).set({ names: renamed }).where(eq(products.slug, '30-day-shred'));
    try {
      expect((await page('/challenge/30-day-shred')).jsonLd[0]).toMatchObject({ name: '30-Day Shred' });
      await t.context.catalogueChanges.changed('demo-trainer');
      expect((await page('/challenge/30-day-shred')).jsonLd[0]).toMatchObject({ name: renamed.en });
    } finally {
      await t.context.db
        .update(products)
        .set({ names: challenge?.names ?? null })
        .where(eq(products.slug, '30-day-shred'));
      await t.context.catalogueChanges.changed('demo-trainer');
    }
  });

  it('is not listed when its slug names no product', async () => {
    const missing = await page('/course/no-such-course');
    expect(missing.meta('robots')).toBe('noindex');
    expect(missing.link('canonical')).toBeNull();
  });
});

describe('content pages', () => {
  it("carry the page's name in the title, and its first paragraph as description", async () => {
    const about = await page('/about/');
    expect(about.doc.title).toBe(`About Coach Rivera | ${SITE}`);
    expect(about.meta('description')?.length).toBeGreaterThan(20);
    expect(about.link('canonical')).toBe(`${PUBLIC}/about`);
    expect(about.hreflang.es).toBe(`${PUBLIC}/about?lang=es`);
    // Its own picture, cut to the preview's size by the site.
    const image = about.meta('og:image') ?? '';
    expect(image).toMatch(
      new RegExp(`^${PUBLIC}/social-images/content/[0-9a-f]+-800x400\\.svg\\?rect=\\d+,\\d+,\\d+,\\d+$`),
    );
    expect(about.meta('og:image:alt')).toBe('About Coach Rivera');
    const cut = await fetch(image.replace(PUBLIC, base));
    expect(cut.status).toBe(200);
    const svg = new JSDOM(await cut.text(), { contentType: 'image/svg+xml' }).window.document.documentElement;
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['1200', '630']);
    const spanish = await page('/about', 'es');
    expect(spanish.doc.title).toBe(`Sobre Coach Rivera | ${SITE}`);
  });

  it('give each legal page one canonical address', async () => {
    const privacy = await page('/privacy-policy');
    expect(privacy.doc.title).toBe(`Privacy Policy | ${SITE}`);
    expect(privacy.link('canonical')).toBe(`${PUBLIC}/privacy`);
    // No picture of its own: shared with the home page's hero.
    expect(privacy.meta('og:image')).toMatch(/-640x720\.svg\?rect=0,120,640,336$/);
    expect(privacy.meta('og:image:alt')).toBe('Get stronger with Coach Rivera');
    const terms = await page('/terms-of-use?lang=es');
    expect(terms.doc.title).toBe(`Términos de uso | ${SITE}`);
    expect(terms.link('canonical')).toBe(`${PUBLIC}/tos?lang=es`);
  });

  it('are not listed when the CMS has no such page', async () => {
    const missing = await page('/no-such-page');
    expect(missing.doc.title).toBe(SITE);
    expect(missing.meta('robots')).toBe('noindex');
  });
});

describe("members' pages and developer pages", () => {
  it.each([
    ['/profile', `Profile | ${SITE}`],
    ['/profile/password', `Profile | ${SITE}`],
    ['/email-verified?token=x', `Email Verified | ${SITE}`],
    ['/confirmation', `Confirmation | ${SITE}`],
    ['/challenge/30-day-shred/confirmation', `Confirmation | ${SITE}`],
    ['/reset-password?token=x', SITE],
    ['/dev', SITE],
    ['/sandbox', SITE],
  ])('%s is noindex, with nothing to share', async (url, title) => {
    const members = await page(url);
    expect(members.doc.title).toBe(title);
    expect(members.meta('robots')).toBe('noindex');
    expect(members.link('canonical')).toBeNull();
    expect(members.meta('og:title')).toBeNull();
  });
});

describe('/sitemap.xml', () => {
  it('lists every public page in both languages, with their alternates', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const window = new JSDOM('').window;
    const doc = new window.DOMParser().parseFromString(await res.text(), 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const locs = [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent);
    const paths = [
      '/',
      '/privacy',
      '/tos',
      '/support',
      '/about',
      '/challenge/30-day-shred',
      '/course/strength-foundations',
    ];
    expect(new Set(locs)).toEqual(
      new Set(paths.flatMap((p) => [`${PUBLIC}${p}?lang=en`, `${PUBLIC}${p}?lang=es`])),
    );
    const first = doc.getElementsByTagName('url')[0];
    const alternates = [...(first?.getElementsByTagName('xhtml:link') ?? [])].map((l) =>
      l.getAttribute('hreflang'),
    );
    expect(alternates).toEqual(['en', 'es', 'x-default']);
  });
});

describe('/robots.txt', () => {
  it('keeps crawlers out of members, developer and API paths, and names the sitemap', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    for (const path of ['/profile', '/email-verified', '/dev', '/sandbox', '/api']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
  });
});

describe('the social pictures', () => {
  it('are the drawing cut to 1200×630', async () => {
    const res = await fetch(`${base}/social-images/demo/30-day-shred.a2cfd3f22b.svg?rect=0,90,800,420`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = new JSDOM(await res.text(), { contentType: 'image/svg+xml' }).window.document.documentElement;
    expect([svg.getAttribute('width'), svg.getAttribute('height'), svg.getAttribute('viewBox')]).toEqual([
      '1200',
      '630',
      '0 90 800 420',
    ]);
  });

  it('refuse a bad rectangle with a 400 and an unknown or climbing file with a 404', async () => {
    const bad = await fetch(`${base}/social-images/demo/30-day-shred.a2cfd3f22b.svg?rect=0,0,9000,1`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/inside the 800×600 picture/);
    for (const url of [
      '/social-images/demo/none.svg?rect=0,0,1,1',
      '/social-images/other/30-day-shred.a2cfd3f22b.svg?rect=0,0,1,1',
      '/social-images/demo/..%2F..%2Fseed.ts?rect=0,0,1,1',
    ]) {
      expect((await fetch(`${base}${url}`)).status, url).toBe(404);
    }
  });
});
