import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SERVICES } from '../../../domain/integrations.ts';
import { renderShell } from '../../../server/site/shell.ts';
import { startTestApp } from '../app.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>Trainer</title></head><body><div id="root"></div></body></html>';

function settingsBlock(html: string): unknown {
  const m = /<script type="application\/json" id="site-settings">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1] as string) : undefined;
}

/**
 * Starts an app for the describe's tests on a build of TEMPLATE in a folder of its own, removed
 * after; `env` adds to its configuration, given that folder. `started` hands the app over.
 */
function appOnShell(
  started: (app: FastifyInstance) => void,
  env: (dist: string) => Record<string, string> = () => ({}),
) {
  let stop: (() => Promise<void>) | undefined;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    const t = await startTestApp({ env: { DIST_DIR: dist, ...env(dist) } });
    stop = t.close;
    started(t.app);
  });
  afterAll(async () => {
    await stop?.();
    rmSync(dist, { recursive: true, force: true });
  });
}

describe('the HTML shell', () => {
  let app: FastifyInstance;
  appOnShell((started) => {
    app = started;
  });

  it('is branded before any script runs: title, favicon, theme colour and the settings block', async () => {
    const res = await app.inject({ method: 'GET', url: '/privacy' });
    expect(res.statusCode).toBe(200);
    // The spec's title for a content page, from the server (decision 119).
    expect(res.body).toContain('<title>Privacy Policy | Coach Rivera Fitness</title>');
    expect(res.body).toMatch(/<link rel="icon" href="\/content-assets\/[0-9a-f]+-32x32\.svg" \/>/);
    expect(res.body).toContain('<meta name="theme-color" content="#e8590c" />');
    expect(settingsBlock(res.body)).toMatchObject({ settings: { siteName: 'Coach Rivera Fitness' } });
  });

  it('is sent with a strict Content-Security-Policy that allows no inline script', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
  });

  it('allows inline styles only with a fresh nonce, which the shell hands to the SPA', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'GET', url: '/' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).not.toContain('unsafe-inline');
      const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('inlines the settings in the browser language, and says which', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    const data = settingsBlock(res.body) as { locale: string; settings: { banner: { bannerTitle: string } } };
    expect(data.locale).toBe('es');
    expect(data.settings.banner.bannerTitle).toBe('Oferta de año nuevo: 10% de descuento en tu primer plan');
    const english = settingsBlock((await app.inject({ method: 'GET', url: '/' })).body) as typeof data;
    expect(english.locale).toBe('en');
    expect(english.settings.banner.bannerTitle).toBe('New year offer: 10% off your first plan');
  });

  it('keeps CMS text from breaking out of the settings block', () => {
    const html = renderShell(
      TEMPLATE,
      {
        settings: { siteName: '</script><script>alert(1)</script> & "co"' },
        services: NO_SERVICES,
        locale: 'en',
      },
      'nonce',
    );
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;</title>',
    );
    expect(settingsBlock(html)).toEqual({
      settings: { siteName: '</script><script>alert(1)</script> & "co"' },
      services: NO_SERVICES,
      locale: 'en',
    });
  });

  it("asks for the page's screen and first API call with the page, when it has them", () => {
    const data = { settings: null, services: NO_SERVICES, locale: 'en' as const };
    const html = renderShell(TEMPLATE, data, 'nonce', {
      files: ['assets/screen.js', 'assets/screen.css'],
      call: '/api/content/pages/terms?lang=en',
    });
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/api/content/pages/terms?lang=en" crossorigin="anonymous" />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/screen.js" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/screen.css" />');
    expect(renderShell(TEMPLATE, data, 'nonce', null)).not.toContain('rel="preload"');
  });

  it("asks for the home page's hero image with the page, and only there", async () => {
    const home = (await app.inject({ method: 'GET', url: '/' })).body;
    const data = settingsBlock(home) as { settings: { home: { heroImage: { url: string } } } };
    const url = data.settings.home.heroImage.url;
    expect(url).toMatch(/^\/content-assets\/.+-640x720\.svg$/);
    expect(home).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${url}" />`);
    const about = (await app.inject({ method: 'GET', url: '/about' })).body;
    expect(about).not.toContain('as="image"');
  });

  it('falls back to the default name and says why when the CMS fails', () => {
    const html = renderShell(
      TEMPLATE,
      { settings: null, services: NO_SERVICES, locale: 'en', error: 'The CMS answered 500: boom' },
      'nonce',
    );
    expect(html).toContain('<title>Trainer</title>');
    expect(settingsBlock(html)).toEqual({
      settings: null,
      services: NO_SERVICES,
      locale: 'en',
      error: 'The CMS answered 500: boom',
    });
  });
});

describe('the HTML shell when the CMS fails', () => {
  let app: FastifyInstance;
  appOnShell(
    (started) => {
      app = started;
    },
    (dist) => ({ CONTENT_DIR: path.join(dist, 'no-content') }),
  );

  it('still renders the site with defaults', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Home | Trainer</title>');
    expect(settingsBlock(res.body)).toMatchObject({
      settings: null,
      error: expect.stringMatching(/cannot be read/),
    });
  });

  it('answers /sitemap.xml with 503 and a retry, rather than a sitemap without the CMS pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json().message).toMatch(/^The sitemap is unavailable: .*cannot be read/);
  });

  it('serves a content page without the head the CMS would have given it (decision 119)', async () => {
    const res = await app.inject({ method: 'GET', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Trainer</title>');
    expect(res.body).not.toContain('rel="canonical"');
  });
});
