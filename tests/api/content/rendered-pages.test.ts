// The server's rendering of the public pages (decision 118), through the real app, with a stand-in
// for the server build of the SPA: it asks the API in-process as the real one does. A rendered page
// is kept below its nonce, gzip spliced per response and revalidated by an ETag (decision 124).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_RENDER_ENTRY } from '../../../server/site/page-renderer.ts';
import { startTestApp } from '../app.ts';
import { TEMPLATE, writeBuild } from './stand-in-build.ts';

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script/.exec(html)?.[1] ?? '';

describe('the rendered public pages', () => {
  let app: FastifyInstance;
  let stop: () => Promise<void>;
  let dist: string;
  let renderCalls: () => number;
  let rendered: string[];
  const logs = new PassThrough();
  let logged = '';
  logs.on('data', (chunk) => {
    logged += String(chunk);
  });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeBuild(dist);
    ({ app, close: stop } = await startTestApp({
      env: { DIST_DIR: dist, LOG_LEVEL: 'warn' },
      logStream: logs,
    }));
    ({ renderCalls, rendered } = await import(pathToFileURL(path.join(dist, SERVER_RENDER_ENTRY)).href));
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
    // Its data is in it: the shell asks the API for none of it (a page it does not render does).
    expect(res.body).not.toContain('<link rel="preload" as="fetch"');
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

  it('renders a page once for every visit that differs only by parameters no page reads', async () => {
    const before = renderCalls();
    const plain = await app.inject({ method: 'GET', url: '/landing' });
    const visits = await Promise.all(
      [
        '?utm_source=newsletter&utm_medium=email',
        '?fbclid=IwAR0aBcD',
        '?gclid=Cj0&utm_campaign=spring',
        '?token=an-emailed-token&openModal=true',
        '?lang=fr',
      ].map((query) => app.inject({ method: 'GET', url: `/landing${query}` })),
    );
    // One render, of the page's own address: no visitor's parameters are kept in it.
    expect(renderCalls()).toBe(before + 1);
    expect(rendered.at(-1)).toBe('/landing');
    const page = (body: string) => rootOf(body).replace(/nonce="[^"]*"/g, '');
    for (const visit of visits) {
      expect(visit.headers.etag).toBe(plain.headers.etag);
      expect(page(visit.body)).toBe(page(plain.body));
    }
    // The language is the one parameter a rendered page reads: it is a page of its own.
    const spanish = await app.inject({ method: 'GET', url: '/landing?utm_source=x&lang=es' });
    expect(renderCalls()).toBe(before + 2);
    expect(rendered.at(-1)).toBe('/landing?lang=es');
    expect(spanish.headers.etag).not.toBe(plain.headers.etag);
    expect(rootOf(spanish.body)).toContain('<h1>Política de privacidad</h1>');
    await app.inject({ method: 'GET', url: '/landing?lang=es&fbclid=other' });
    expect(renderCalls()).toBe(before + 2);
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

describe('a rendered page on the wire', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let dist: string;
  const BROWSER = 'gzip, deflate, br, zstd';
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    // Long enough that the compress plugin would compress it, were it to see it.
    writeBuild(dist, TEMPLATE.replace('</body>', `${'<!-- padding -->'.repeat(100)}</body>`));
    t = await startTestApp({ env: { DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("goes out as gzip to a browser, decoding to exactly the plain page with that response's nonce", async () => {
    const gz = await get('/privacy', { 'accept-encoding': BROWSER });
    const plain = await get('/privacy');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzNonce = nonceOf(gz.headers['content-security-policy'] as string) ?? '';
    const plainNonce = nonceOf(plain.headers['content-security-policy'] as string) ?? '';
    expect(gzNonce).not.toBe(plainNonce);
    // The shell's meta, the page's style rule and its style element: three slots, each with the nonce.
    expect(plain.body.split(`nonce="${plainNonce}"`)).toHaveLength(4);
    const html = gunzipSync(gz.rawPayload).toString('utf8');
    expect(html).toBe(plain.body.replaceAll(`nonce="${plainNonce}"`, `nonce="${gzNonce}"`));
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    for (const res of [gz, plain]) {
      expect(res.headers.vary).toBe('accept-encoding, accept-language');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('gives every response a nonce of its own, in its policy and in its page', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => get('/privacy', { 'accept-encoding': 'gzip' })));
    const nonces = [a, b].map((res) => nonceOf(res?.headers['content-security-policy'] as string) ?? '');
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(gunzipSync(b?.rawPayload ?? Buffer.alloc(0)).toString()).toContain(
      `<style nonce="${nonces[1]}">.x{color:red}</style>`,
    );
    expect(a?.headers.etag).toBe(b?.headers.etag);
  });

  it('plain to a client that takes no gzip, and to one that asks for no compression', async () => {
    for (const headers of [
      { 'accept-encoding': 'gzip;q=0, identity' } as Record<string, string>,
      { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
    ]) {
      const res = await get('/privacy', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toContain('<h1>Privacy Policy</h1>');
    }
  });

  it('answers a matching If-None-Match with 304 and no policy: the kept page keeps its own', async () => {
    const first = await get('/privacy', { 'accept-encoding': BROWSER });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.replace(/^W\//, ''), '*']) {
      const again = await get('/privacy', { 'accept-encoding': BROWSER, 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers['content-security-policy']).toBeUndefined();
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');
      expect(again.headers.vary).toBe('accept-encoding, accept-language');
    }
  });

  it('has another ETag per encoding and per language', async () => {
    const tag = async (headers: Record<string, string>) => (await get('/tos', headers)).headers.etag;
    const english = await tag({ 'accept-encoding': 'gzip' });
    expect(await tag({ 'accept-encoding': 'gzip' })).toBe(english);
    expect(await tag({})).not.toBe(english);
    expect(await tag({ 'accept-encoding': 'gzip', 'accept-language': 'es-ES' })).not.toBe(english);
    // The gzip copy's tag does not validate the plain one.
    const plain = await get('/tos', { 'if-none-match': english as string });
    expect(plain.statusCode).toBe(200);
  });

  it('has another ETag once the catalogue changed and the page was rendered again', async () => {
    const first = (await get('/renders')).headers.etag;
    expect((await get('/renders')).headers.etag).toBe(first);
    await t.context.catalogueChanges.changed('demo-trainer');
    const after = await get('/renders', { 'if-none-match': first as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(first);
  });

  it('sends the whole page when If-None-Match is stale or malformed', async () => {
    for (const ifNoneMatch of ['W/"stale"', 'garbage', 'W/', '"', ',,,', `W/"${'x'.repeat(4000)}"`, '""']) {
      const res = await get('/privacy', { 'accept-encoding': 'gzip', 'if-none-match': ifNoneMatch });
      expect(res.statusCode).toBe(200);
      expect(gunzipSync(res.rawPayload).toString()).toContain('<h1>Privacy Policy</h1>');
    }
  });

  it('keeps the empty shell of a page it does not render as it was: no ETag, compressed on the way out', async () => {
    const res = await get('/profile', { 'accept-encoding': 'br' });
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['content-encoding']).toBe('br');
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
