// Every text the trainer writes in the CMS comes out literally wherever the server writes it into a
// page: the replacement patterns of String.replace ($&, $`, $', $1, $$, $<name>) in every text of the
// site settings and in a page's name leave one <title> and one <head>, and data islands that parse
// back to the exact texts, on the rendered pages and on the empty shell alike. The texts are the
// content model's (server/content/model.ts), so a text field added there is covered here.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../domain/localized.ts';
import { contentType } from '../../../server/content/model.ts';
import { AFTER_PAINT_LOADER, SERVER_RENDER_ENTRY } from '../../../server/site/page-renderer.ts';
import { startTestApp } from '../app.ts';
import { lastMailTo, register } from '../members.ts';

/** Each of String.replace's special patterns, with text around them. */
const PATTERNS = "a $& b $` c $' d $1 e $$ f $<x> g $0 h";

type Doc = Record<string, unknown>;

/** Every text of `doc` by the model's `type` given PATTERNS, per language where it has languages. */
function withPatterns(doc: Doc, type: string, at: string): Doc {
  const out: Doc = { ...doc };
  for (const field of contentType(type).fields) {
    const name = `${at}${field.name}`;
    if ((field.type === 'string' && !field.pattern) || field.type === 'text') {
      out[field.name] = `${name} ${PATTERNS}`;
    } else if (field.type === 'localeString' || field.type === 'localeText') {
      out[field.name] = {
        _type: field.type,
        ...Object.fromEntries(LOCALES.map((locale) => [locale, `${name} ${locale} ${PATTERNS}`])),
      };
    } else if (field.type === 'object') {
      out[field.name] = withPatterns((doc[field.name] as Doc | undefined) ?? {}, field.of, `${name}.`);
    }
  }
  return out;
}

// A server build's stand-in that writes the settings' texts and the page's name into its markup
// (escaped, as React does) and its data, as the SPA's render does.
const STAND_IN = `
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function renderPage({ url, locale, settings, getJson }) {
  const path = url.split('?')[0];
  if (path === '/profile') return null;
  let name = settings.siteName;
  if (path !== '/') {
    const answer = await getJson('/api/content/pages' + path + '?lang=' + locale);
    if (answer.status !== 200) return null;
    name = answer.body.page.pageName;
  }
  const texts = [name, settings.banner.bannerTitle, settings.home.heroHeading, settings.home.heroSubText];
  return {
    html: '<main>' + texts.map((t) => '<p>' + esc(t) + '</p>').join('') + '</main>',
    data: { locale, route: 'Privacy', queries: [{ key: ['page', path], data: name, updatedAt: 0 }], clock: { year: 2026, promoBanner: true } },
  };
}`;

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Trainer</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

const island = (html: string, id: string): unknown => {
  const found = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  return found ? JSON.parse(found[1] as string) : undefined;
};
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
const decodeEntities = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot);|&#(\d+);/g, (e, code?: string) =>
    code ? String.fromCharCode(Number(code)) : (ENTITIES[e] as string),
  );

describe('CMS texts with replacement patterns', () => {
  let app: FastifyInstance;
  let stop: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cms-patterns-'));
    const content = path.join(dir, 'content');
    mkdirSync(content);
    symlinkSync(path.resolve('content/assets'), path.join(content, 'assets'));
    const documents = readFileSync('content/production.ndjson', 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Doc)
      .map((doc) =>
        doc._type === 'settings' || doc._type === 'page' ? withPatterns(doc, String(doc._type), '') : doc,
      );
    writeFileSync(
      path.join(content, 'production.ndjson'),
      documents.map((d) => JSON.stringify(d)).join('\n'),
    );
    const dist = path.join(dir, 'dist');
    mkdirSync(path.join(dist, '.ssr'), { recursive: true });
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    writeFileSync(path.join(dist, SERVER_RENDER_ENTRY), STAND_IN);
    writeFileSync(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({
        [AFTER_PAINT_LOADER]: { file: 'assets/start.js', src: AFTER_PAINT_LOADER, isEntry: true },
      }),
    );
    ({ app, close: stop } = await startTestApp({ env: { DIST_DIR: dist, CONTENT_DIR: content } }));
  });
  afterAll(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const settingsIn = async (locale: Locale) =>
    (await app.inject({ method: 'GET', url: `/api/content/settings?lang=${locale}` })).json().settings as Doc;

  it.each([
    ['/', 'rendered'],
    ['/privacy', 'rendered'],
    ['/about', 'rendered'],
    ['/challenge/30-day-shred', 'shell'],
    ['/profile', 'shell'],
    ['/no-such-page', 'shell'],
  ])(
    '%s (%s) has one title and one head, and its settings as written, in every language',
    async (url, kind) => {
      for (const locale of LOCALES) {
        const res = await app.inject({ method: 'GET', url: `${url}?lang=${locale}` });
        expect(res.statusCode).toBe(200);
        const html = res.body;
        expect(count(html, /<title>/g)).toBe(1);
        expect(count(html, /<head>/g)).toBe(1);
        expect(count(html, /<\/head>/g)).toBe(1);
        expect(count(html, /<body>/g)).toBe(1);
        // The oracle: the settings as the API answers them, JSON over the wire, no HTML in between.
        const settings = await settingsIn(locale);
        expect(settings.siteName).toBe(`siteName ${PATTERNS}`);
        expect((settings.home as Doc).heroHeading).toBe(`home.heroHeading ${locale} ${PATTERNS}`);
        expect(island(html, 'site-settings')).toMatchObject({ locale, settings });
        const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
        expect(title.endsWith(` | siteName ${PATTERNS}`) || title === `siteName ${PATTERNS}`, title).toBe(
          true,
        );
        expect(count(html, /id="rendered-page"/g)).toBe(kind === 'rendered' ? 1 : 0);
        if (kind === 'rendered') {
          const name = url === '/' ? settings.siteName : `pageName ${locale} ${PATTERNS}`;
          expect(island(html, 'rendered-page')).toMatchObject({ queries: [{ data: name }] });
          const root = /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
          expect(decodeEntities(root)).toContain(`<p>${name}</p>`);
          expect(decodeEntities(root)).toContain(`<p>${(settings.banner as Doc).bannerTitle}</p>`);
        }
      }
    },
  );

  it("writes the site's name into an email's subject as written", async () => {
    const member = await register(app, { enableEmailVerification: true, locale: 'es' });
    const { message } = await lastMailTo(app, member.email);
    expect(message.subject.startsWith(`siteName ${PATTERNS}: `), message.subject).toBe(true);
  });

  it("writes a content page's name into its title as written", async () => {
    const res = await app.inject({ method: 'GET', url: '/about?lang=es' });
    const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(res.body)?.[1] ?? '');
    expect(title).toBe(`pageName es ${PATTERNS} | siteName ${PATTERNS}`);
  });
});
