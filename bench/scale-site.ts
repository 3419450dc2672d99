// One size of the scale bench (bench/scale.bench.ts): a PostgreSQL database of its own, created,
// migrated by the app, seeded in SQL and dropped, with the app over it in this process.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { hashToken, newToken } from '../server/auth/tokens.ts';
import { loadConfig } from '../server/config.ts';
import { createContext, type ServerContext } from '../server/context.ts';
import { DEMO_TRAINER_ID } from '../server/db/seed.ts';

export const ADMIN_TOKEN = 'scale-bench-admin-token-long-enough-0123456789';
const PRICE = `${DEMO_TRAINER_ID}-price-weekly`;

export interface Site {
  size: number;
  context: ServerContext;
  app: FastifyInstance;
  /** A connection of the bench's own to the size's database. */
  client: pg.Client;
  /** Session tokens of members spread evenly over the size, one per call of the member view. */
  tokens: string[];
  close(): Promise<void>;
}

async function onAdmin(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

/** Seeds `size` members as the query-plan test does, with `n` sessions and the long-history member. */
async function seed(client: pg.Client, size: number, sessions: number): Promise<string[]> {
  await client.query(
    `insert into users (id, trainer_id, email, name, password_hash, created_at)
     select 'usr_seed_' || g, $1, 'seed' || g || '@example.test', 'Member ' || substr(md5(g::text), 1, 10), 'x',
            now() - (g || ' minutes')::interval
     from generate_series(1, $2::int) as g`,
    [DEMO_TRAINER_ID, size],
  );
  await client.query(
    `insert into subscriptions (id, trainer_id, user_id, price_id, status, current_period_start, current_period_end,
       billing_anchor, period_value, created_at, last_event_at, period_invoice_id, payment_method)
     select 'sub_seed_' || g, $1, 'usr_seed_' || g, $2, 'active', now() - interval '1 day', now() + interval '6 days',
            now() - interval '1 day', 1499, now() - interval '1 day', now() - interval '1 day', 'in_seed_' || g, 'Visa •••• 4242'
     from generate_series(1, $3::int, 3) as g`,
    [DEMO_TRAINER_ID, PRICE, size],
  );
  await client.query(
    `insert into charges (id, trainer_id, user_id, price_id, amount, currency, paid, payment_method, description, invoice_id, created_at)
     select 'ch' || k || 'seed' || g, $1, 'usr_seed_' || g, $2, 1499, 'usd', true, 'Visa •••• 4242', 'Weekly',
            case when k = 1 then 'in_seed_' || g end, now() - (k || ' days')::interval
     from generate_series(1, $3::int) as g, generate_series(1, 2) as k`,
    [DEMO_TRAINER_ID, PRICE, size],
  );
  await client.query(
    `insert into charges (id, trainer_id, user_id, price_id, amount, currency, paid, payment_method, description, created_at)
     select 'chlong' || g, $1, 'usr_seed_2', $2, 1499, 'usd', true, 'Visa •••• 4242', 'Weekly', now() - (g || ' hours')::interval
     from generate_series(1, 1000) as g`,
    [DEMO_TRAINER_ID, PRICE],
  );
  const tokens = Array.from({ length: sessions }, () => newToken());
  const members = tokens.map((_, i) => `usr_seed_${1 + Math.floor((i * size) / sessions)}`);
  await client.query(
    `insert into sessions (token_hash, trainer_id, user_id, expires_at)
     select h, $1, u, now() + interval '1 day' from unnest($2::text[], $3::text[]) as t(h, u)`,
    [DEMO_TRAINER_ID, tokens.map(hashToken), members],
  );
  for (const table of ['users', 'subscriptions', 'charges', 'sessions'])
    await client.query(`vacuum analyze ${table}`);
  return tokens;
}

export async function openSite(adminUrl: string, size: number, sessions: number): Promise<Site> {
  const name = `scale_${randomBytes(5).toString('hex')}`;
  await onAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () => onAdmin(adminUrl, `drop database if exists ${name} with (force)`);
  try {
    // Without SMTP_URL the app starts no email queue (no pg-boss polling) and without REDIS_URL no
    // subscriber; what is left in the background is the hourly pruning, first a minute after start.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DIST_DIR: 'does-not-exist',
      DATA_DIR: 'memory://',
      PUBLIC_URL: 'http://site.test',
      DATABASE_URL: url.toString(),
      ADMIN_TOKEN,
      // Every view read afresh, as a different member's would be.
      MEMBER_VIEW_MAX_AGE_MS: '0',
      RATE_LIMIT_MAX: '1000000',
    });
    const context = await createContext(config);
    const app = await buildApp({ context, logger: false });
    await app.ready();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const seeded = performance.now();
    const tokens = await seed(client, size, sessions);
    const { rows } = await client.query<{ size: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    );
    console.log(
      `${size} members seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s: ${rows[0]?.size}`,
    );
    return {
      size,
      context,
      app,
      client,
      tokens,
      async close() {
        await client.end();
        await app.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * Login's lookup as PostgreSQL runs it for `count` random members: the index it takes and the pages
 * it touched, hit in shared buffers or read from the system (planning's apart).
 */
export async function explainLookup(site: Site, count: number): Promise<string[]> {
  const lines: string[] = [];
  for (let k = 0; k < count; k++) {
    const member = 1 + Math.floor(Math.random() * site.size);
    const { rows } = await site.client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off, timing on, summary on)
       select * from users where trainer_id = $1 and lower(email) = lower($2) limit 1`,
      [DEMO_TRAINER_ID, `SEED${member}@example.test`],
    );
    const plan = rows.map((r) => r['QUERY PLAN'].trim());
    const scan = plan.find((l) => /Scan/.test(l)) ?? '?';
    const buffers = plan.find((l) => /^Buffers/.test(l)) ?? 'Buffers: none';
    const planningAt = plan.indexOf('Planning:');
    const planningBuffers =
      planningAt >= 0 && /^Buffers/.test(plan[planningAt + 1] ?? '') ? plan[planningAt + 1] : 'none';
    const planning = plan.find((l) => /Planning Time/.test(l)) ?? '';
    const execution = plan.find((l) => /Execution Time/.test(l)) ?? '';
    lines.push(
      `${scan.replace(/^->\s+/, '').replace(/\s+\(actual.*$/, '')}: ${buffers}; planning's ${planningBuffers}; ${planning}; ${execution}`,
    );
  }
  // The index's depth, from its meta page (pageinspect, in this throwaway database only).
  await site.client.query('create extension if not exists pageinspect');
  const { rows } = await site.client.query<{ levels: number; pages: string }>(
    `select level + 1 as levels, pg_relation_size('users_trainer_email_idx') / 8192 as pages
     from bt_metap('users_trainer_email_idx')`,
  );
  const meta = rows[0];
  if (meta)
    lines.push(`users_trainer_email_idx: ${meta.levels} levels from root to leaf, ${meta.pages} pages`);
  return lines;
}

/** Login's lookup as PostgreSQL runs it on every size, for random members. */
export async function explain(sites: Site[], when: string): Promise<void> {
  for (const site of sites) {
    console.log(
      `\nlogin's lookup at ${site.size} members ${when}, EXPLAIN (ANALYZE, BUFFERS) of 5 random members:`,
    );
    for (const line of await explainLookup(site, 5)) console.log(`  ${line}`);
  }
}
