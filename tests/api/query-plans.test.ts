// Every query a member's or the operator's request runs, EXPLAINed on PostgreSQL over a database
// seeded large enough that the planner reads a whole table wherever no index fits (decision 145):
// none may plan a Seq Scan of users, charges or subscriptions. The queries are the ones the real
// server sends, caught at the PostgreSQL client while real requests are answered, then planned with
// their own parameters. PostgreSQL only: PGlite plans the same SQL, and this run has the sizes.

import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { subscriptionTerms } from '../../server/payments/billing-terms.ts';
import { refundCharges } from '../../server/payments/charges.repository.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { TEST_ENV } from './members.ts';

const onPostgres = process.env.API_TEST_DATABASE === 'postgres';
async function answers(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const postgresUp = onPostgres && (await answers(process.env.TEST_DATABASE_URL));
if (!postgresUp)
  console.log('query plans skipped: PostgreSQL does not answer (they run in the api-postgres project)');

/** Members seeded besides the ones the requests come from: past the point where a scan is cheaper. */
const SEEDED = 20_000;
const TOKEN = 'query-plans-admin-token-long-enough-0123456789';
const admin = { 'admin-token': TOKEN, 'admin-actor': 'Plans' };
/** Part of the name of seeded member 12345 ('Member ' and the first 10 hex digits of md5('12345')). */
const md5Of12345 = '827ccb0e';
const WATCHED = new Set(['users', 'charges', 'subscriptions']);

interface Caught {
  text: string;
  values: unknown[];
  during: string;
}

let t: TestApp;
const caught: Caught[] = [];
let during = '';
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  if (!postgresUp) return;
  // Catch every statement the server sends while a request is labelled. Patched before the app
  // opens any connection: each pooled connection binds its own `query` when it opens.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
    // A config object may carry its values, or they follow it as drizzle passes them.
    const values = typeof first === 'string' ? second : ((first as { values?: unknown[] })?.values ?? second);
    if (text && during) caught.push({ text, values: Array.isArray(values) ? values : [], during });
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
  const price = `${DEMO_TRAINER_ID}-price-weekly`;
  // Seeded on a connection of its own: the requests' pool gives up a statement after seconds.
  const seeder = new pg.Client({ connectionString: t.context.config.DATABASE_URL });
  await seeder.connect();
  const seed = (query: ReturnType<typeof sql>) => {
    const built = new PgDialect().sqlToQuery(query);
    return seeder.query(built.sql, built.params);
  };
  // The background: SEEDED members, a third subscribed, two charges each (one under an invoice).
  await seed(sql`
    insert into users (id, trainer_id, email, name, password_hash, created_at)
    select 'usr_seed_' || g, ${DEMO_TRAINER_ID}, 'seed' || g || '@example.test', 'Member ' || substr(md5(g::text), 1, 10), 'x',
           now() - (g || ' minutes')::interval
    from generate_series(1, ${SEEDED}) as g`);
  await seed(sql`
    insert into subscriptions (id, trainer_id, user_id, price_id, status, current_period_end, created_at, last_event_at, period_invoice_id)
    select 'sub_seed_' || g, ${DEMO_TRAINER_ID}, 'usr_seed_' || g, ${price},
           (array['active','active','trialing','past_due','canceled'])[1 + g % 5], now() + interval '7 days', now(), now(), 'in_seed_' || g
    from generate_series(1, ${SEEDED}, 3) as g`);
  await seed(sql`
    insert into charges (id, trainer_id, user_id, price_id, amount, currency, paid, payment_method, description, invoice_id, created_at)
    select 'ch_seed_' || g || '_' || k, ${DEMO_TRAINER_ID}, 'usr_seed_' || g, ${price}, 1499, 'usd', true, 'Visa •••• 4242',
           'Weekly', case when k = 1 then 'in_seed_' || g end, now() - (k || ' days')::interval
    from generate_series(1, ${SEEDED}) as g, generate_series(1, 2) as k`);
  // As autovacuum leaves a live database: statistics gathered, and the rows inserted since the
  // trigram indexes were made moved out of their pending list (it is costed as read in full).
  for (const table of ['users', 'subscriptions', 'charges', 'sessions'])
    await seeder.query(`vacuum analyze ${table}`);
  await seeder.end();
}, 300_000);

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await t?.close();
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

