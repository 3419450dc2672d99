// The <head> elements (decision 119) as a browser and a crawler parse them: every text stays a text,
// whatever the CMS or the catalogue holds.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { alternates } from '../../../server/site/seo.ts';
import { type HeadTags, withHead } from '../../../server/site/seo-head.ts';
import { offerPrice, organizationData, productData } from '../../../server/site/structured-data.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Trainer</title></head><body><div id="root"></div></body></html>';
const HOSTILE = `</title></script><script>alert(1)</script>"'><!-- & $& $' \u2028 <img src=x onerror=alert(2)>`;

function parse(html: string): Document {
  return new JSDOM(html).window.document;
}
const content = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content');

const plan = (amount: number, currency: string, active = true) => ({
  id: `price_${currency}`,
  product: 'prod_1',
  interval: null,
  interval_count: null,
  amount,
  currency,
  type: 'one_time' as const,
  nickname: HOSTILE,
  trialDays: null,
  active,
});

const product = {
  id: 'prod_1',
  slug: 'shred',
  name: HOSTILE,
  description: null,
  metadata: { typeProduct: 'challenge' },
  plans: [plan(4900, 'usd'), plan(1000, 'jpy')],
  challengeImage: null,
  challengeHeaderText: null,
  challengeSubText: null,
  challengeButtonText: null,
  subscriptionHeaderText: null,
  subscriptionSubText: null,
  subscriptionButtonText: null,
};

const tags: HeadTags = {
  title: `${HOSTILE} | Site`,
  locale: 'es',
  hidden: false,
  description: HOSTILE,
  canonical: `https://coach.example/${encodeURIComponent(HOSTILE)}?lang=es`,
  alternates: alternates('https://coach.example', `/${HOSTILE}`),
  siteName: HOSTILE,
  image: {
    url: `https://cdn.sanity.io/images/p/d/a-10x10.jpg?x="${HOSTILE}`,
    width: 1200,
    height: 630,
    type: 'image/jpeg',
  },
  imageAlt: HOSTILE,
  shareTitle: HOSTILE,
  structuredData: [
    productData(product as never, {
      url: 'https://coach.example/challenge/shred',
      description: HOSTILE,
      image: null,
      siteName: HOSTILE,
    }),
  ],
};

describe('the page head', () => {
  it('keeps hostile CMS text as text in the title, the meta tags and the JSON-LD', () => {
    const html = withHead(TEMPLATE, tags);
    const doc = parse(html);
    expect(doc.title).toBe(`${HOSTILE} | Site`);
    expect(doc.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(doc.querySelector('#root')).not.toBeNull();
    expect(content(doc, 'meta[name="description"]')).toBe(HOSTILE);
    expect(content(doc, 'meta[property="og:title"]')).toBe(HOSTILE);
    expect(content(doc, 'meta[property="og:site_name"]')).toBe(HOSTILE);
    expect(content(doc, 'meta[property="og:image:alt"]')).toBe(HOSTILE);
    expect(content(doc, 'meta[name="twitter:image"]')).toBe(tags.image?.url);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(tags.canonical);
    const data = JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '');
    expect(data.name).toBe(HOSTILE);
    expect(data.brand.name).toBe(HOSTILE);
    expect(html).not.toContain('</script><script>');
  });

  it('sets the language, the Open Graph locales and every language address', () => {
    const doc = parse(withHead(TEMPLATE, tags));
    expect(doc.documentElement.lang).toBe('es');
    expect(content(doc, 'meta[property="og:locale"]')).toBe('es_ES');
    expect(content(doc, 'meta[property="og:locale:alternate"]')).toBe('en_US');
    const links = [...doc.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(links).toEqual(tags.alternates?.map((a) => [a.hreflang, a.href]));
    expect(content(doc, 'meta[property="og:image:width"]')).toBe('1200');
    expect(content(doc, 'meta[property="og:image:height"]')).toBe('630');
    expect(content(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  it('gives a private page noindex and nothing to share', () => {
    const doc = parse(
      withHead(TEMPLATE, { title: 'Profile | Site', locale: 'en', hidden: true, description: 'x' }),
    );
    expect(content(doc, 'meta[name="robots"]')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelector('meta[name="description"]')).toBeNull();
    expect(doc.querySelector('meta[property="og:title"]')).toBeNull();
  });

  it('adds a language to a shell that has none, and leaves out a picture of unknown size', () => {
    const doc = parse(
      withHead('<html><head><title>x</title></head><body></body></html>', {
        title: 'T',
        locale: 'en',
        hidden: false,
        image: { url: 'https://img.example/p.jpg', width: 0, height: 0, type: null },
      }),
    );
    expect(doc.documentElement.lang).toBe('en');
    expect(content(doc, 'meta[property="og:image"]')).toBe('https://img.example/p.jpg');
    expect(doc.querySelector('meta[property="og:image:width"]')).toBeNull();
    expect(doc.querySelector('meta[property="og:image:type"]')).toBeNull();
  });
});

describe('schema.org data', () => {
  it('writes each price in the major unit the site shows, with its currency and availability', () => {
    expect(offerPrice(4900, 'usd')).toBe('49.00');
    expect(offerPrice(1000, 'jpy')).toBe('1000');
    expect(offerPrice(12345, 'kwd')).toBe('12.345');
    const data = productData(product as never, {
      url: 'https://coach.example/challenge/shred',
      description: null,
      image: 'https://coach.example/i.svg',
      siteName: 'Site',
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      sku: 'prod_1',
      image: 'https://coach.example/i.svg',
      offers: [
        {
          '@type': 'Offer',
          price: '49.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
        { '@type': 'Offer', price: '1000', priceCurrency: 'JPY' },
      ],
    });
    expect(data).not.toHaveProperty('description');
    const unsold = productData({ ...product, plans: [] } as never, {
      url: 'https://coach.example/challenge/shred',
      description: null,
      image: null,
      siteName: 'Site',
    });
    expect(unsold).not.toHaveProperty('offers');
  });

  it('names the trainer as an Organization with only web profiles as sameAs', () => {
    const data = organizationData(
      {
        instagramUrl: 'https://instagram.com/coach',
        facebookUrl: 'javascript:alert(1)',
        supportEmail: 'a@b.c',
      } as never,
      { url: 'https://coach.example/', siteName: 'Coach', logo: null },
    );
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Coach',
      url: 'https://coach.example/',
      email: 'a@b.c',
      sameAs: ['https://instagram.com/coach'],
    });
  });
});
