// A session and its access rows kept in memory while the database names neither the member nor their
// trainer (decision 179): a write by any other connection (another instance, the CLI, raw SQL) closes
// what it closes as soon as the database's notice of its commit arrives, and on PostgreSQL an instance
// whose listening connection is lost keeps nothing until it listens again. The notices reach
// PostgreSQL's listener after the commit, so the answers after another connection's write are polled
// (within 5 s; decision 179 gives the bound); on PGlite, and for this instance's own writes, they are
// exact on the next request. The listening connection lost: kept-sessions-listener.test.ts.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { rowChangesOf } from '../../server/db/row-changes.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { libraryCalls, moneyDriver, PRICE, SHRED } from './library-calls.ts';
import { TEST_ENV } from './members.ts';

let t: TestApp;
const money = moneyDriver(billingDriver(() => t));
const api = libraryCalls(() => t);
const onPostgres = process.env.API_TEST_DATABASE === 'postgres';
/** Another connection to the test's database; on PGlite there is none but the instance's own. */
let other: pg.Client | undefined;

beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  if (onPostgres) {
    other = new pg.Client({ connectionString: t.context.config.DATABASE_URL });
    await other.connect();
  }
});
afterAll(async () => {
  await other?.end();
  await t.close();
});

/** Raw SQL from outside the instance's code: another connection, or PGlite's one. */
async function rawSql(text: string, values: unknown[] = []): Promise<unknown[]> {
  if (other) return (await other.query(text, values)).rows;
  const inlined = text.replace(/\$(\d+)/g, (_, n) => `'${String(values[Number(n) - 1])}'`);
  // Both drivers answer with the rows under `rows`.
  return ((await t.context.db.execute(sql.raw(inlined))) as unknown as { rows: unknown[] }).rows;
}

/** A write the database announces to nobody: its triggers off, as a replica applies changes. */
async function unannounced(statement: string): Promise<void> {
  if (other) {
    await other.query(`begin; set local session_replication_role = replica; ${statement}; commit`);
    return;
  }
  await t.context.db.execute(sql.raw('set session_replication_role = replica'));
  try {
    await t.context.db.execute(sql.raw(statement));
  } finally {
    await t.context.db.execute(sql.raw('set session_replication_role = origin'));
  }
}

const POLL = { timeout: 5000, interval: 50 };

/** A member who bought the challenge and read day 1 twice, the second time from what was kept. */
async function reader() {
  const m = await createMember(t.context);
  await money.buy(m, PRICE.challenge);
  const key = (await api.item(m, SHRED)).ok?.item.units[0]?.key ?? '';
  expect((await api.unit(m, SHRED, key)).status).toBe(200);
  expect((await api.unit(m, SHRED, key)).status).toBe(200);
  return { m, key };
}

describe('a session kept with its access rows', () => {
  it('is served without a query while nothing names its member, and read again once something does', async () => {
    const { m, key } = await reader();
    // On PostgreSQL this instance's own writes (the purchase, the day's first opening) are heard back
    // first: then a read is kept that no notice still on its way gives up.
    await expect.poll(() => rowChangesOf(t.context.db)?.hearing(), POLL).toBe(true);
    expect((await api.unit(m, SHRED, key)).status).toBe(200);
    // The session revoked with the triggers off: the database names nobody, and the session's query,
    // which would find no session now, is not made.
    await unannounced(`update sessions set revoked_at = now() where token_hash = '${hashToken(m.token)}'`);
    expect((await api.unit(m, SHRED, key)).status).toBe(200);
    // Any write of the member's row names them: the next reads find the session revoked.
    await rawSql('update users set name = name where id = $1', [m.id]);
    await expect.poll(async () => (await api.unit(m, SHRED, key)).status, POLL).toBe(401);
  });

  it('closes on a refund written by another connection', async () => {
    const { m, key } = await reader();
    await rawSql('update charges set refunded = true, refunded_at = now() where user_id = $1', [m.id]);
    await expect.poll(async () => (await api.unit(m, SHRED, key)).refusal?.reason, POLL).toBe('refunded');
  });

  it('ends when another connection revokes or deletes the session', async () => {
    const revoked = await reader();
    const deleted = await reader();
    await rawSql('update sessions set revoked_at = now() where token_hash = $1', [
      hashToken(revoked.m.token),
    ]);
    await rawSql('delete from sessions where token_hash = $1', [hashToken(deleted.m.token)]);
    await expect.poll(async () => (await api.unit(revoked.m, SHRED, revoked.key)).status, POLL).toBe(401);
    await expect.poll(async () => (await api.unit(deleted.m, SHRED, deleted.key)).status, POLL).toBe(401);
  });

  it("follows the trainer's products renamed by another connection", async () => {
    const { m, key } = await reader();
    await rawSql(`update products set slug = 'shred-renamed' where slug = '30-day-shred'`);
    await expect.poll(async () => (await api.unit(m, SHRED, key)).status, POLL).toBe(404);
    await rawSql(`update products set slug = '30-day-shred' where slug = 'shred-renamed'`);
    await expect.poll(async () => (await api.unit(m, SHRED, key)).status, POLL).toBe(200);
  });
});