describe.skipIf(!postgresUp)('query plans at scale on PostgreSQL', () => {
  it('plans no Seq Scan of users, charges or subscriptions for any member or operator query', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    // The member with a long history: 1,000 charges.
    await t.context.db.execute(sql`
      insert into charges (id, trainer_id, user_id, price_id, amount, currency, paid, payment_method, description, created_at)
      select 'ch_long_' || g, ${DEMO_TRAINER_ID}, ${member.id}, ${`${DEMO_TRAINER_ID}-price-weekly`}, 1499, 'usd', true,
             'Visa •••• 4242', 'Weekly', now() - (g || ' hours')::interval
      from generate_series(1, 1000) as g`);
    const ask = async (
      label: string,
      method: 'GET' | 'POST',
      url: string,
      headers: Record<string, string>,
      payload?: object,
    ) => {
      during = label;
      const res = await t.app.inject({ method, url, headers, ...(payload && { payload }) });
      during = '';
      return res;
    };
    const view = await ask('member view', 'GET', '/api/user?gateway=true', { token: member.token });
    expect(view.statusCode).toBe(200);
    const cursor = view.json().user.customer.charges_cursor as string;
    expect(
      (
        await ask('My Purchases, page 2', 'GET', `/api/user/charges?cursor=${cursor}`, {
          token: member.token,
        })
      ).statusCode,
    ).toBe(200);
    await ask(
      'login lookup',
      'POST',
      '/api/user/login?gateway=true',
      {},
      { email: 'seed777@example.test', password: 'wrong password 123', trainerID: DEMO_TRAINER_ID },
    );
    expect((await ask('library', 'GET', '/api/user/library', { token: member.token })).statusCode).toBe(200);
    const members = `/api/admin/trainers/${DEMO_TRAINER_ID}/members`;
    const first = await ask('operator list, page 1', 'GET', `${members}?limit=50`, admin);
    expect(first.statusCode).toBe(200);
    let next = first.json().nextCursor as string;
    for (let i = 0; i < 3; i++)
      next = (
        await t.app.inject({ method: 'GET', url: `${members}?limit=50&cursor=${next}`, headers: admin })
      ).json().nextCursor;
    expect(
      (await ask('operator list, page N', 'GET', `${members}?limit=50&cursor=${next}`, admin)).statusCode,
    ).toBe(200);
    expect((await ask('operator search', 'GET', `${members}?q=seed1234`, admin)).statusCode).toBe(200);
    expect(
      (await ask('operator search by name', 'GET', `${members}?q=${md5Of12345}`, admin)).statusCode,
    ).toBe(200);
    expect(
      (await ask('operator search by address', 'GET', `${members}?q=SEED2345@example.test`, admin))
        .statusCode,
    ).toBe(200);
    expect(
      (await ask('operator list by status', 'GET', `${members}?status=past_due`, admin)).statusCode,
    ).toBe(200);
    expect(
      (await ask('operator list by plan', 'GET', `${members}?plan=${DEMO_TRAINER_ID}-price-weekly`, admin))
        .statusCode,
    ).toBe(200);
    expect((await ask('operator list, failing', 'GET', `${members}?failing=true`, admin)).statusCode).toBe(
      200,
    );
    expect((await ask('member by email', 'GET', `${members}/seed4321@example.test`, admin)).statusCode).toBe(
      200,
    );
    expect((await ask('member by id', 'GET', `${members}/usr_seed_4321`, admin)).statusCode).toBe(200);
    // A refund's and a renewal's reads, as the payment events run them (rolled back here).
    during = 'refund';
    await t.context.db
      .transaction(async (tx) => {
        await refundCharges(tx, 'ch_seed_4321_1', 'in_seed_4321', new Date());
        tx.rollback();
      })
      .catch(() => {});
    during = 'renewal terms';
    const [sub] = await t.context.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, 'sub_seed_4321'));
    if (sub) await subscriptionTerms(t.context.db, sub);
    during = '';

    const watched = caught.filter(
      (q) =>
        /^\s*(select|update|delete|with|insert)/i.test(q.text) &&
        /\b(users|charges|subscriptions)\b/.test(q.text),
    );
    const labels = new Set(watched.map((q) => q.during));
    for (const label of [
      'member view',
      'My Purchases, page 2',
      'login lookup',
      'operator list, page 1',
      'operator list, page N',
      'operator search',
      'operator search by address',
      'member by email',
      'refund',
      'renewal terms',
    ])
      expect(labels, label).toContain(label);

    const client = new pg.Client({ connectionString: t.context.config.DATABASE_URL });
    await client.connect();
    const scans: string[] = [];
    try {
      for (const q of watched) {
        const result = (await (originalQuery as (...a: unknown[]) => Promise<unknown>).call(
          client,
          `explain (format json) ${q.text}`,
          q.values,
        )) as unknown as { rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[] };
        const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
        if (!plan) continue;
        for (const node of nodes(plan))
          if (node['Node Type'] === 'Seq Scan' && WATCHED.has(node['Relation Name'] ?? ''))
            scans.push(
              `${q.during}: Seq Scan on ${node['Relation Name']} in ${q.text} ${JSON.stringify(q.values)}`,
            );
      }
    } finally {
      await client.end();
    }
    expect(scans).toEqual([]);
  }, 300_000);
});
