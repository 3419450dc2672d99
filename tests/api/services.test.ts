// The embedded services as the server configures them: what the shell tells the SPA, the origins
// the Content-Security-Policy opens for them (exactly those), the dev collector at /dev/events, and
// the server's own 5xx reports.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { startTestApp, type TestApp } from './app.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>';
const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function shell(html: string) {
  const m = /<script type="application\/json" id="site-settings">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(m?.[1] ?? 'null') as { services: Record<string, unknown> };
}

function directives(csp: string): Record<string, string> {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

const VENDORS = {
  RELEASE_STAGE: 'production',
  BUGSNAG_API_KEY: '0123456789abcdef0123456789abcdef',
  BRAZE_API_KEY: '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  BRAZE_BASE_URL: 'sdk.iad-01.braze.com',
  GA_MEASUREMENT_ID: 'G-AB12CD34EF',
};

/** A route that fails, for the server's own 5xx reports. */
function withFailingRoute(app: FastifyInstance) {
  app.get('/api/fails', async () => {
    throw new Error('the ledger is unreachable');
  });
}

// A server's start is most of this file's time: the development stage's server (no vendor) and the
// staging one (a video provider, which changes only what may be framed) serve every test that
// configures nothing else.
let development: TestApp;
let staging: TestApp;
beforeAll(async () => {
  development = await startTestApp({ env: { DIST_DIR: dist }, beforeReady: withFailingRoute });
  staging = await startTestApp({
    env: { DIST_DIR: dist, RELEASE_STAGE: 'staging', VIDEO_PROVIDER: 'vimeo' },
    beforeReady: withFailingRoute,
  });
});
afterAll(async () => {
  await development.close();
  await staging.close();
});

describe('with no vendor configured (the dev pages on)', () => {
  let t: TestApp;
  beforeAll(() => {
    t = development;
  });

  it('the shell sends every service to the collector, in the development stage', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(shell(res.body).services).toEqual({
      releaseStage: 'development',
      errors: {
        apiKey: '0'.repeat(32),
        endpoints: { notify: '/dev/events/notify', sessions: '/dev/events/sessions' },
      },
      engagement: { vendor: 'collector', url: '/dev/events/engagement' },
      analytics: { vendor: 'collector', url: '/dev/events/analytics' },
    });
  });

  it('the policy opens no other origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['script-src']).toBe("'self'");
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['img-src']).toBe("'self' data: https://cdn.sanity.io");
    // No video provider: frames fall back to default-src 'self'.
    expect(csp['frame-src']).toBeUndefined();
  });

  it('the collector records what each endpoint receives, in order, and lists it as JSON and HTML', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/dev/events.json' })).json().events.length;
    const posts = [
      { url: '/dev/events/analytics', payload: { name: 'page_view', params: { path: '/challenge/x' } } },
      { url: '/dev/events/engagement', payload: { call: 'changeUser', userId: 'm1' } },
      {
        url: '/dev/events/notify',
        payload: {
          apiKey: '0'.repeat(32),
          events: [
            {
              exceptions: [{ errorClass: 'TypeError', message: 'x is undefined' }],
              app: { releaseStage: 'staging' },
            },
          ],
        },
      },
      { url: '/dev/events/sessions', payload: { sessions: [{ id: 's1' }] } },
    ];
    for (const post of posts) {
      const res = await t.app.inject({ method: 'POST', ...post });
      expect(res.statusCode).toBe(202);
    }
    const listed = (await t.app.inject({ method: 'GET', url: '/dev/events.json' })).json().events;
    expect(listed.slice(before).map((e: { kind: string; summary: string }) => [e.kind, e.summary])).toEqual([
      ['analytics', 'page_view'],
      ['engagement', 'changeUser'],
      ['error', 'TypeError: x is undefined'],
      ['session', '1 session(s) started'],
    ]);
    const seq = listed.at(-2).seq;
    const after = (await t.app.inject({ method: 'GET', url: `/dev/events.json?after=${seq}` })).json().events;
    expect(after.map((e: { kind: string }) => e.kind)).toEqual(['session']);
    const page = await t.app.inject({ method: 'GET', url: '/dev/events' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TypeError: x is undefined');
  });

  it('refuses what is not such a payload with a clear message and records nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/dev/events.json' })).json().events.length;
    for (const [url, payload] of [
      ['/dev/events/notify', { events: 'nope' }],
      ['/dev/events/sessions', {}],
      ['/dev/events/analytics', { name: 3 }],
      ['/dev/events/engagement', ['changeUser']],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/^Expected /);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/dev/events.json?after=-1' });
    expect(bad.statusCode).toBe(400);
    const after = (await t.app.inject({ method: 'GET', url: '/dev/events.json' })).json().events.length;
    expect(after).toBe(before);
  });
});

