// Email delivery, the dev mailbox and rate limits. The SMTP tests run nodemailer against a minimal
// SMTP server on a local port, so real SMTP is spoken end to end.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { emailOutbox } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { lastMailTo, login, register, TEST_ENV } from './members.ts';
import { headerOf, startSmtpServer } from './smtp-server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await startTestApp({ env: { ...TEST_ENV, ...env } });
  cleanups.push(() => t.close());
  return t;
}

// One server for the limits' tests: the limits count per call and per client address, and each test
// calls from an address of its own.
const LIMITED = { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' };
const CLIENTS = { login: 1, register: 2, 'forgot-password': 3 };

// A server's start is most of a test's time here (decision 176: a server per file): the tests that
// configure it alike and read only their own member's mail or their own client's counters share one,
// started before the tests (a hook may wait longer for it than a test).
const shared = new Map<string, TestApp>();
// One hook a server, each with the hook's time to start it.
for (const env of [{}, LIMITED])
  beforeAll(async () => {
    shared.set(JSON.stringify(env), await startTestApp({ env: { ...TEST_ENV, ...env } }));
  });
afterAll(async () => {
  for (const t of shared.values()) await t.close();
});
function sharedAppWith(env: Record<string, string>): TestApp {
  const t = shared.get(JSON.stringify(env));
  if (!t) throw new Error(`no shared server for ${JSON.stringify(env)}`);
  return t;
}

describe('email through SMTP', () => {
  it('sends outbox messages over SMTP when SMTP_URL is set and marks them sent', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(async () => void smtp.server.close());
    const t = await appWith({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Coach <coach@site.test>',
    });
    const member = await register(t.app, { enableEmailVerification: true, locale: 'es' });
    await t.context.mail.flush();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.from).toContain('coach@site.test');
    expect(smtp.received[0]?.to.join()).toContain(member.email);
    // Quoted-printable: soft line breaks removed, the Spanish greeting is plain ASCII.
    expect(smtp.received[0]?.data.replace(/=\r\n/g, '')).toContain('Hola Ana Member:');
    expect(smtp.received[0]?.data).toMatch(/^Subject: =\?UTF-8\?/m);
    const [message] = await t.context.db.select().from(emailOutbox);
    expect(message?.sentAt).not.toBeNull();
    expect(message?.lastError).toBeNull();
    // Fixed by the outbox row, on the site's domain (PUBLIC_URL): a copy sent again after a crash
    // carries the same id and date, and the receiver drops it.
    expect(headerOf(smtp.received[0]?.data ?? '', 'Message-ID')).toBe(`<${message?.id}@site.test>`);
    expect(new Date(headerOf(smtp.received[0]?.data ?? '', 'Date') ?? '').getTime()).toBe(
      Math.floor((message?.createdAt.getTime() ?? 0) / 1000) * 1000,
    );
    // With SMTP the outbox is private: no reset link can be read from the dev mailbox.
    for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('keeps a message the SMTP server refuses unsent and records the error', async () => {
    const smtp = await startSmtpServer(true);
    cleanups.push(async () => void smtp.server.close());
    const t = await appWith({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await register(t.app, { enableEmailVerification: true });
    await t.context.mail.flush();

    const [message] = await t.context.db.select().from(emailOutbox);
    expect(message?.sentAt).toBeNull();
    expect(message?.lastError).toMatch(/550/);
  });

  // The mail server takes a message when it answers its end; a crash before the row is marked sends
  // it again. The mark waits for nothing the requests hold: the mailer has connections of its own.
  it.runIf(process.env.API_TEST_DATABASE === 'postgres')(
    'marks a message sent while every connection of the requests is busy',
    async () => {
      const smtp = await startSmtpServer();
      cleanups.push(async () => void smtp.server.close());
      const t = await appWith({
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        DATABASE_QUERY_TIMEOUT_MS: '60000',
      });
      const id = await t.context.mail.enqueue(t.context.db, {
        trainerId: DEMO_TRAINER_ID,
        userId: null,
        to: 'busy@example.com',
        locale: 'en',
        template: { kind: 'verifyEmail', name: 'Busy', trainerName: '', link: 'http://site.test/verify' },
      });
      const watcher = new pg.Client({ connectionString: t.context.config.DATABASE_URL });
      await watcher.connect();
      cleanups.push(() => watcher.end());
      const sleeping = async () =>
        Number(
          (
            await watcher.query(
              "select count(*) from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(30)%'",
            )
          ).rows[0].count,
        );
      // Every connection of the requests' pool (10) held by a query that lasts.
      const held = Array.from({ length: 10 }, () =>
        t.context.db.execute(sql.raw('select pg_sleep(30)')).catch(() => 'cancelled'),
      );
      while ((await sleeping()) < 10) await new Promise((resolve) => setTimeout(resolve, 50));
      try {
        t.context.mail.wake();
        const marked = async () =>
          (await watcher.query('select sent_at from email_outbox where id = $1', [id])).rows[0]?.sent_at;
        const deadline = Date.now() + 20_000;
        while (!(await marked()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(smtp.received.map((m) => m.to)).toEqual([['busy@example.com']]);
        expect(await marked()).toBeInstanceOf(Date);
        // Sent and marked while the requests' connections were all still held.
        expect(await sleeping()).toBe(10);
      } finally {
        await watcher.query(
          "select pg_cancel_backend(pid) from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(30)%'",
        );
        await Promise.all(held);
      }
    },
  );

  it('keeps messages in the outbox without SMTP_URL', async () => {
    const t = sharedAppWith({});
    const member = await register(t.app, { enableEmailVerification: true });
    await t.context.mail.flush();
    const { message } = await lastMailTo(t.app, member.email);
    expect(message.sentAt).toBeNull();
  });
});

describe('dev mailbox', () => {
  it('lists each message with subject, recipient, time and clickable links', async () => {
    const t = sharedAppWith({});
    const member = await register(t.app, { name: '<b>Bob</b>', enableEmailVerification: true });
    const { message } = await lastMailTo(t.app, member.email);
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Coach Rivera Fitness: verify your email');
    expect(res.body).toContain(member.email);
    expect(res.body).toContain(`datetime="${message.createdAt}"`);
    const href = message.links[0]?.url.replace(/&/g, '&amp;');
    expect(res.body).toContain(`<a href="${href}">Verify my email</a>`);
    expect(res.body).not.toContain('<b>Bob</b>');
  });

  it.each([
    ['NODE_ENV is production', { NODE_ENV: 'production', PASSWORD_HASH_LOG2_COST: '17', ...STRIPE_KEYS }],
    ['SMTP_URL is set, even outside production', { SMTP_URL: 'smtp://127.0.0.1:9' }],
  ])('is not served, nor the sandbox clock, when %s', async (_, env) => {
    const t = await appWith(env);
    expect(t.context.config.devPages).toBe(false);
    for (const [method, url] of [
      ['GET', '/dev/mailbox'],
      ['GET', '/dev/mailbox.json'],
      ['POST', '/dev/clock'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(404);
    }
  });
});

const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

describe('configuration', () => {
  it('refuses production without Stripe, whose absence would let the sandbox sell every plan', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /STRIPE_SECRET_KEY: is required in production, with STRIPE_WEBHOOK_SECRET/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...STRIPE_KEYS }).devPages).toBe(false);
  });

  it('turns the dev pages on only without SMTP and outside production', () => {
    expect(loadConfig({}).devPages).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.test' }).devPages).toBe(false);
  });

  it.each(['1', '2', '10.0.0.1', '10.0.0.0/8, 192.168.1.1', '::1'])('accepts TRUST_PROXY=%s', (value) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(value);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY:/);
  });

  it('refuses a lowered password cost in production with a message naming the setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_LOG2_COST: '10' })).toThrow(
      /PASSWORD_HASH_LOG2_COST: must be at least 17 in production/,
    );
  });

  it.each([
    ['SMTP_URL', 'http://mail.test'],
    ['RATE_LIMIT_MAX', '0'],
    ['PASSWORD_HASH_LOG2_COST', 'lots'],
  ])('refuses an invalid %s at start', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('rate limits', () => {
  it.each([
    ['login', 'login', { email: 'x@example.com', password: 'whatever1', trainerID: DEMO_TRAINER_ID }],
    ['register', 'register', { name: 'A', email: 'bad', password: 'whatever1', trainerID: DEMO_TRAINER_ID }],
    ['forgot-password', 'forgotPassword', { email: 'x@example.com', trainerID: DEMO_TRAINER_ID }],
  ] as const)('answers the %s call beyond the limit with 429 and Retry-After', async (path, op, payload) => {
    const t = sharedAppWith(LIMITED);
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/${path}`,
        payload,
        remoteAddress: `10.3.0.${CLIENTS[path]}`,
      });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).not.toBe(429);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(expectContract(limited, op)).toMatchObject({ success: false, message: /Too many attempts/ });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits resend-verification per client as well as by its cooldown', async () => {
    const t = sharedAppWith(LIMITED);
    const member = await register(t.app);
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/resend-verification',
        headers: { token: member.token },
        remoteAddress: '10.3.1.1',
      });
    // Within the limit (3): the first is sent, the cooldown answers the next two.
    for (let i = 0; i < 3; i++) await resend();
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(expectContract(limited, 'resendVerification')).toMatchObject({ message: /Too many attempts/ });
  });

  it('does not limit other calls', async () => {
    const t = sharedAppWith(LIMITED);
    // Past the limit (3) from one client.
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/trainer/${DEMO_TRAINER_ID}/products` })).statusCode,
      ).toBe(200);
    }
    expect((await login(t.app, 'someone@example.com')).statusCode).toBe(401);
  });
});
