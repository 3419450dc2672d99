// The <head> rules of decision 119: which page an address is, its title by the spec, its description,
// its canonical and language addresses.
import { describe, expect, it } from 'vitest';
import {
  alternates,
  firstParagraph,
  langOfQuery,
  pageKind,
  pageLocale,
  pageTitle,
  pageUrl,
  snippet,
} from '../../../server/site/seo.ts';

const SITE = 'Coach Rivera Fitness';
const BASE = 'https://coach.example';

describe('which page an address is', () => {
  it('tells Home, products, content pages and private pages apart, trailing slashes aside', () => {
    expect(pageKind('/')).toEqual({ kind: 'home' });
    expect(pageKind('/challenge/30-day-shred/')).toEqual({
      kind: 'product',
      type: 'challenge',
      slug: '30-day-shred',
    });
    expect(pageKind('/course')).toEqual({ kind: 'product', type: 'course', slug: null });
    expect(pageKind('/about')).toEqual({ kind: 'content', slug: 'about', path: '/about' });
    for (const path of [
      '/profile',
      '/profile/password',
      '/library',
      '/library/challenge/30-day-shred/day-1',
      '/email-verified',
      '/reset-password',
      '/confirmation',
      '/challenge/confirmation',
      '/challenge/30-day-shred/confirmation',
      '/course/confirmation',
      '/course/strength/confirmation',
      '/dev',
      '/sandbox',
    ]) {
      expect(pageKind(path).kind, path).toBe('private');
    }
  });

  it('gives each legal page one address, whichever of its addresses was asked for', () => {
    expect(pageKind('/privacy-policy')).toEqual({ kind: 'content', slug: 'privacy', path: '/privacy' });
    expect(pageKind('/terms-of-use')).toEqual({ kind: 'content', slug: 'terms', path: '/tos' });
    // The generic content route reaches the same CMS page as /tos.
    expect(pageKind('/terms')).toEqual({ kind: 'content', slug: 'terms', path: '/tos' });
  });
});

describe('the title (spec: name then trainer for Home, Profile, Confirmation, Email Verified)', () => {
  it('names the page before the trainer, in the page language', () => {
    expect(pageTitle(pageKind('/'), SITE, 'en')).toBe(`Home | ${SITE}`);
    expect(pageTitle(pageKind('/'), SITE, 'es')).toBe(`Inicio | ${SITE}`);
    expect(pageTitle(pageKind('/profile/info'), SITE, 'en')).toBe(`Profile | ${SITE}`);
    expect(pageTitle(pageKind('/course/x/confirmation'), SITE, 'es')).toBe(`Confirmación | ${SITE}`);
    expect(pageTitle(pageKind('/email-verified'), SITE, 'en')).toBe(`Email Verified | ${SITE}`);
  });

  it('uses the content page name, else the trainer alone; a challenge path keeps the trainer alone', () => {
    expect(pageTitle(pageKind('/about'), SITE, 'en', 'About Coach Rivera')).toBe(
      `About Coach Rivera | ${SITE}`,
    );
    expect(pageTitle(pageKind('/missing'), SITE, 'en', null)).toBe(SITE);
    expect(pageTitle(pageKind('/challenge/30-day-shred'), SITE, 'en', 'ignored')).toBe(SITE);
    expect(pageTitle(pageKind('/reset-password'), SITE, 'en')).toBe(SITE);
  });
});

describe('the language of a page', () => {
  it("is the address's ?lang= when it has a catalogue, else the browser's first, else English", () => {
    expect(langOfQuery(new URLSearchParams('lang=es'))).toBe('es');
    expect(langOfQuery(new URLSearchParams('lang=fr'))).toBeNull();
    expect(langOfQuery(new URLSearchParams('lang=ES'))).toBeNull();
    expect(pageLocale('en', 'es-MX,es')).toBe('en');
    expect(pageLocale(null, 'es-MX,es;q=0.9')).toBe('es');
    expect(pageLocale(null, 'de-DE')).toBe('en');
    expect(pageLocale(null, undefined)).toBe('en');
  });
});

describe('the canonical and language addresses', () => {
  it('are absolute, keep only the language, and escape the path', () => {
    expect(pageUrl(BASE, '/', null)).toBe(`${BASE}/`);
    expect(pageUrl(BASE, '/challenge/30-day-shred', 'es')).toBe(`${BASE}/challenge/30-day-shred?lang=es`);
    expect(pageUrl(BASE, '/a b/"<x>"', 'en')).toBe(`${BASE}/a%20b/%22%3Cx%3E%22?lang=en`);
  });

  it('name English, Spanish and the x-default (the address without a language)', () => {
    expect(alternates(BASE, '/about')).toEqual([
      { hreflang: 'en', href: `${BASE}/about?lang=en` },
      { hreflang: 'es', href: `${BASE}/about?lang=es` },
      { hreflang: 'x-default', href: `${BASE}/about` },
    ]);
  });
});

describe('the description', () => {
  it('is one line of at most 160 characters, cut at a word', () => {
    expect(snippet('  Weekly   programming,\n with you  ')).toBe('Weekly programming, with you');
    const long = `${'word '.repeat(60)}end`;
    const cut = snippet(long) as string;
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(snippet('   ')).toBeNull();
    expect(snippet(null)).toBeNull();
  });

  it("is a content page's first paragraph, past its headings and images", () => {
    const body = [
      { _type: 'block', style: 'h1', children: [{ _type: 'span', text: 'About' }] },
      { _type: 'image', image: { url: '/x.svg' } },
      { _type: 'block', style: 'normal', children: [{ text: 'Coach ' }, { text: 'Rivera' }, { nope: 1 }] },
      { _type: 'block', style: 'normal', children: [{ text: 'Later' }] },
    ];
    expect(firstParagraph(body)).toBe('Coach Rivera');
    expect(firstParagraph([])).toBeNull();
  });
});
