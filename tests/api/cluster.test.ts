// Three real server processes on one PostgreSQL database and one Redis, as behind a load balancer
// (requests spread round-robin, the client named in X-Forwarded-For by the trusted proxy): the
// password-guessing limit counts across instances, each email is sent exactly once, a webhook
// delivered to all three at once is recorded once, and SIGTERM to one in the middle of a burst loses
// no acknowledged request. Runs where the machine's PostgreSQL and Redis answer (CI); skipped with one
// line otherwise.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PASSWORD, uniqueEmail } from './members.ts';
import { freshRedis } from './redis-probe.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { type Received, startSmtpServer } from './smtp-server.ts';

const REDIS_URL = 'redis://127.0.0.1:6379/8';
const WEBHOOK_SECRET = 'whsec_clustertests';
const adminUrl = process.env.TEST_DATABASE_URL;

const ready = Boolean(adminUrl) && (await freshRedis(REDIS_URL));
if (!ready) console.log('cluster test skipped: it needs TEST_DATABASE_URL and Redis at 127.0.0.1:6379');

const databaseName = `cluster_${randomBytes(6).toString('hex')}`;
let instances: ServerProcess[] = [];
let received: Received[] = [];
let closeSmtp = () => {};

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

let turn = 0;
/** The next instance, round-robin, as a load balancer would pick it; the client is `ip`. */
function call(path: string, body: unknown, ip: string, extra: Record<string, string> = {}) {
  const instance = instances[turn++ % instances.length] as ServerProcess;
  return fetch(`${instance.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...extra },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const register = (email: string, ip: string) =>
  call(
    '/api/user/register',
    {
      name: 'Cluster Member',
      email,
      password: PASSWORD,
      trainerID: DEMO_TRAINER_ID,
      enableEmailVerification: true,
    },
    ip,
  );

describe.skipIf(!ready)('three instances on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    await admin(`create database ${databaseName}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${databaseName}`;
    const smtp = await startSmtpServer();
    received = smtp.received;
    closeSmtp = () => smtp.server.close();
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_MAX: '20',
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Nothing here calls Stripe: a closed port makes any call fail loudly.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    };
    // Started together: the migrations run once, under the lock, whichever instance gets it first.
    instances = await Promise.all([1, 2, 3].map(() => startServerProcess(env)));
  }, 60_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    closeSmtp();
    if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`);
  });

  it('counts the login attempts of one client across instances: the 21st gets 429', async () => {
    const codes: number[] = [];
    // Unknown addresses, so only the per-client limit can refuse (not the per-address back-off).
    for (let i = 0; i < 21; i++) {
      const res = await call(
        '/api/user/login',
        { email: uniqueEmail('guess'), password: 'not the password', trainerID: DEMO_TRAINER_ID },
        '203.0.113.7',
      );
      codes.push(res.status);
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes[20]).toBe(429);
  });

  it('sends each of 50 emails exactly once, whichever instance queued it', async () => {
    const emails = Array.from({ length: 50 }, () => uniqueEmail('cluster'));
    const answers = await Promise.all(emails.map((email, i) => register(email, `198.51.100.${i + 1}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const sentTo = (email: string) => received.filter((m) => m.to.join().includes(email)).length;
    await expect
      .poll(() => emails.filter((email) => sentTo(email) >= 1).length, { timeout: 30_000 })
      .toBe(50);
    // Long enough for a second delivery to have happened, had any instance taken one.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(emails.filter((email) => sentTo(email) !== 1)).toEqual([]);
  }, 60_000);

  it('records a webhook event delivered to all three at once exactly once', async () => {
    const member = await (await register(uniqueEmail('webhook'), '192.0.2.10')).json();
    const created = Math.floor(Date.now() / 1000);
    const subscriptionId = `sub_${randomBytes(8).toString('hex')}`;
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'customer.subscription.created',
      created,
      data: {
        object: {
          id: subscriptionId,
          object: 'subscription',
          customer: 'cus_cluster',
          status: 'active',
          cancel_at_period_end: false,
          trial_end: null,
          items: { data: [{ current_period_end: created + 7 * 86400 }] },
          metadata: {
            trainerId: DEMO_TRAINER_ID,
            userId: member.user._id,
            priceIds: 'demo-trainer-price-weekly',
          },
        },
      },
    });
    const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const answers = await Promise.all(
      instances.map((instance) =>
        fetch(`${instance.url}/api/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const url = new URL(adminUrl as string);
    url.pathname = `/${databaseName}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const events = await db.query('select count(*)::int as n from webhook_events where id = $1', [
      JSON.parse(payload).id,
    ]);
    const subs = await db.query('select count(*)::int as n from subscriptions where id = $1', [
      subscriptionId,
    ]);
    await db.end();
    expect(events.rows[0].n).toBe(1);
    expect(subs.rows[0].n).toBe(1);
  });

  it('loses no acknowledged registration when one instance gets SIGTERM mid-burst', async () => {
    const stopping = instances[2] as ServerProcess;
    const acknowledged: string[] = [];
    let sent = 0;
    const writer = async () => {
      while (sent < 60) {
        sent += 1;
        const email = uniqueEmail('drain');
        if (sent === 20) stopping.child.kill('SIGTERM');
        try {
          if ((await register(email, `198.51.100.${100 + (sent % 100)}`)).status === 201)
            acknowledged.push(email);
        } catch {
          // The stopped instance refuses the connection: not acknowledged, so nothing is owed.
        }
      }
    };
    await Promise.all([writer(), writer(), writer()]);
    expect(await stopping.exited).toBe(0);
    instances = instances.slice(0, 2);
    expect(acknowledged.length).toBeGreaterThan(30);
    const missing: string[] = [];
    // Each check from its own client, so the limit of 20 per client never answers for the data.
    for (const [i, email] of acknowledged.entries()) {
      const res = await call(
        '/api/user/login',
        { email, password: PASSWORD, trainerID: DEMO_TRAINER_ID },
        `192.0.2.${i + 1}`,
      );
      if (res.status !== 200) missing.push(`${email} ${res.status}`);
    }
    expect(missing).toEqual([]);
  }, 60_000);
});
