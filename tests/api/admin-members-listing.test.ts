// Members through the admin API (decision 120): listed a page at a time, found by email, narrowed by
// status, plan and failing, shown one by one with their subscriptions and charges.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import {
  base,
  call,
  challengeBuyer,
  membersAdminApp,
  OTHER,
  price,
  subscriber,
  subscriptionOf,
  t,
} from './admin-members.fixtures.ts';
import { createMember } from './fixtures.ts';
import type { Member } from './members.ts';

membersAdminApp();

describe('listing and showing members', () => {
  it('lists a page of the trainer’s members, newest first, found by email, with their newest subscription', async () => {
    const paying = await subscriber();
    const { member: buyer } = await challengeBuyer();
    const other = await createMember(t.context, { trainerId: OTHER });

    const { res, body } = await call('adminListMembers', 'GET', `${base()}/members?limit=1`);
    expect(res.statusCode).toBe(200);
    expect(body.members).toEqual([expect.objectContaining({ id: buyer.id, status: 'none', charges: 1 })]);
    expect(body).toMatchObject({ limit: 1, totalExact: true });
    expect(body.total).toBeGreaterThanOrEqual(2);

    const second = await call(
      'adminListMembers',
      'GET',
      `${base()}/members?limit=1&cursor=${body.nextCursor as string}`,
    );
    expect((second.body.members as { id: string }[]).map((m) => m.id)).toEqual([paying.id]);

    const found = await call('adminListMembers', 'GET', `${base()}/members?q=${paying.email.toUpperCase()}`);
    expect(found.body.total).toBe(1);
    expect(found.body.members).toEqual([
      {
        id: paying.id,
        email: paying.email,
        name: 'Test Member',
        createdAt: expect.any(String),
        status: 'active',
        subscriptionId: (await subscriptionOf(paying)).id,
        plan: 'Coaching Membership: Weekly',
        charges: 1,
      },
    ]);
    // Another trainer's member is never in this trainer's list, searched for or not.
    const foreign = await call('adminListMembers', 'GET', `${base()}/members?q=${other.email}`);
    expect(foreign.body).toMatchObject({ total: 0, members: [], nextCursor: null });
  });

  it('finds by a whole address that member only, in any case; by part of one, every member whose address holds it', async () => {
    const exact = await createMember(t.context, { trainerId: OTHER });
    const longer = await createMember(t.context, { trainerId: OTHER });
    // An address that holds the first one whole: found by a part, not by the whole address.
    await t.context.db
      .update(users)
      .set({ email: `maria.${exact.email}` })
      .where(eq(users.id, longer.id));
    const fresh = `${base().replace(DEMO_TRAINER_ID, OTHER)}/members`;
    const ids = async (q: string) => {
      const { res, body } = await call('adminListMembers', 'GET', `${fresh}?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return (body.members as { id: string }[]).map((m) => m.id).sort();
    };
    expect(await ids(exact.email.toUpperCase())).toEqual([exact.id]);
    expect(await ids(`maria.${exact.email}`)).toEqual([longer.id]);
    expect(await ids(exact.id)).toEqual([exact.id, longer.id].sort());
    expect(await ids(`nobody.${exact.email}`)).toEqual([]);
  });

  it('pages through every member by cursor, each once, newest first, and narrows by status, plan and failing', async () => {
    const fresh = `${base().replace(DEMO_TRAINER_ID, OTHER)}/members`;
    // The oracle: the members this test makes, in the order they were made (newest last).
    const made: Member[] = [];
    for (let i = 0; i < 5; i++) made.push(await createMember(t.context, { trainerId: OTHER }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = await call('adminListMembers', 'GET', `${fresh}?limit=2${query}`);
      expect(page.res.statusCode).toBe(200);
      seen.push(...(page.body.members as { id: string }[]).map((m) => m.id));
      cursor = page.body.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 50);
    const ours = seen.filter((id) => made.some((m) => m.id === id));
    expect(ours).toEqual(made.map((m) => m.id).reverse());
    expect(new Set(seen).size).toBe(seen.length);

    const paying = await subscriber();
    const active = await call(
      'adminListMembers',
      'GET',
      `${base()}/members?status=active&plan=${price('weekly')}`,
    );
    expect((active.body.members as { id: string; status: string }[]).map((m) => m.status)).not.toContain(
      'none',
    );
    expect((active.body.members as { id: string }[]).map((m) => m.id)).toContain(paying.id);
    const none = await call('adminListMembers', 'GET', `${base()}/members?status=none`);
    expect((none.body.members as { id: string }[]).map((m) => m.id)).not.toContain(paying.id);
    const failing = await call('adminListMembers', 'GET', `${base()}/members?failing=true`);
    expect(
      (failing.body.members as { status: string }[]).every((m) => ['past_due', 'unpaid'].includes(m.status)),
    ).toBe(true);
    expect((failing.body.members as { id: string }[]).map((m) => m.id)).not.toContain(paying.id);
  });

  it('refuses a cursor it did not write, with a message, and answers nothing else', async () => {
    const { res, body } = await call('adminListMembers', 'GET', `${base()}/members?cursor=not-a-cursor`);
    expect(res.statusCode).toBe(400);
    expect(body.message).toMatch(/cursor/i);
  });

  it('shows one member, by id or email, with every subscription and charge in cents', async () => {
    const member = await subscriber();
    const byEmail = await call('adminGetMember', 'GET', `${base()}/members/${member.email}`);
    expect(byEmail.res.statusCode).toBe(200);
    const shown = byEmail.body.member as { id: string; subscriptions: unknown[]; charges: unknown[] };
    expect(shown.id).toBe(member.id);
    expect(shown.subscriptions).toEqual([
      expect.objectContaining({ priceId: price('weekly'), amount: 1499, currency: 'usd', status: 'active' }),
    ]);
    expect(shown.charges).toEqual([
      expect.objectContaining({ amount: 1499, currency: 'usd', paid: true, refunded: false }),
    ]);
    const byId = await call('adminGetMember', 'GET', `${base()}/members/${member.id}`);
    expect(byId.body.member).toEqual(shown);

    const foreign = await call('adminGetMember', 'GET', `${base(OTHER)}/members/${member.id}`);
    expect(foreign.res.statusCode).toBe(404);
    expect(foreign.body.message).toBe(`Trainer ${OTHER} has no member ${member.id}`);
  });

  it('refuses a page out of bounds or an unknown trainer with a clear 4xx', async () => {
    const tooMany = await call('adminListMembers', 'GET', `${base()}/members?limit=101`);
    expect(tooMany.res.statusCode).toBe(400);
    const unknown = await call('adminListMembers', 'GET', `${base('no-such-trainer')}/members`);
    expect(unknown.res.statusCode).toBe(404);
  });
});
