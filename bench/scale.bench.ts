// Whether every member and operator call costs the same at 100,000 members as at 1,000 (decision
// 145): per size, a PostgreSQL database of its own is created, migrated, seeded in SQL (a third of the
// members subscribed, two charges each, one member with 1,000 charges) and dropped. The calls go
// through the real app in this process (Fastify's inject, no sockets), so the server's CPU per call is
// this process's main thread's, the median of five rounds (decision 178); PostgreSQL's own CPU is not
// in it. Prints the p50 and the CPU of each call per size and the ratio of the largest size to the
// smallest against the goal (at most 1.5). Asserts nothing.
//   npm run bench:scale            (or: node bench/scale.bench.ts --sizes 1000,10000 --database-url postgres://…)
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { findUserByEmail } from '../server/accounts/accounts.repository.ts';
import { buildApp } from '../server/app.ts';
import { hashToken, newToken } from '../server/auth/tokens.ts';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/context.ts';
import { DEMO_TRAINER_ID } from '../server/db/seed.ts';
import { advanceClock } from '../server/sandbox/sandbox-clock.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    /** Calls of each kind per size. */
    calls: { type: 'string', default: '200' },
    /** Subscriptions falling due at once. */
    renewals: { type: 'string', default: '500' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const CALLS = Number(values.calls);
const RENEWALS = Number(values.renewals);
const adminUrl = values['database-url'];
const ADMIN_TOKEN = 'scale-bench-admin-token-long-enough-0123456789';
const admin = { 'admin-token': ADMIN_TOKEN, 'admin-actor': 'Scale bench' };
const PRICE = `${DEMO_TRAINER_ID}-price-weekly`;

async function onAdmin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

interface Figure {
  p50: number;
  cpu: number;
  errors: number;
}

/** Rounds each measure is cut into: the CPU figure is the median round's. */
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Runs the call n times one after another: the p50 of its time and the server's CPU per call. The CPU
 * is the main thread's (`process.threadCpuUsage`), where the app runs a request: the process's
 * figure also counted V8's collector threads and whatever else the process ran meanwhile (the email
 * queue's polling, a sweep), which on a loaded machine moved a call of a fraction of a millisecond by
 * half between two runs of the same call at the same size (decision 178). And it is the median of
 * ROUNDS rounds, so a moment of the machine's load or of a timer's work in one round does not decide it.
 */
async function measure(
  n: number,
  call: (i: number) => Promise<boolean>,
  { warm = true }: { warm?: boolean } = {},
): Promise<Figure> {
  const times: number[] = [];
  const cpus: number[] = [];
  let errors = 0;
  // A few calls first, unmeasured, for the calls that can repeat (a refund or a renewal cannot): the
  // collector's work left by the call measured before, or by the seeding, would otherwise be counted
  // as this call's CPU.
  if (warm) for (let i = 0; i < Math.min(20, n); i++) await call(i).catch(() => false);
  const perRound = Math.ceil(n / ROUNDS);
  for (let first = 0; first < n; first += perRound) {
    const last = Math.min(n, first + perRound);
    const cpu0 = process.threadCpuUsage();
    for (let i = first; i < last; i++) {
      const start = performance.now();
      if (!(await call(i).catch(() => false))) errors++;
      times.push(performance.now() - start);
    }
    const cpu = process.threadCpuUsage(cpu0);
    cpus.push((cpu.user + cpu.system) / 1000 / (last - first));
  }
  return { p50: median(times), cpu: median(cpus), errors };
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

type Row = Record<string, Figure>;

async function atSize(size: number): Promise<Row> {
  const name = `scale_${randomBytes(5).toString('hex')}`;
  await onAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
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
  try {
    const seeded = performance.now();
    const tokens = await seed(client, size, CALLS);
    console.log(`${size} members seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const random = () => 1 + Math.floor(Math.random() * size);
    const get = async (url: string, headers: Record<string, string> = {}) =>
      (await app.inject({ method: 'GET', url, headers })).statusCode === 200;
    const list = `/api/admin/trainers/${DEMO_TRAINER_ID}/members`;
    const first = (await app.inject({ method: 'GET', url: `${list}?limit=50`, headers: admin })).json() as {
      nextCursor?: string | null;
    };
    const row: Row = {};
    row['member view'] = await measure(CALLS, (i) => get('/api/user', { token: tokens[i] as string }));
    row["login's lookup"] = await measure(CALLS, async () =>
      Boolean(await findUserByEmail(context.db, DEMO_TRAINER_ID, `SEED${random()}@example.test`)),
    );
    row.catalogue = await measure(CALLS, () => get(`/api/trainer/${DEMO_TRAINER_ID}/products`));
    row['operator list, page 1'] = await measure(CALLS, () => get(`${list}?limit=50`, admin));
    row['operator list, page N'] = await measure(CALLS, () =>
      get(`${list}?limit=50&cursor=${first.nextCursor ?? ''}`, admin),
    );
    row['operator search'] = await measure(CALLS, () => get(`${list}?q=seed${random()}`, admin));
    row['member by email'] = await measure(CALLS, () => get(`${list}?q=seed${random()}@example.test`, admin));
    // Each refund a different member's charge outside any invoice.
    const refunds = Math.min(CALLS, 50);
    row.refund = await measure(
      refunds,
      async (i) => {
        const charge = `ch2seed${1 + Math.floor((i * size) / refunds)}`;
        const res = await app.inject({
          method: 'POST',
          url: `/api/admin/trainers/${DEMO_TRAINER_ID}/charges/${charge}/refund`,
          headers: admin,
          payload: {},
        });
        if (res.statusCode !== 200 && i === 0) console.log(`refund answered ${res.statusCode}: ${res.body}`);
        return res.statusCode === 200;
      },
      { warm: false },
    );
    // RENEWALS subscriptions falling due at once: each member's clock moved past their period's end.
    const due = Math.min(RENEWALS, Math.ceil(size / 3));
    const started = performance.now();
    row.renewal = await measure(
      due,
      async (i) => {
        const result = await advanceClock(
          context.payments.processor,
          `usr_seed_${1 + 3 * i}`,
          7 * 24 * 3600 * 1000,
        );
        return result.events.length > 0;
      },
      { warm: false },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`${due} renewals in ${seconds.toFixed(1)} s: ${(due / seconds).toFixed(0)} a second`);
    for (const [call, f] of Object.entries(row))
      console.log(
        `  ${call.padEnd(24)} p50 ${f.p50.toFixed(2).padStart(7)} ms  CPU ${f.cpu.toFixed(2).padStart(6)} ms/call` +
          (f.errors ? `  errors ${f.errors}` : ''),
      );
    return row;
  } finally {
    await client.end();
    await app.close();
    await onAdmin(`drop database if exists ${name} with (force)`);
  }
}

const rows: Row[] = [];
for (const size of sizes) rows.push(await atSize(size));
const [smallest, largest] = [rows[0], rows.at(-1)];
if (smallest && largest && rows.length > 1) {
  const header = `${'call'.padEnd(24)}${sizes.map((s) => `${`p50 ${s}`.padStart(14)}${`CPU ${s}`.padStart(13)}`).join('')}  p50 ratio  CPU ratio  (goal <= 1.5)`;
  console.log(`\n${header}`);
  for (const call of Object.keys(smallest)) {
    const cells = rows
      .map(
        (r) =>
          `${(r[call]?.p50 ?? 0).toFixed(2).padStart(11)} ms${(r[call]?.cpu ?? 0).toFixed(2).padStart(10)} ms`,
      )
      .join('');
    const p50 = (largest[call]?.p50 ?? 0) / (smallest[call]?.p50 ?? 1);
    const cpu = (largest[call]?.cpu ?? 0) / (smallest[call]?.cpu ?? 1);
    const flag = (r: number) => (r <= 1.5 ? ' ' : '!');
    console.log(
      `${call.padEnd(24)}${cells}  ${p50.toFixed(2).padStart(8)}${flag(p50)} ${cpu.toFixed(2).padStart(8)}${flag(cpu)}`,
    );
  }
}
process.exit(0);
