// What signing in and up promise when pushed on (each test failed before its fix, see docs/security.md):
// failed logins back off per address, a password is hashed once and NFC-normalised, NUL bytes refused.

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_LOGIN_FAILURES } from '../../server/accounts/login-throttle.ts';
import { hashQueue } from '../../server/auth/passwords.ts';
import { loginThrottle } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { expectContract } from './contract.ts';
import { app, hardeningApp, post, t } from './hardening.fixtures.ts';
import { login, PASSWORD, register, uniqueEmail } from './members.ts';

hardeningApp();

describe('failed logins back off per address, whichever client sends them', () => {
  const attempt = (email: string, password: string, client: number) =>
    post(
      '/api/user/login',
      { email, password, trainerID: DEMO_TRAINER_ID },
      { remoteAddress: `10.1.0.${client}` },
    );

  it.each([
    ['an account', true],
    ['an address without an account, alike', false],
  ])('locks %s after %s failures with 429 and Retry-After', async (_, exists) => {
    const email = exists ? (await register(app)).email : uniqueEmail('ghost');
    for (let i = 1; i <= FREE_LOGIN_FAILURES; i++) {
      expect((await attempt(email, 'a wrong password', i)).statusCode).toBe(401);
    }
    const locked = await attempt(email, PASSWORD, 99);
    expect(locked.statusCode).toBe(429);
    expectContract(locked, 'login');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(locked.json().message).toMatch(/Too many failed sign-ins for this email/);
  });

  it('lets the right password in once the wait is over, and starts counting again', async () => {
    const member = await register(app);
    for (let i = 1; i <= FREE_LOGIN_FAILURES; i++) await attempt(member.email, 'a wrong password', i);
    const key = and(eq(loginThrottle.trainerId, DEMO_TRAINER_ID), eq(loginThrottle.email, member.email));
    await t.context.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(key);
    // One more failure doubles the wait.
    expect((await attempt(member.email, 'a wrong password', 1)).statusCode).toBe(401);
    const [row] = await t.context.db.select().from(loginThrottle).where(key);
    const wait = (row?.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);

    await t.context.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(key);
    expect((await attempt(member.email, PASSWORD, 1)).statusCode).toBe(200);
    expect(await t.context.db.select().from(loginThrottle).where(key)).toHaveLength(0);
  });

  it('does not let one account lock another', async () => {
    const a = await register(app);
    const b = await register(app);
    for (let i = 1; i <= FREE_LOGIN_FAILURES + 1; i++) await attempt(a.email, 'a wrong password', 1);
    expect((await attempt(b.email, PASSWORD, 1)).statusCode).toBe(200);
  });
});

describe('password hashing', () => {
  it('hashes once for many registrations of one address at once', async () => {
    const email = uniqueEmail('crowd');
    const before = hashQueue.ran;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/user/register', { name: 'Crowd', email, password: PASSWORD, trainerID: DEMO_TRAINER_ID }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(hashQueue.ran - before).toBe(1);
  });

  it('does not hash at all for an address that already has an account', async () => {
    const member = await register(app);
    const before = hashQueue.ran;
    const res = await post('/api/user/register', {
      name: 'Again',
      email: member.email,
      password: PASSWORD,
      trainerID: DEMO_TRAINER_ID,
    });
    expect(res.statusCode).toBe(409);
    expect(hashQueue.ran).toBe(before);
  });

  it('takes a password typed composed or decomposed as the same password', async () => {
    const composed = 'caf\u00e9 con leche';
    const decomposed = 'cafe\u0301 con leche';
    const member = await register(app, { password: composed });
    expect((await login(app, member.email, decomposed)).statusCode).toBe(200);
  });
});

describe('NUL bytes', () => {
  it.each([
    ['login', '/api/user/login', { email: 'a\u0000@example.com', password: 'x', trainerID: DEMO_TRAINER_ID }],
    ['forgot-password', '/api/user/forgot-password', { email: 'a\u0000@x.test', trainerID: DEMO_TRAINER_ID }],
    [
      'register',
      '/api/user/register',
      { name: 'N\u0000', email: 'n@example.com', password: PASSWORD, trainerID: DEMO_TRAINER_ID },
    ],
    ['reset-password', '/api/user/reset-password', { token: 'abc\u0000', password: PASSWORD }],
  ])('refuses one in %s with 400, changing nothing', async (_, url, payload) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/NUL/);
  });

  it('refuses one in a path or a query', async () => {
    for (const url of [
      `/api/trainer/${DEMO_TRAINER_ID}%00/products`,
      '/api/content/pages/a%00b',
      '/sandbox/checkout/cs_%00',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
