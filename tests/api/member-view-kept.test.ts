// The member's view read afresh beside a kept session (decision 179): a member found to have no
// subscription is not asked for them again while the database names them nowhere, and everything
// else in the view is still read on every request. The oracle is the rows this test writes: a write
// the database announces to nobody (its triggers off, as a replica applies changes) shows what is
// read and what is not; an announced write of the member's subscriptions brings them back. The
// view's 2-second memory (decision 097) is off, so every call reads. On PostgreSQL another
// connection writes and the answers after it are polled (within 5 s, decision 179's bound).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowChangesOf } from '../../server/db/row-changes.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { getUser, TEST_ENV } from './members.ts';

let t: TestApp;
const onPostgres = process.env.API_TEST_DATABASE === 'postgres';
let other: pg.Client | undefined;

beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, MEMBER_VIEW_MAX_AGE_MS: '0' } });
  if (onPostgres) {
    other = new pg.Client({ connectionString: t.context.config.DATABASE_URL });
    await other.connect();
  }
});
afterAll(async () => {
  await other?.end();
  await t.close();
});

const POLL = { timeout: 5000, interval: 50 };

/** Raw SQL from outside the instance's code: another connection, or PGlite's one. */
async function rawSql(text: string): Promise<void> {
  if (other) await other.query(text);
  else await t.context.db.execute(sql.raw(text));
}

/** Statements the database announces to nobody: triggers off, as a replica applies changes. */
async function unannounced(statements: string): Promise<void> {
  if (other) {
    await other.query(`begin; set local session_replication_role = replica; ${statements}; commit`);
    return;
  }
  await t.context.db.execute(sql.raw('set session_replication_role = replica'));
  try {
    for (const statement of statements.split(';')) await t.context.db.execute(sql.raw(statement));
  } finally {
    await t.context.db.execute(sql.raw('set session_replication_role = origin'));
  }
}

interface Customer {
  subscriptions: { data: { id: string; status: string }[] };
  charges: { id: string }[];
  held_prices: string[];
}
async function view(token: string): Promise<Customer> {
  const res = await getUser(t.app, token);
  expect(res.statusCode, res.body).toBe(200);
  return (expectContract(res, 'getUser') as { user: { customer: Customer } }).user.customer;
}

describe("the member's view beside a kept session", () => {
  it('leaves out the subscriptions of a member found to have none until the database names them', async () => {
    const m = await createMember(t.context);
    await expect.poll(() => rowChangesOf(t.context.db)?.hearing(), POLL).toBe(true);
    // The first call reads the session with the view, the second the view beside the kept session
    // and finds no subscription.
    for (let i = 0; i < 2; i++) expect((await view(m.token)).subscriptions.data).toEqual([]);

    const sub = `sub_kept_${m.id}`;
    const charge = `ch_kept_${m.id}`;
    await unannounced(
      `insert into subscriptions (id, trainer_id, user_id, price_id, status, current_period_end, last_event_at)
         values ('${sub}', '${DEMO_TRAINER_ID}', '${m.id}', '${DEMO_TRAINER_ID}-price-monthly', 'active',
           now() + interval '30 days', now());
       insert into charges (id, trainer_id, user_id, price_id, amount, currency, paid, payment_method, description)
         values ('${charge}', '${DEMO_TRAINER_ID}', '${m.id}', '${DEMO_TRAINER_ID}-price-monthly', 1000, 'usd',
           true, 'Visa •••• 4242', 'Monthly')`,
    );
    // Unannounced, the subscription is not read; the charges and held prices still are, every call.
    const after = await view(m.token);
    expect(after.subscriptions.data).toEqual([]);
    expect(after.charges.map((c) => c.id)).toEqual([charge]);
    expect(after.held_prices).toEqual([`${DEMO_TRAINER_ID}-price-monthly`]);

    // A write of the member's subscriptions names them: the subscription is read again.
    await rawSql(`update subscriptions set failed_attempts = 0 where id = '${sub}'`);
    await expect
      .poll(async () => (await view(m.token)).subscriptions.data.map((s) => s.id), POLL)
      .toEqual([sub]);
  });

  it('reads the subscriptions of a member who has one on every call', async () => {
    const m = await createMember(t.context);
    const sub = `sub_read_${m.id}`;
    await rawSql(
      `insert into subscriptions (id, trainer_id, user_id, price_id, status, current_period_end, last_event_at)
         values ('${sub}', '${DEMO_TRAINER_ID}', '${m.id}', '${DEMO_TRAINER_ID}-price-monthly', 'active',
           now() + interval '30 days', now())`,
    );
    await expect
      .poll(async () => (await view(m.token)).subscriptions.data.map((s) => s.id), POLL)
      .toEqual([sub]);
    // Ended unannounced: still read, so the view shows it ended.
    await unannounced(`update subscriptions set status = 'canceled' where id = '${sub}'`);
    expect((await view(m.token)).subscriptions.data.map((s) => s.status)).toEqual(['canceled']);
  });
});
