// On PostgreSQL, an instance whose connection listening to the database's notices is lost keeps
// nothing until it listens again (decision 179): what any other connection writes meanwhile shows on
// the next requests, and after it listens again its notices close access as before. PostgreSQL only
// (PGlite is one connection in the process): the api-postgres run.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { libraryCalls, moneyDriver, PRICE, SHRED } from './library-calls.ts';
import { TEST_ENV } from './members.ts';

let t: TestApp;
const money = moneyDriver(billingDriver(() => t));
const api = libraryCalls(() => t);
let other: pg.Client;

beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  other = new pg.Client({ connectionString: t.context.config.DATABASE_URL });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

const rawSql = async (text: string, values: unknown[] = []) => (await other.query(text, values)).rows;
/** A write the database announces to nobody: its triggers off, as a replica applies changes. */
const unannounced = (statement: string) =>
  other.query(`begin; set local session_replication_role = replica; ${statement}; commit`);
const POLL = { timeout: 5000, interval: 50 };

describe('on PostgreSQL, when the listening connection is lost', () => {
  it('keeps nothing until it listens again, and follows every write meanwhile and after', async () => {
    const m = await createMember(t.context);
    await money.buy(m, PRICE.challenge);
    const key = (await api.item(m, SHRED)).ok?.item.units[0]?.key ?? '';
    expect((await api.unit(m, SHRED, key)).status).toBe(200);
    const listener = `select pid from pg_stat_activity
      where application_name = 'row-changes' and datname = current_database()`;
    await rawSql(`select pg_terminate_backend(pid) from (${listener}) l`);
    // Unannounced (triggers off): only a read of the database sees it, and nothing kept is served.
    await unannounced(`update sessions set revoked_at = now() where token_hash = '${hashToken(m.token)}'`);
    await expect.poll(async () => (await api.unit(m, SHRED, key)).status, POLL).toBe(401);
    await rawSql('update sessions set revoked_at = null where token_hash = $1', [hashToken(m.token)]);
    await expect.poll(async () => (await rawSql(listener)).length, POLL).toBe(1);
    await rawSql('update charges set refunded = false, refunded_at = null where user_id = $1', [m.id]);
    await expect.poll(async () => (await api.unit(m, SHRED, key)).status, POLL).toBe(200);
    await rawSql('update charges set refunded = true, refunded_at = now() where user_id = $1', [m.id]);
    await expect.poll(async () => (await api.unit(m, SHRED, key)).refusal?.reason, POLL).toBe('refunded');
  });
});
