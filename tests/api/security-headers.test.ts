// The fixed headers come from helmet on every answer a route writes, JSON and HTML alike; the
// policy of an HTML answer depends on who wrote it (decision 100).
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
    '/api/health',
    '/api/user',
    '/api/trainer/demo-trainer/products',
    '/dev/mailbox',
    '/no-such-page',
  ])('gives %s the fixed headers', async (url) => {
    const res = await site.app.inject({ method: 'GET', url });
    expect(res.headers).toMatchObject(FIXED);
    // Left to the proxy that terminates TLS; prefetching stays on for the shell's early origins.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
  });

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
