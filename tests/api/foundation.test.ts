import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';

let t: TestApp;
let app: TestApp['app'];
beforeAll(async () => {
  t = await startTestApp();
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

describe('foundation', () => {
  it('answers the health check per the contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(expectContract(res, 'getHealth')).toMatchObject({
      success: true,
      status: 'ok',
      database: process.env.API_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'No route GET /api/no/such/thing' });
  });

  it('answers a page request with a clear 404 when the SPA is not built', async () => {
    const res = await app.inject({ method: 'GET', url: '/anything' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not built/);
  });

  it.each([
    ['malformed JSON', '{"email": ', 'application/json'],
    ['a body that is not an object', '"hello"', 'application/json'],
    [
      'an unknown field',
      JSON.stringify({ email: 'a@b.co', password: 'x', trainerID: 't', admin: true }),
      'application/json',
    ],
    [
      'a wrong type',
      JSON.stringify({ email: 'a@b.co', password: 12345678, trainerID: 't' }),
      'application/json',
    ],
    ['a missing field', JSON.stringify({ email: 'a@b.co', trainerID: 't' }), 'application/json'],
    ['an unsupported media type', 'email=a', 'text/plain'],
  ])('refuses %s with a 4xx and a message, never a 500', async (_name, payload, contentType) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login?gateway=true',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024), trainerID: 't' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('refuses a gateway value other than true', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user?gateway=yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The gateway flag must be one of: true.');
  });
});
