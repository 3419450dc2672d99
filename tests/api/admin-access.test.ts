import { describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { ACTOR, adminApp, adminOperations, call, headers, TOKEN, t } from './admin.fixtures.ts';
import { closedAfterEach, startTestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { TEST_ENV } from './members.ts';

adminApp();

describe('switched off', () => {
  const apps = closedAfterEach();
  it('answers 404 on every admin path without ADMIN_TOKEN, with a token or not, whatever the body', async () => {
    const off = await startTestApp({ env: TEST_ENV });
    apps.push(off);
    expect(adminOperations.map((op) => op.id).length).toBeGreaterThanOrEqual(6);
    for (const op of adminOperations) {
      const url = op.path.replace('{trainerID}', DEMO_TRAINER_ID).replace('{planID}', 'x');
      const res = await off.app.inject({ method: op.method as 'GET', url, headers, payload: { junk: 1 } });
      expect(res.statusCode, op.id).toBe(404);
      expect(res.json(), op.id).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('refuses to start with an ADMIN_TOKEN shorter than 32 characters, saying why', async () => {
    await expect(startTestApp({ env: { ADMIN_TOKEN: 'short-secret' } })).rejects.toThrow(
      /ADMIN_TOKEN: must be at least 32 characters/,
    );
  });

  it('limits the calls per client address, as the password calls are', async () => {
    const limited = await startTestApp({ env: { ADMIN_TOKEN: TOKEN, RATE_LIMIT_MAX: '3' } });
    apps.push(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.app.inject({
        method: 'GET',
        url: `/api/admin/trainers/${DEMO_TRAINER_ID}`,
        headers: { ...headers, 'admin-token': `wrong-${i}-${TOKEN}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('in production', () => {
  const apps = closedAfterEach();
  it('refuses plain HTTP with 403, and takes HTTPS as vouched for by a proxy named in TRUST_PROXY', async () => {
    const prod = await startTestApp({
      env: {
        ...TEST_ENV,
        NODE_ENV: 'production',
        PASSWORD_HASH_LOG2_COST: '17',
        STRIPE_SECRET_KEY: 'sk_test_admin',
        STRIPE_WEBHOOK_SECRET: 'whsec_admin',
        ADMIN_TOKEN: TOKEN,
        TRUST_PROXY: '10.0.0.1',
      },
    });
    apps.push(prod);
    const get = (remoteAddress: string, proto?: string) =>
      prod.app.inject({
        method: 'GET',
        url: `/api/admin/trainers/${DEMO_TRAINER_ID}`,
        remoteAddress,
        headers: { ...headers, ...(proto && { 'x-forwarded-proto': proto }) },
      });
    const plain = await get('10.0.0.1');
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({ success: false, message: 'The admin API answers only over HTTPS' });
    // A client that is not the proxy cannot claim HTTPS for itself.
    expect((await get('203.0.113.9', 'https')).statusCode).toBe(403);
    expect((await get('10.0.0.1', 'https')).statusCode).toBe(200);
  });
});

describe('the token', () => {
  it('answers 401 without it, or with a wrong one of any length, and 200 with it', async () => {
    const url = `/api/admin/trainers/${DEMO_TRAINER_ID}`;
    for (const token of [undefined, '', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.replace('a', 'b')]) {
      const { res, body } = await call('adminGetTrainer', 'GET', url, undefined, {
        'admin-actor': ACTOR,
        ...(token !== undefined && { 'admin-token': token }),
      });
      expect(res.statusCode, String(token)).toBe(401);
      expect(body.message).toBe('The admin token is missing or wrong');
    }
    const { res } = await call('adminGetTrainer', 'GET', url);
    expect(res.statusCode).toBe(200);
  });

  it('is not the member session token: a member cannot call the admin API', async () => {
    const member = await createMember(t.context);
    const { res } = await call(
      'adminGetTrainer',
      'GET',
      `/api/admin/trainers/${DEMO_TRAINER_ID}`,
      undefined,
      {
        token: member.token,
        'admin-actor': ACTOR,
      },
    );
    expect(res.statusCode).toBe(401);
  });
});
