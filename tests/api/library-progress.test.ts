// Progress kept on the server, per member and item: marking a unit done or not done is idempotent,
// a double press, a retry or two devices at once never error or duplicate and end in the last
// writer's state; the first opening is recorded once, and the last place follows the member; a
// program's streak counts consecutive UTC days with a day done. On PGlite, and on PostgreSQL in the
// api-postgres project, where the parallel calls really run at once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/auth/tokens.ts';
import { libraryProgress, libraryStarts, sessions } from '../../server/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, DAY } from './hosted-pages.ts';
import { ENTRY, libraryCalls, moneyDriver, PRICE, SHRED } from './library-calls.ts';
import type { Member } from './members.ts';
import { TEST_ENV } from './members.ts';

let t: TestApp;
const driver = billingDriver(() => t);
const money = moneyDriver(driver);
const api = libraryCalls(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
});
afterAll(() => t.close());

/** The same member signed in on a second device: another session. */
async function secondDevice(member: Member): Promise<Member> {
  const token = newToken();
  await t.context.db.insert(sessions).values({
    tokenHash: hashToken(token),
    trainerId: member.trainerId,
    userId: member.id,
    expiresAt: new Date(Date.now() + DAY),
  });
  return { ...member, token };
}

async function challenger() {
  const m = await createMember(t.context);
  expect(await money.buy(m, PRICE.challenge)).toBe(303);
  const units = (await api.item(m, SHRED)).ok?.item.units ?? [];
  return { m, keys: units.map((u) => u.key) };
}

const progressRows = (m: Member) =>
  t.context.db
    .select()
    .from(libraryProgress)
    .where(and(eq(libraryProgress.userId, m.id), eq(libraryProgress.item, SHRED)));

describe('marking a unit done', () => {
  it('is idempotent: done twice keeps the first time, undone twice stays undone, one row throughout', async () => {
    const { m, keys } = await challenger();
    const day1 = keys[0] ?? '';
    const first = await api.mark(m, SHRED, day1, true);
    expect(first.ok?.unit.state).toBe('done');
    expect(first.ok?.progress).toMatchObject({ done: 1, total: 30, next: { number: 2, state: 'opensOn' } });
    const again = await api.mark(m, SHRED, day1, true);
    expect(again.ok?.unit.doneAt).toBe(first.ok?.unit.doneAt);
    const undone = await api.mark(m, SHRED, day1, false);
    expect(undone.ok?.unit).toMatchObject({ state: 'open', doneAt: null });
    expect(undone.ok?.progress).toMatchObject({ done: 0, next: { number: 1 } });
    expect((await api.mark(m, SHRED, day1, false)).ok?.unit.state).toBe('open');
    expect(await progressRows(m)).toHaveLength(1);
    // Undone, then done again: a new time.
    expect((await api.mark(m, SHRED, day1, true)).ok?.unit.state).toBe('done');
  });

  it('takes a double press and two devices at once without an error or a duplicate', async () => {
    const { m, keys } = await challenger();
    const other = await secondDevice(m);
    const day1 = keys[0] ?? '';
    const presses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.mark(i % 2 ? other : m, SHRED, day1, true)),
    );
    expect(presses.map((p) => p.status)).toEqual(Array(8).fill(200));
    expect(new Set(presses.map((p) => p.ok?.unit.doneAt)).size).toBe(1);
    expect(await progressRows(m)).toHaveLength(1);

    // Done on one device and undone on the other at once: either way, one row, and both devices
    // then read the same state, the one stored.
    const [a, b] = await Promise.all([api.mark(m, SHRED, day1, false), api.mark(other, SHRED, day1, true)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [row] = await progressRows(m);
    const seen = [
      (await api.item(m, SHRED)).ok?.item.units[0]?.state,
      (await api.item(other, SHRED)).ok?.item.units[0]?.state,
    ];
    expect(seen).toEqual(Array(2).fill(row?.doneAt ? 'done' : 'open'));
  });

  it('keeps the start’s count of units done equal to the units done, through presses on two devices at once', async () => {
    const { m, keys } = await challenger();
    const other = await secondDevice(m);
    const [d1, d2, d3] = keys as [string, string, string];
    const counted = async () => {
      const [start] = await t.context.db
        .select({ unitsDone: libraryStarts.unitsDone })
        .from(libraryStarts)
        .where(and(eq(libraryStarts.userId, m.id), eq(libraryStarts.item, SHRED)));
      return start?.unitsDone;
    };
    // Day 1 starts the challenge; two days on, days 1 to 3 each pressed done four times from two
    // devices at once: three units done.
    await api.mark(m, SHRED, d1, false);
    await driver.advance(m, 2);
    const presses = [d1, d2, d3].flatMap((day) => [m, other, m, other].map((who) => ({ who, day })));
    const done = await Promise.all(presses.map(({ who, day }) => api.mark(who, SHRED, day, true)));
    expect(done.map((p) => p.status)).toEqual(Array(12).fill(200));
    expect(await counted()).toBe(3);
    // Day 2 undone twice at once, and day 1 done again: two.
    await Promise.all([
      api.mark(m, SHRED, d2, false),
      api.mark(other, SHRED, d2, false),
      api.mark(other, SHRED, d1, true),
    ]);
    expect(await counted()).toBe(2);
    // A unit never done, undone: nothing moves.
    await api.mark(m, SHRED, keys[4] ?? '', false);
    expect(await counted()).toBe(2);
    // Day 3 undone on one device while done again on the other: the count is what is stored.
    await Promise.all([api.mark(m, SHRED, d3, false), api.mark(other, SHRED, d3, true)]);
    const stored = (await progressRows(m)).filter((row) => row.doneAt !== null).length;
    expect(await counted()).toBe(stored);
  });

  it('marks a library entry, whose one unit is main', async () => {
    const m = await createMember(t.context, { hadTrial: true });
    await driver.subscribe(m, PRICE.monthly);
    const marked = await api.mark(m, ENTRY.everyPlan, 'main', true);
    expect(marked.ok).toMatchObject({ unit: { key: 'main', state: 'done', opensAt: null }, streak: null });
    expect(marked.ok?.progress).toMatchObject({ done: 1, total: 1, next: null });
  });
});

