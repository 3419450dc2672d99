// The headers on every answer and the proxy setting (each test failed before its fix, see
// docs/security.md), on the app, a built site in development and apps configured for one test.

import { describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import type { TestApp } from './app.ts';
import { app, appsForOneTest, builtSite, dist, hardeningApp, site } from './hardening.fixtures.ts';
import { getUser, login, register, uniqueEmail } from './members.ts';

hardeningApp();
builtSite();
const appWith = appsForOneTest();

describe('headers', () => {
  it('keeps every API answer out of caches and unsniffable', async () => {
    const member = await register(app);
    for (const res of [
      await getUser(app, member.token),
      await app.inject({ method: 'GET', url: '/api/user' }),
      await login(app, member.email),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('gives the dev mailbox the shell’s policy, so no other site can frame it', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  describe('with a built site', () => {
    it('serves /index.html as the branded shell with its headers', async () => {
      const res = await site.app.inject({ method: 'GET', url: '/index.html' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Coach Rivera Fitness</title>');
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('keeps source maps private in production', async () => {
      const production = await appWith({
        DIST_DIR: dist,
        NODE_ENV: 'production',
        PASSWORD_HASH_LOG2_COST: '17',
        STRIPE_SECRET_KEY: 'sk_test_offline',
        STRIPE_WEBHOOK_SECRET: 'whsec_offline',
      });
      expect((await production.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      const map = await production.app.inject({ method: 'GET', url: '/assets/app.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.headers['content-type']).toMatch(/json/);
      const development = site;
      expect((await development.app.inject({ method: 'GET', url: '/assets/app.js.map' })).statusCode).toBe(
        200,
      );
    });
  });
});

describe('TRUST_PROXY', () => {
  const from = (target: TestApp, forwardedFor: string) =>
    target.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: uniqueEmail(), trainerID: DEMO_TRAINER_ID },
    });

  it('keys the limits on the forwarded client when the proxy is trusted', async () => {
    const proxied = await appWith({ RATE_LIMIT_MAX: '2', TRUST_PROXY: '10.9.0.1' });
    for (const client of ['203.0.113.1', '203.0.113.2']) {
      expect((await from(proxied, client)).statusCode).toBe(200);
      expect((await from(proxied, client)).statusCode).toBe(200);
      expect((await from(proxied, client)).statusCode).toBe(429);
    }
  });

  it('ignores X-Forwarded-For without it, so the header cannot dodge the limit', async () => {
    const direct = site;
    expect((await from(direct, '203.0.113.1')).statusCode).toBe(200);
    expect((await from(direct, '203.0.113.2')).statusCode).toBe(200);
    expect((await from(direct, '203.0.113.3')).statusCode).toBe(429);
  });

  it('accepts a hop count', async () => {
    const hops = await appWith({ RATE_LIMIT_MAX: '1', TRUST_PROXY: '1' });
    expect((await from(hops, '203.0.113.1')).statusCode).toBe(200);
    expect((await from(hops, '203.0.113.2')).statusCode).toBe(200);
    expect((await from(hops, '203.0.113.1')).statusCode).toBe(429);
  });
});
