// The server's rendering of the public pages (decision 118), through the real app, with a stand-in
// for the server build of the SPA: it asks the API in-process as the real one does.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_RENDER_ENTRY } from '../../../server/site/page-renderer.ts';
import { startTestApp } from '../app.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Trainer</title></head><body><div id="root"></div></body></html>';

const STAND_IN = `
let calls = 0;
export const renderCalls = () => calls;
export async function renderPage({ url, locale, getJson }) {
  calls++;
  if (url.startsWith('/fails')) throw new Error('the render broke');
  if (url.startsWith('/profile')) return null;
  const answer = await getJson('/api/content/pages/privacy?lang=' + locale);
  return {
    html: '<main style="min-height:100vh"><style>.x{color:red}</style><h1>' + answer.body.page.pageName + '</h1></main>',
    data: { locale, route: 'Privacy', queries: [], clock: { year: 2026, promoBanner: false } },
  };
}`;

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script/.exec(html)?.[1] ?? '';

describe('the rendered public pages', () => {
  let app: FastifyInstance;
  let stop: () => Promise<void>;
  let dist: string;
  let renderCalls: () => number;
  const logs = new PassThrough();
  let logged = '';
  logs.on('data', (chunk) => {
    logged += String(chunk);
  });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    mkdirSync(path.join(dist, '.ssr'));
    writeFileSync(path.join(dist, SERVER_RENDER_ENTRY), STAND_IN);
    ({ app, close: stop } = await startTestApp({
      env: { DIST_DIR: dist, LOG_LEVEL: 'warn' },
      logStream: logs,
    }));
    ({ renderCalls } = await import(pathToFileURL(path.join(dist, SERVER_RENDER_ENTRY)).href));
  });
  afterAll(async () => {
    await stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("puts the page in the shell's root, its styles under this response's nonce, its data after it", async () => {
    const res = await app.inject({ method: 'GET', url: '/privacy' });
    expect(res.statusCode).toBe(200);
    const nonce = nonceOf(res.headers['content-security-policy'] as string);
    expect(nonce).toBeTruthy();
    expect(rootOf(res.body)).toContain('<h1>Privacy Policy</h1>');
    // No style attribute is left for the policy to refuse: it became a rule under the nonce.
    expect(res.body).not.toMatch(/ style="/);
    expect(res.body).toContain(
      `<style nonce="${nonce}">#root [data-rendered-style="0"]{min-height:100vh}</style>`,
    );
    expect(res.body).toContain(`<style nonce="${nonce}">.x{color:red}</style>`);
    expect(res.body).toMatch(/<script type="application\/json" id="rendered-page">\{"locale":"en"/);
  });

  it('renders a page once per language, each response with its own nonce', async () => {
    const before = renderCalls();
    const first = await app.inject({ method: 'GET', url: '/tos' });
    const second = await app.inject({ method: 'GET', url: '/tos' });
    expect(renderCalls()).toBe(before + 1);
    const [a, b] = [first, second].map((res) => nonceOf(res.headers['content-security-policy'] as string));
    expect(a).not.toBe(b);
    expect(second.body).toContain(`<style nonce="${b}">`);
    expect(second.body).not.toContain(`nonce="${a}"`);

    const spanish = await app.inject({ method: 'GET', url: '/tos', headers: { 'accept-language': 'es-ES' } });
    expect(renderCalls()).toBe(before + 2);
    expect(rootOf(spanish.body)).toContain('<h1>Política de privacidad</h1>');
    expect(spanish.body).toContain('<html lang="es"');
  });

  it("leaves a member's page to the browser: the empty shell", async () => {
    const res = await app.inject({ method: 'GET', url: '/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('rendered-page');
  });

  it('falls back to the empty shell when the render fails, and logs why', async () => {
    const res = await app.inject({ method: 'GET', url: '/fails' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(logged).toMatch(/page render failed, serving the empty shell/);
    expect(logged).toMatch(/the render broke/);
  });
});

describe('a server render that cannot be loaded', () => {
  it('leaves the site up, its pages as the empty shell, and says why', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    mkdirSync(path.join(dist, '.ssr'));
    writeFileSync(path.join(dist, SERVER_RENDER_ENTRY), "import 'a-package-that-is-not-there';\n");
    const logs = new PassThrough();
    let logged = '';
    logs.on('data', (chunk) => {
      logged += String(chunk);
    });
    const { app, close } = await startTestApp({
      env: { DIST_DIR: dist, LOG_LEVEL: 'warn' },
      logStream: logs,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(logged).toMatch(/the server render cannot be loaded/);
    } finally {
      await close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
