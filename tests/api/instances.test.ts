// What several instances behind a load balancer rely on: readiness, rate limits shared through Redis
// and failing closed without it, migrations taken in turn, and a graceful stop on SIGTERM.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY, openDatabase } from '../../server/db/index.ts';
import { DEMO_TRAINER_ID, seedIfEmpty } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { login as logIn, PASSWORD, uniqueEmail } from './members.ts';
import { freshRedis } from './redis-probe.ts';
import { startServerProcess } from './server-process.ts';

const REDIS_URL = 'redis://127.0.0.1:6379/7';

const redisUp = await freshRedis(REDIS_URL);
if (!redisUp) console.log('shared rate-limit tests skipped: Redis does not answer at 127.0.0.1:6379');

if (!process.env.TEST_DATABASE_URL) console.log('migration lock test skipped: TEST_DATABASE_URL is not set');

const login = (t: TestApp, email: string) =>
  logIn(t.app, email, 'wrong password here', DEMO_TRAINER_ID, { gateway: false });

describe('readiness', () => {
  it('answers 200 once the database answers with every migration applied', async () => {
    const t = await startTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, status: 'ready' });
    } finally {
      await t.close();
    }
  });
});

describe('with REDIS_URL pointing at no Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('is not ready, saying why', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Redis does not answer');
  });

  it('refuses the password calls with 503 and a retry message, never unlimited, and serves the rest', async () => {
    for (const [url, payload] of [
      ['/api/user/login', { email: 'a@example.com', password: PASSWORD, trainerID: DEMO_TRAINER_ID }],
      ['/api/user/forgot-password', { email: 'a@example.com', trainerID: DEMO_TRAINER_ID }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toBe('This is briefly unavailable. Please try again in a few seconds.');
    }
    const products = await t.app.inject({ method: 'GET', url: `/api/trainer/${DEMO_TRAINER_ID}/products` });
    expect(products.statusCode).toBe(200);
  });
});

describe.skipIf(!redisUp)('rate limits shared through Redis', () => {
  it('count the attempts of one client across instances', async () => {
    const env = { REDIS_URL, RATE_LIMIT_MAX: '3' };
    const [a, b] = [await startTestApp({ env: env }), await startTestApp({ env: env })];
    try {
      const email = uniqueEmail('shared-limit');
      const codes = [];
      for (const t of [a, b, a, b]) codes.push((await login(t, email)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations and the demo seed on PostgreSQL', () => {
  it('run once when several instances start together, each waiting for the lock', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `migrate_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' })),
      );
      const seeded = await Promise.all(opened.map((db) => seedIfEmpty(db.db)));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query(
        'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
      );
      const locks = await check.query(
        'select count(*)::int as n from pg_locks where locktype = $1 and objid = $2',
        ['advisory', MIGRATION_LOCK_KEY % 2 ** 32],
      );
      const trainers = await check.query('select count(*)::int as n from trainers');
      await check.end();
      expect(trainers.rows[0].n).toBe(1);
      expect(rows[0].n).toBe(rows[0].d);
      expect(locks.rows[0].n).toBe(0);
      await Promise.all(opened.map((db) => db.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe('a graceful stop', () => {
  it('lets a request in flight at SIGTERM finish, refuses new ones, and exits 0', async () => {
    // A costly hash keeps the registration in flight long enough to signal in the middle of it.
    const server = await startServerProcess({ DATA_DIR: 'memory://', PASSWORD_HASH_LOG2_COST: '18' });
    const inFlight = fetch(`${server.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Graceful',
        email: uniqueEmail('graceful'),
        password: PASSWORD,
        trainerID: DEMO_TRAINER_ID,
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 250));
    server.child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