describe('with the vendors configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DIST_DIR: dist, ...VENDORS } });
  });
  afterAll(() => t.close());

  it('the shell names them, and keys no collector', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(shell(res.body).services).toEqual({
      releaseStage: 'production',
      errors: {
        apiKey: VENDORS.BUGSNAG_API_KEY,
        endpoints: { notify: 'https://notify.bugsnag.com', sessions: 'https://sessions.bugsnag.com' },
      },
      engagement: { vendor: 'braze', apiKey: VENDORS.BRAZE_API_KEY, baseUrl: VENDORS.BRAZE_BASE_URL },
      analytics: { vendor: 'ga4', measurementId: VENDORS.GA_MEASUREMENT_ID },
    });
  });

  it('the policy opens exactly their origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['script-src']).toBe("'self' https://*.googletagmanager.com");
    expect(csp['connect-src']).toBe(
      "'self' https://notify.bugsnag.com https://sessions.bugsnag.com https://sdk.iad-01.braze.com " +
        'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com',
    );
    expect(csp['img-src']).toContain('https://braze-images.com');
    expect(csp['style-src']).toMatch(/^'self' 'nonce-[^']+'$/);
  });
});

describe('an on-premise Bugsnag', () => {
  it('is reached at its own endpoints, and only those are opened', async () => {
    const t = await startTestApp({
      env: {
        DIST_DIR: dist,
        SMTP_URL: 'smtp://127.0.0.1:9',
        BUGSNAG_API_KEY: VENDORS.BUGSNAG_API_KEY,
        BUGSNAG_NOTIFY_ENDPOINT: 'https://bugs.coach.example:4900',
        BUGSNAG_SESSIONS_ENDPOINT: 'https://bugs.coach.example:4901',
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      const { services } = shell(res.body);
      expect(services.errors).toEqual({
        apiKey: VENDORS.BUGSNAG_API_KEY,
        endpoints: { notify: 'https://bugs.coach.example:4900', sessions: 'https://bugs.coach.example:4901' },
      });
      // With SMTP the dev pages are off: no collector stands in for the others.
      expect(services.engagement).toBeNull();
      expect(services.analytics).toBeNull();
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['connect-src']).toBe(
        "'self' https://bugs.coach.example:4900 https://bugs.coach.example:4901",
      );
      expect(
        (await t.app.inject({ method: 'POST', url: '/dev/events/analytics', payload: {} })).statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe("the server's own failures", () => {
  it('reach the collector from staging, and not from development', async () => {
    for (const [stage, { app }] of [
      ['staging', staging],
      ['development', development],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/api/fails?token=abc' });
      expect(res.statusCode).toBe(500);
      // The development server's collector also holds the errors its browser tests posted.
      const errors = (await app.inject({ method: 'GET', url: '/dev/events.json' }))
        .json()
        .events.filter((e: { kind: string; source: string }) => e.kind === 'error' && e.source === 'server');
      if (stage === 'staging') {
        expect(errors).toHaveLength(1);
        expect(errors[0].source).toBe('server');
        expect(errors[0].summary).toBe('Error: the ledger is unreachable');
        expect(errors[0].payload.request).toEqual({
          method: 'GET',
          url: '/api/fails?token=[redacted]',
          route: '/api/fails',
        });
      } else {
        expect(errors).toEqual([]);
      }
    }
  });
});

describe('the configuration', () => {
  it.each([
    [{ BUGSNAG_API_KEY: 'not-a-key' }, 'BUGSNAG_API_KEY'],
    [{ BUGSNAG_NOTIFY_ENDPOINT: 'https://bugs.example' }, 'BUGSNAG_SESSIONS_ENDPOINT'],
    [{ BRAZE_API_KEY: VENDORS.BRAZE_API_KEY }, 'BRAZE_BASE_URL'],
    [{ BRAZE_API_KEY: VENDORS.BRAZE_API_KEY, BRAZE_BASE_URL: 'not a host' }, 'BRAZE_BASE_URL'],
    [{ GA_MEASUREMENT_ID: 'UA-1234-1' }, 'GA_MEASUREMENT_ID'],
    [{ RELEASE_STAGE: 'Production!' }, 'RELEASE_STAGE'],
  ])('refuses %o, naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});

describe('a video provider', () => {
  it('is the only other origin the site may frame', async () => {
    const res = await staging.app.inject({ method: 'GET', url: '/' });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['frame-src']).toBe("'self' https://player.vimeo.com");
    // The player runs in its frame under its own policy: the page loads none of its media or images.
    expect(csp['img-src']).toBe("'self' data: https://cdn.sanity.io");
    expect(csp['media-src']).toBeUndefined();
  });
});
