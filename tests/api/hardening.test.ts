// What the API promises when it is pushed on: each test below failed before its fix (see
// docs/security.md). Login backoff, hashing load, email links used once, reset links and their
// cooldown, NUL bytes, the headers on every answer, the email change, the proxy setting, NFC.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHandlers } from '../../server/accounts/accounts.routes.ts';
import { FREE_LOGIN_FAILURES, loginBackoffMs } from '../../server/accounts/login-throttle.ts';
import { HashQueue, hashQueue } from '../../server/auth/passwords.ts';
import { isDatabaseUnavailable, loggable } from '../../server/db/errors.ts';
import { emailTokens, loginThrottle, resetRequests, users } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { redactUrl } from '../../server/redacted-url.ts';
import { closedAfterEach, startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import {
  getUser,
  lastMailTo,
  login,
  mailbox,
  PASSWORD,
  register,
  TEST_ENV,
  uniqueEmail,
  updateUser,
} from './members.ts';

let t: TestApp;
let app: TestApp['app'];

beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  app = t.app;
});
afterAll(() => t.close());

const dist = mkdtempSync(path.join(tmpdir(), 'trainer-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>x</title></head><body></body></html>',
);
writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'assets', 'app.js.map'), '{}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

// A server's start is most of a test's time (decision 176): the tests of a built site in development
// and of a proxy not trusted (a limit of 2, only this test's client calls the limited call) share one.
let site: TestApp;
beforeAll(async () => {
  site = await startTestApp({ env: { ...TEST_ENV, DIST_DIR: dist, RATE_LIMIT_MAX: '2' } });
});
afterAll(() => site.close());

const others = closedAfterEach();
async function appWith(env: Record<string, string>): Promise<TestApp> {
  const other = await startTestApp({ env: { ...TEST_ENV, ...env } });
  others.push(other);
  return other;
}

const post = (url: string, payload: unknown, options: { remoteAddress?: string; token?: string } = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    ...(options.token && { headers: { token: options.token } }),
  });

async function forgot(email: string) {
  const res = await post('/api/user/forgot-password', { email, trainerID: DEMO_TRAINER_ID });
  await t.context.background.settled();
  return res;
}

const reset = (token: string, password: string) => post('/api/user/reset-password', { token, password });

/** Lets the next reset or verification email go out at once, as if a minute had passed. */
async function skipCooldowns(userId: string) {
  await t.context.db
    .update(users)
    .set({ lastResetSentAt: null, lastVerificationSentAt: null, lastSignupNoticeAt: null })
    .where(eq(users.id, userId));
}

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

