// A page gets helmet's fixed headers and a policy that depends on who wrote it; every answer is
// unsniffable, and an API answer is kept out of caches (decision 100).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';

let site: TestApp;
beforeAll(async () => {
  site = await startTestApp();
});
afterAll(() => site.close());

const FIXED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-permitted-cross-domain-policies': 'none',
};

describe('security headers', () => {
  it.each([
    { url: '/dev/mailbox', referrer: 'strict-origin-when-cross-origin' },
    // A hosted page sends no referrer at all: its address is the key to a checkout.
    { url: '/sandbox/checkout/cs_unknown', referrer: 'no-referrer' },
  ])('gives the page $url the fixed headers', async ({ url, referrer }) => {
    const res = await site.app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers).toMatchObject({ ...FIXED, 'referrer-policy': referrer });
    // Left to the proxy that terminates TLS; prefetching stays on for the shell's early origins.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each(['/api/health', '/api/user', '/api/trainer/demo-trainer/products'])(
    'gives the API answer %s what a JSON answer needs, and no page headers',
    async (url) => {
      const res = await site.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    },
  );

  it('gives a server page the page policy and JSON none', async () => {
    const page = await site.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https://cdn.sanity.io; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    const json = await site.app.inject({ method: 'GET', url: '/api/health' });
    expect(json.headers['content-security-policy']).toBeUndefined();
    expect(json.headers['cache-control']).toBe('no-store');
  });
});
