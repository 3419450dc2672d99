// How long the trainer's figures take at scale (decision 144): a throwaway database on the
// PostgreSQL at --database-url, migrated, with one trainer and --members members seeded in SQL
// (generate_series): subscriptions on every plan in every status, a year of charges and refunds,
// the movements the payment processor records, programs started and units done. Then the figures
// (server/metrics, the code adminMetrics and studioMetrics call) are read --runs times and the
// timings printed, with each query's plan summary. Prints figures; asserts nothing.
//   npm run bench:metrics -- --database-url postgres://postgres@127.0.0.1:5432/postgres [--members 100000]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createContentService } from '../server/content/content-service.ts';
import { createLocalSource } from '../server/content/local-source.ts';
import { openDatabase } from '../server/db/index.ts';
import { seedTrainer } from '../server/db/seed.ts';
import { trainerMetrics } from '../server/metrics/metrics.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    members: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
  },
});
const serverUrl = values['database-url'];
if (!serverUrl) {
  console.error('--database-url postgres://… is needed: the bench makes a database there and drops it');
  process.exit(2);
}
const MEMBERS = Number(values.members);
const RUNS = Number(values.runs);
const TRAINER = 'bench-trainer';
const name = `trainer_metrics_bench_${process.pid}`;

async function onServer(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The reads, each explained once on the seeded database. */
const EXPLAINED: [string, string][] = [
  [
    'months',
    `select month, key, sum(count), sum(amount) from metric_months
     where trainer_id = '${TRAINER}' and currency = 'usd' and month >= to_char(now() - interval '13 months', 'YYYY-MM') group by 1, 2`,
  ],
  [
    'live subscriptions',
    `select s.status, s.price_id, s.coupon_id, count(*) from subscriptions s
     where s.trainer_id = '${TRAINER}' and s.status in ('trialing', 'active', 'past_due', 'unpaid') group by 1, 2, 3`,
  ],
  [
    'programs',
    `select item, units_done, count(*) from library_starts
     where trainer_id = '${TRAINER}' and (item like 'challenge/%' or item like 'course/%') group by 1, 2`,
  ],
];

const url = new URL(serverUrl);
url.pathname = `/${name}`;
await onServer(`create database ${name}`);
const started = Date.now();
try {
  const { db, close } = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  await seedTrainer(db, { id: TRAINER, name: 'Bench' });
  const sql = new pg.Client({ connectionString: url.toString() });
  await sql.connect();
  const seed = async (label: string, query: string) => {
    const t0 = performance.now();
    const result = await sql.query(query);
    console.info(`seeded ${label}: ${result.rowCount ?? 0} rows in ${Math.round(performance.now() - t0)} ms`);
  };
  const p = (suffix: string) => `'${TRAINER}-price-${suffix}'`;
  // Members joined over the last two years; about 70% subscribed: 55% active, 5% trialing,
  // 3% past_due, the rest cancelled; a tenth of the subscriptions with a coupon.
  await seed(
    'members',
    `insert into users (id, trainer_id, email, name, password_hash, created_at)
     select 'u' || i, '${TRAINER}', 'm' || i || '@bench.test', 'Member ' || i, 'x',
            now() - (i % 730) * interval '1 day'
     from generate_series(1, ${MEMBERS}) i`,
  );
  await sql.query(
    `insert into coupons (id, trainer_id, code, amount_off, currency, duration)
     values ('bench-forever', '${TRAINER}', 'BENCHFOREVER', 500, 'usd', 'forever')`,
  );
  await seed(
    'subscriptions',
    `insert into subscriptions (id, trainer_id, user_id, price_id, status, current_period_end,
       current_period_start, coupon_id, open_invoice_id, open_invoice_amount, created_at, last_event_at, ended_at)
     select 's' || i, '${TRAINER}', 'u' || i,
       (array[${p('weekly')}, ${p('monthly')}, ${p('quarterly')}, ${p('biannual')}, ${p('annual')}])[1 + i % 5],
       case when i % 100 < 55 then 'active' when i % 100 < 60 then 'trialing'
            when i % 100 < 63 then 'past_due' else 'canceled' end,
       now() + (i % 30) * interval '1 day', now() - (i % 30) * interval '1 day',
       case when i % 10 = 0 then 'bench-forever' end,
       case when i % 100 between 60 and 62 then 'in_' || i end,
       case when i % 100 between 60 and 62 then 2999 end,
       now() - (i % 730) * interval '1 day', now(),
       case when i % 100 >= 63 then now() - (i % 365) * interval '1 day' end
     from generate_series(1, ${MEMBERS}) i where i % 10 < 7`,
  );
  // About a year of charges per subscriber: twelve a member on average, some refunded, a few
  // one-time purchases.
  await seed(
    'charges',
    `insert into charges (id, trainer_id, user_id, price_id, amount, currency, paid, refunded, refunded_at,
       payment_method, description, invoice_id, created_at)
     select 'c' || i || '_' || k, '${TRAINER}', 'u' || i,
       case when k = 0 and i % 7 = 0 then ${p('challenge')} else ${p('monthly')} end,
       case when k = 0 and i % 7 = 0 then 4900 else 2999 end, 'usd', true,
       k = 1 and i % 50 = 0, case when k = 1 and i % 50 = 0 then now() - (k * 30 - 3) * interval '1 day' end,
       'Visa •••• 4242', 'Monthly', 'in_' || i || '_' || k, now() - (k * 30 + i % 30) * interval '1 day'
     from generate_series(1, ${MEMBERS}) i, generate_series(0, 11) k where i % 10 < 7`,
  );
  await seed(
    'movements',
    `insert into metric_movements (id, trainer_id, user_id, subscription_id, at, currency, kind, mrr_delta, amount, invoice_id)
     select 'm' || i || '_' || k, '${TRAINER}', 'u' || i, 's' || i,
       now() - ((i % 730) - k * 20) * interval '1 day', 'usd',
       (array['trialStarted', 'trialEnded', 'trialConverted', 'started', 'changed', 'paymentFailed', 'churned'])[1 + k],
       case k when 3 then 2999 when 4 then -500 when 6 then -2499 else 0 end,
       case when k = 5 then 2999 else 0 end, case when k = 5 then 'in_' || i || '_2' end
     from generate_series(1, ${MEMBERS}) i, generate_series(0, 6) k where i % 10 < 7`,
  );
  await seed(
    'program starts',
    `insert into library_starts (trainer_id, user_id, item, started_at, last_unit_key, last_opened_at)
     select '${TRAINER}', 'u' || i, 'challenge/30-day-shred', now(), 'day', now()
     from generate_series(1, ${MEMBERS}) i where i % 3 = 0`,
  );
  await seed(
    'units done',
    `insert into library_progress (trainer_id, user_id, item, unit_key, done_at, updated_at)
     select '${TRAINER}', 'u' || i, 'challenge/30-day-shred', 'day-' || d, now(), now()
     from generate_series(1, ${MEMBERS}) i, generate_series(1, 30) d where i % 3 = 0 and d <= i % 31`,
  );
  // The count of units done each mark keeps on the member's start (decision 161), built here as the
  // migration builds it.
  await seed(
    'units done per start',
    `update library_starts s set units_done = d.done
     from (select user_id, item, count(*)::integer as done from library_progress where done_at is not null group by 1, 2) d
     where d.user_id = s.user_id and d.item = s.item`,
  );
  // The months' sums the payment processor keeps as events come, built here from the rows seeded,
  // as the migration builds them from the rows already recorded.
  await seed(
    'months',
    `insert into metric_months (trainer_id, currency, month, key, count, amount, mrr_delta, mrr_lost)
     select trainer_id, currency, to_char(created_at at time zone 'UTC', 'YYYY-MM'), 'revenue', count(*), sum(amount), 0, 0
       from charges where paid group by 1, 2, 3
     union all
     select trainer_id, currency, to_char(refunded_at at time zone 'UTC', 'YYYY-MM'), 'refunds', count(*), sum(amount), 0, 0
       from charges where refunded group by 1, 2, 3
     union all
     select c.trainer_id, c.currency, to_char(c.created_at at time zone 'UTC', 'YYYY-MM'), 'sale:' || p.product_id,
       count(*), sum(c.amount), 0, 0
       from charges c join prices p on p.id = c.price_id where c.paid and p.type = 'one_time' group by 1, 2, 3, 4
     union all
     select trainer_id, currency, to_char(at at time zone 'UTC', 'YYYY-MM'), kind, count(*), sum(amount),
       sum(mrr_delta), sum(greatest(-mrr_delta, 0))
       from metric_movements group by 1, 2, 3, 4`,
  );
  await sql.query('analyze');
  console.info(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);

  const content = createContentService(createLocalSource(new URL('../content', import.meta.url).pathname));
  for (const [label, query] of EXPLAINED) {
    const plan = await sql.query(`explain (analyze, buffers off, timing off) ${query}`);
    const lines = plan.rows.map((r: Record<string, string>) => String(Object.values(r)[0]));
    console.info(
      `${label}: ${lines.at(-1)?.trim()}; ${lines
        .filter((l) => /Index|Seq Scan/.test(l))
        .map((l) => l.trim().split('  ')[0])
        .join(' / ')}`,
    );
  }
  const timings: number[] = [];
  let last: Awaited<ReturnType<typeof trainerMetrics>> | null = null;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await trainerMetrics({ db, content }, TRAINER, {});
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  const ms = (v: number | undefined) => `${Math.round(v ?? 0)} ms`;
  console.info(
    `figures of ${MEMBERS} members (default period, ${last?.months.length} months), ${RUNS} runs: ` +
      `first ${ms(timings.at(0))} best, median ${ms(timings[Math.floor(RUNS / 2)])}, worst ${ms(timings.at(-1))}`,
  );
  console.info(
    `MRR ${last?.mrr}, active ${last?.activeMembers}, trialing ${last?.trialingMembers}, failing ${last?.failing.count}`,
  );
  await sql.end();
  await close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await onServer(`drop database if exists ${name} with (force)`);
}