describe('opening a unit', () => {
  it('records the first opening once, from two devices at once, and keeps the last place', async () => {
    const { m, keys } = await challenger();
    const other = await secondDevice(m);
    const opened = await Promise.all([m, other, m, other].map((who) => api.unit(who, SHRED, keys[0] ?? '')));
    expect(opened.map((o) => o.status)).toEqual([200, 200, 200, 200]);
    const starts = await t.context.db.select().from(libraryStarts).where(eq(libraryStarts.userId, m.id));
    expect(starts).toHaveLength(1);
    const item = (await api.item(other, SHRED)).ok?.item;
    expect(item?.startedAt).toBe(starts[0]?.startedAt.toISOString());
    expect(item?.lastUnitKey).toBe(keys[0]);

    await driver.advance(m, 1);
    expect((await api.unit(other, SHRED, keys[1] ?? '')).status).toBe(200);
    expect((await api.library(m)).ok?.items[0]?.lastUnitKey).toBe(keys[1]);
    // The start did not move.
    expect((await api.item(m, SHRED)).ok?.item.startedAt).toBe(item?.startedAt);
  });

  it('starts a program marked done before any page opened it', async () => {
    const { m, keys } = await challenger();
    expect((await api.item(m, SHRED)).ok?.item.startedAt).toBeNull();
    await api.mark(m, SHRED, keys[0] ?? '', true);
    expect((await api.item(m, SHRED)).ok?.item.startedAt).not.toBeNull();
  });
});

describe('a program streak', () => {
  it('counts consecutive UTC days with a day done, and drops once a whole day passes without one', async () => {
    const { m, keys } = await challenger();
    expect((await api.mark(m, SHRED, keys[0] ?? '', true)).ok?.streak).toBe(1);
    await driver.advance(m, 1);
    expect((await api.item(m, SHRED)).ok?.item.streak).toBe(1);
    expect((await api.mark(m, SHRED, keys[1] ?? '', true)).ok?.streak).toBe(2);
    await driver.advance(m, 2);
    expect((await api.item(m, SHRED)).ok?.item.streak).toBe(0);
    expect((await api.mark(m, SHRED, keys[2] ?? '', true)).ok?.streak).toBe(1);
  });
});
