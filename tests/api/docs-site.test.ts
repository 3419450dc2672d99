// The flows to try (docs/site) are served at /docs outside production, with the pictures they show,
// and not at all in production: there the address is neither served nor the SPA's shell.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedAfterEach, startTestApp } from './app.ts';

const apps = closedAfterEach();
// A built site, so that in production an unknown page would get the shell with 200 if /docs fell to it.
const dist = mkdtempSync(path.join(tmpdir(), 'trainer-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>x</title></head><body></body></html>',
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const PRODUCTION = {
  NODE_ENV: 'production',
  PASSWORD_HASH_LOG2_COST: '17',
  STRIPE_SECRET_KEY: 'sk_test_offline',
  STRIPE_WEBHOOK_SECRET: 'whsec_offline',
};

async function appIn(env: Record<string, string>) {
  const started = await startTestApp({ env: { DIST_DIR: dist, ...env } });
  apps.push(started);
  return started.app;
}

// Named from the directory by hand: a flow page and a picture that page shows.
const FLOW = '/docs/signup-modal.html';
const PICTURE = '/docs/statecharts/screens/signup-modal/hidden--desktop-en.png';

describe('/docs, the flows to try', () => {
  it('are served in development: the index listing the flows, a flow, its script, style and pictures', async () => {
    const app = await appIn({ NODE_ENV: 'development' });
    const index = await app.inject({ method: 'GET', url: '/docs/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    // Every flow page of the directory is listed on the index.
    const flows = readdirSync(path.join('docs', 'site')).filter(
      (f) => f.endsWith('.html') && f !== 'index.html',
    );
    expect(flows.length).toBeGreaterThan(10);
    for (const flow of flows) expect(index.body).toContain(`href="${flow}"`);

    const page = await app.inject({ method: 'GET', url: FLOW });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="player.js"></script>');
    // The strict policy of the server's pages holds: the player is a file of the site's own.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    for (const [url, type] of [
      ['/docs/player.js', /javascript/],
      ['/docs/site.css', /text\/css/],
      [PICTURE, /image\/png/],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(type);
    }
    expect((await app.inject({ method: 'GET', url: '/docs/no-such-flow.html' })).statusCode).toBe(404);
    // Nothing outside docs/site and the screens is reachable.
    // `..` leaves /docs (the address is the SPA's then): the project's files are never sent.
    const outside = await app.inject({ method: 'GET', url: '/docs/%2e%2e/package.json' });
    expect(outside.body).not.toContain('"name": "trainer-site"');
    expect((await app.inject({ method: 'GET', url: '/docs/statecharts/README.md' })).statusCode).toBe(404);
  });

  it('are not served in production: a 404, not the site', async () => {
    const app = await appIn(PRODUCTION);
    for (const url of ['/docs/', FLOW, '/docs/player.js', PICTURE]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<html');
    }
    // The SPA's own pages are still the shell there.
    expect((await app.inject({ method: 'GET', url: '/profile' })).statusCode).toBe(200);
  });
});