describe('verification links', () => {
  async function memberWithLink() {
    const member = await register(app, { enableEmailVerification: true });
    const { token } = await lastMailTo(app, member.email);
    return { member, link: token };
  }

  it('opens one session at most: PUT without a GET first gets it, a GET after gets none', async () => {
    const { member, link } = await memberWithLink();
    const verified = await updateUser(app, link, member.id, { email_verified: true });
    expect(verified.statusCode).toBe(200);
    const session = (expectContract(verified, 'updateUser') as { user: { token: string } }).user.token;
    expect(session).not.toBe('');
    expect((await getUser(app, session)).statusCode).toBe(200);
    // The spent link opens no session; it only says the address is verified.
    const again = await getUser(app, link);
    expect(again.statusCode).toBe(409);
    expect(expectContract(again, 'getUser')).toEqual({
      success: false,
      message: 'Your email is already verified',
    });
  });

  it('verifies the address and nothing else: no email, no name', async () => {
    const { member, link } = await memberWithLink();
    for (const changes of [
      { email: uniqueEmail('hijack'), email_verified: true },
      { name: 'Someone else', email_verified: true },
      { email: uniqueEmail('hijack') },
    ]) {
      const res = await updateUser(app, link, member.id, changes);
      expect(res.statusCode).toBe(403);
      expectContract(res, 'updateUser');
    }
    const user = (await getUser(app, member.token)).json().user;
    expect(user.email).toBe(member.email);
    expect(user.email_verified).toBe(false);
    // Refused attempts did not use the link up.
    expect((await updateUser(app, link, member.id, { email_verified: true })).statusCode).toBe(200);
  });

  it('stops working after a password reset', async () => {
    const { member, link } = await memberWithLink();
    await forgot(member.email);
    const { token } = await lastMailTo(app, member.email);
    expect((await reset(token, 'a brand new password')).statusCode).toBe(200);
    expect((await getUser(app, link)).statusCode).toBe(401);
    expect((await updateUser(app, link, member.id, { email_verified: true })).statusCode).toBe(401);
  });

  it('stops working after a password change', async () => {
    const { member, link } = await memberWithLink();
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/user/${member.id}/password`,
      headers: { token: member.token },
      payload: { oldPassword: PASSWORD, newPassword: 'a brand new password', trainerID: DEMO_TRAINER_ID },
    });
    expect(changed.statusCode).toBe(200);
    expect((await getUser(app, link)).statusCode).toBe(401);
  });

  it('stops working once a newer link verified the address', async () => {
    const { member, link: older } = await memberWithLink();
    await skipCooldowns(member.id);
    expect((await post('/api/user/resend-verification', {}, { token: member.token })).statusCode).toBe(200);
    const { token: newer } = await lastMailTo(app, member.email);
    expect(newer).not.toBe(older);
    expect((await updateUser(app, newer, member.id, { email_verified: true })).statusCode).toBe(200);
    const stale = await getUser(app, older);
    expect(stale.statusCode).toBe(409);
    expect(expectContract(stale, 'getUser')).toEqual({
      success: false,
      message: 'Your email is already verified',
    });
  });
});

describe('reset links', () => {
  it('a reset uses up every other reset link of the account', async () => {
    const member = await register(app);
    await forgot(member.email);
    const first = (await lastMailTo(app, member.email)).token;
    await skipCooldowns(member.id);
    await forgot(member.email);
    const second = (await lastMailTo(app, member.email)).token;
    expect(second).not.toBe(first);
    expect((await reset(second, 'a brand new password')).statusCode).toBe(200);
    const stale = await reset(first, 'yet another password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/invalid or has expired/);
    expect((await login(app, member.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('sends one email a minute per address, with the same answer every time', async () => {
    const member = await register(app);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await forgot(member.email)).body);
    const unknown = (await forgot(uniqueEmail('nobody'))).body;
    expect(new Set([...answers, unknown]).size).toBe(1);
    expect((await mailbox(app)).filter((m) => m.to === member.email)).toHaveLength(1);
  });

  it('sends the email asked for before a restart once the server is back', async () => {
    const member = await register(app);
    // A request acknowledged, then the process stopped before working it: a new server finds it.
    await t.context.db
      .insert(resetRequests)
      .values({ id: 'rst_left_over', trainerId: DEMO_TRAINER_ID, email: member.email });
    // What a server does at start: work through the requests left over.
    accountHandlers(t.context, app.log);
    await t.context.background.settled();
    expect((await lastMailTo(app, member.email)).message.subject).toMatch(/reset your password/);
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

describe('changing the email', () => {
  it('needs the current password, and tells the old address', async () => {
    const member = await register(app, { locale: 'es' });
    const newEmail = uniqueEmail('moved');
    const missing = await updateUser(app, member.token, member.id, { email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/current password/);
    const wrong = await updateUser(
      app,
      member.token,
      member.id,
      { email: newEmail },
      { currentPassword: 'nope' },
    );
    expect(wrong.statusCode).toBe(403);
    expect((await getUser(app, member.token)).json().user.email).toBe(member.email);

    const ok = await updateUser(
      app,
      member.token,
      member.id,
      { email: newEmail },
      { currentPassword: PASSWORD },
    );
    expect(ok.statusCode).toBe(200);
    const { message } = await lastMailTo(app, member.email);
    expect(message.subject).toMatch(/se cambió tu dirección de correo/);
    expect(message.text).toContain(newEmail);
  });

  it('needs no password for a name or phone change', async () => {
    const member = await register(app);
    expect((await updateUser(app, member.token, member.id, { name: 'New Name' })).statusCode).toBe(200);
  });

  it('revokes the reset links sent to the old address', async () => {
    const member = await register(app);
    await forgot(member.email);
    const { token } = await lastMailTo(app, member.email);
    await updateUser(
      app,
      member.token,
      member.id,
      { email: uniqueEmail('moved') },
      { currentPassword: PASSWORD },
    );
    expect((await reset(token, 'a brand new password')).statusCode).toBe(400);
    const [link] = await t.context.db.select().from(emailTokens).where(eq(emailTokens.userId, member.id));
    expect(link?.usedAt).not.toBeNull();
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

describe('the hashing queue', () => {
  it('runs as many as it has room for, queues a few in order, and refuses the rest with 503', async () => {
    const queue = new HashQueue(1, 1);
    const order: string[] = [];
    let release: () => void = () => {};
    const first = queue.run(
      () =>
        new Promise<void>((resolve) => {
          order.push('first');
          release = resolve;
        }),
    );
    const second = queue.run(async () => {
      order.push('second');
    });
    expect(queue.waiting).toBe(1);
    const third = queue.run(async () => order.push('third'));
    await expect(third).rejects.toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(queue.waiting).toBe(0);
    await queue.run(async () => order.push('fourth'));
    expect(order).toEqual(['first', 'second', 'fourth']);
  });
});

describe('database errors', () => {
  it('tells an outage from a refused query', () => {
    const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('dup'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('anything else'))).toBe(false);
  });

  it('logs a failed query without its parameters', () => {
    const error = new DrizzleQueryError(
      'select * from users where email = $1 and password_hash = $2',
      ['victim@example.com', 'scrypt$17$secret'],
      Object.assign(new Error('boom'), { code: 'XX000' }),
    );
    const logged = JSON.stringify(loggable(error));
    expect(logged).toContain('select * from users where email = $1');
    expect(logged).not.toContain('victim@example.com');
    expect(logged).not.toContain('scrypt$17$secret');
  });
});

describe('log redaction', () => {
  it.each([
    ['/reset-password?token=abc&x=1', '/reset-password?token=[redacted]&x=1'],
    ['/sandbox/checkout/cs_abc123', '/sandbox/checkout/[redacted]'],
    ['/sandbox/portal/bps_abc/change?lang=es', '/sandbox/portal/[redacted]/change?lang=es'],
    ['/api/user', '/api/user'],
    ['/privacy?admin-token=abc&utm_source=mail', '/privacy?admin-token=[redacted]&utm_source=mail'],
    [
      '/api/admin/trainers/t/members/jane@example.com?email=jane%40ex&limit=5',
      '/api/admin/trainers/t/members/[redacted]?email=[redacted]&limit=5',
    ],
    ['/api/admin/trainers/t/members/jane%40example.com', '/api/admin/trainers/t/members/[redacted]'],
    ['/?ref=someone%40example.com&lang=es', '/?ref=[redacted]&lang=es'],
  ])('writes %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('login backoff', () => {
  it('waits nothing for the first failures, then 30 s doubling up to 15 min', () => {
    expect([1, 4, 5, 6, 7, 9, 10, 30].map((n) => loginBackoffMs(n) / 1000)).toEqual([
      0, 0, 30, 60, 120, 480, 900, 900,
    ]);
  });
});
