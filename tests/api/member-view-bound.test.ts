// The member's view bounded (decision 146): GET /api/user carries the live subscription first and
// at most 10, the latest 20 charges and the cursor of the rest, and the prices held however old the
// charge; GET /api/user/charges pages through every charge once, newest first, ties broken by id.
// The oracle is the list of rows this test writes, sorted here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { getUser, TEST_ENV } from './members.ts';

const price = (suffix: string) => `${DEMO_TRAINER_ID}-price-${suffix}`;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
});
afterAll(() => t.close());

type Charge = { id: string; created: string };
const page = (token: string, cursor?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/user/charges${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
    headers: { token },
  });

describe('the member view bounded, and My Purchases paged', () => {
  it('carries the latest 20 charges and the held prices, and pages through all 45 once in order', async () => {
    const member = await createMember(t.context);
    const base = Date.parse('2026-01-01T00:00:00Z');
    // Pairs share their creation time, so the order within a pair is the id's.
    const rows = Array.from({ length: 45 }, (_, i) => ({
      id: `ch_bound_${member.id}_${String(i).padStart(2, '0')}`,
      trainerId: DEMO_TRAINER_ID,
      userId: member.id,
      priceId: i === 0 ? price('challenge') : price('weekly'),
      amount: 100 + i,
      currency: 'usd',
      paid: i !== 44,
      refunded: false,
      paymentMethod: 'Visa •••• 4242',
      description: `Charge ${i}`,
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
    }));
    await t.context.db.insert(charges).values(rows);
    const expected = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);

    const view = expectContract(await getUser(t.app, member.token), 'getUser') as {
      user: { customer: { charges: Charge[]; charges_cursor: string | null; held_prices: string[] } };
    };
    const { customer } = view.user;
    expect(customer.charges.map((c) => c.id)).toEqual(expected.slice(0, 20));
    // The oldest charge is the only one of the challenge, far outside the view's 20.
    expect([...customer.held_prices].sort()).toEqual([price('challenge'), price('weekly')].sort());
    expect(customer.charges_cursor).not.toBeNull();

    const seen = customer.charges.map((c) => c.id);
    let cursor = customer.charges_cursor;
    while (cursor !== null) {
      const res = await page(member.token, cursor);
      const body = expectContract(res, 'getUserCharges') as { charges: Charge[]; nextCursor: string | null };
      expect(body.charges.length).toBeLessThanOrEqual(20);
      seen.push(...body.charges.map((c) => c.id));
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(expected);
    const first = expectContract(await page(member.token), 'getUserCharges') as { charges: Charge[] };
    expect(first.charges.map((c) => c.id)).toEqual(expected.slice(0, 20));
  });

  it('holds no price of a refunded or unpaid charge, and says no more when 20 or fewer', async () => {
    const member = await createMember(t.context);
    await t.context.db.insert(charges).values(
      [
        { id: `ch_r_${member.id}`, refunded: true, paid: true, priceId: price('challenge') },
        { id: `ch_u_${member.id}`, refunded: false, paid: false, priceId: price('weekly') },
      ].map((c) => ({
        ...c,
        trainerId: DEMO_TRAINER_ID,
        userId: member.id,
        amount: 100,
        currency: 'usd',
        paymentMethod: 'Visa •••• 4242',
        description: 'x',
      })),
    );
    const view = expectContract(await getUser(t.app, member.token), 'getUser') as {
      user: { customer: { charges: Charge[]; charges_cursor: string | null; held_prices: string[] } };
    };
    expect(view.user.customer.held_prices).toEqual([]);
    expect(view.user.customer.charges).toHaveLength(2);
    expect(view.user.customer.charges_cursor).toBeNull();
  });

  it('carries the live subscription first among at most 10, however many ended after it', async () => {
    const member = await createMember(t.context);
    const base = Date.parse('2025-01-01T00:00:00Z');
    const sub = (i: number, status: 'active' | 'canceled') => ({
      id: `sub_bound_${member.id}_${i}`,
      trainerId: DEMO_TRAINER_ID,
      userId: member.id,
      priceId: price('weekly'),
      status,
      currentPeriodEnd: new Date(base + (i + 30) * 86_400_000),
      createdAt: new Date(base + i * 86_400_000),
      lastEventAt: new Date(base + i * 86_400_000),
    });
    await t.context.db
      .insert(subscriptions)
      .values([sub(0, 'active'), ...Array.from({ length: 12 }, (_, i) => sub(i + 1, 'canceled'))]);
    const view = expectContract(await getUser(t.app, member.token), 'getUser') as {
      user: { customer: { subscriptions: { data: { id: string; status: string }[] } } };
    };
    const data = view.user.customer.subscriptions.data;
    expect(data).toHaveLength(10);
    expect(data[0]).toMatchObject({ id: `sub_bound_${member.id}_0`, status: 'active' });
    // Then the newest ended ones.
    expect(data.slice(1).map((s) => s.id)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => `sub_bound_${member.id}_${i}`),
    );
  });

  it('refuses a cursor it did not write with a message, and a call without a session', async () => {
    const member = await createMember(t.context);
    const bad = await page(member.token, 'not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/cursor/i);
    expect((await page('no-such-token')).statusCode).toBe(401);
  });
});
