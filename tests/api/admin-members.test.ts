// Members through the admin API (decision 120): listed and shown with their subscriptions and
// charges; a charge refunded and a subscription cancelled through the sandbox gateway, recorded by
// the same events as the billing portal's, so the rows, the member's emails and the portal agree;
// every refusal a 4xx that changes nothing; every change an audit row.
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, charges, subscriptions, users, webhookEvents } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, CARD } from './hosted-pages.ts';
import type { Member } from './members.ts';
import { TEST_ENV } from './members.ts';

const TOKEN = 'members-admin-token-long-enough-0123456789';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Marta' };
const OTHER = 'other-trainer';
const base = (trainer = DEMO_TRAINER_ID) => `/api/admin/trainers/${trainer}`;
const price = (suffix: string, trainer = DEMO_TRAINER_ID) => `${trainer}-price-${suffix}`;

let t: TestApp;
const driver = billingDriver(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
  await seedTrainer(t.context.db, { id: OTHER, name: 'Other Trainer' });
});
afterAll(() => t.close());

const call = adminCalls(() => t, headers);
const refund = (charge: string, payload: object = {}, trainer = DEMO_TRAINER_ID) =>
  call('adminRefundCharge', 'POST', `${base(trainer)}/charges/${charge}/refund`, payload);
const cancel = (sub: string, payload: object = {}) =>
  call('adminCancelSubscription', 'POST', `${base()}/subscriptions/${sub}/cancel`, payload);

const chargesOf = (member: Member) =>
  t.context.db.select().from(charges).where(eq(charges.userId, member.id)).orderBy(asc(charges.id));
const subscriptionOf = async (member: Member) => {
  const [sub] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  if (!sub) throw new Error('no subscription');
  return sub;
};
const auditOf = (subject: string) =>
  t.context.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.subject, subject))
    .orderBy(asc(adminAudit.createdAt), asc(adminAudit.id));
const subjects = async (member: Member) => (await driver.mailTo(member)).map((m) => m.subject);

/** A member who bought the challenge (49.00 USD, one charge). */
async function challengeBuyer(): Promise<{ member: Member; chargeId: string }> {
  const member = await createMember(t.context);
  expect((await driver.post(await driver.start(member, [price('challenge')]), CARD)).statusCode).toBe(303);
  const [charge] = await chargesOf(member);
  if (!charge) throw new Error('no charge');
  return { member, chargeId: charge.id };
}

/** A member paying the weekly plan (14.99 USD, no trial): one live subscription, one charge. */
async function subscriber(): Promise<Member> {
  const member = await createMember(t.context, { hadTrial: true });
  await driver.subscribe(member, price('weekly'));
  return member;
}

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

describe('refunds', () => {
  it('refunds a one-time charge through the gateway’s event, as the portal does, and audits it', async () => {
    const { member, chargeId } = await challengeBuyer();
    const mailBefore = await subjects(member);

    const { res, body } = await refund(chargeId);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ pending: false, charge: { id: chargeId, amount: 4900, refunded: true } });

    const [row] = await chargesOf(member);
    expect(row).toMatchObject({ refunded: true, amount: 4900 });
    // Recorded by the charge.refunded event, under the key a retry would send again.
    const [event] = await t.context.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `evt_sandbox_refund-${chargeId}`));
    expect(event?.type).toBe('charge.refunded');
    // The member sees it as the portal's refund shows it, and may buy the challenge again.
    expect((await driver.customerOf(member)).charges).toEqual([
      expect.objectContaining({ id: chargeId, refunded: true }),
    ]);
    expect((await driver.startSession(member, [price('challenge')])).statusCode).toBe(201);
    // The member is told once, and that the challenge is closed to them now (decision 138).
    const after = await subjects(member);
    expect(after.filter((subject) => !mailBefore.includes(subject))).toEqual([
      expect.stringMatching(/: your refund$/),
    ]);
    expect(after).toHaveLength(mailBefore.length + 1);
    const notice = (await driver.mailTo(member)).find((m) => m.subject.endsWith(': your refund'));
    expect(notice?.text).toContain('We have refunded $49 for 30-Day Shred to Visa •••• 4242.');
    expect(notice?.text).toContain('30-Day Shred is closed to you from now on.');

    const [audit, ...more] = await auditOf(chargeId);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor: 'Marta',
      action: 'adminRefundCharge',
      trainerId: DEMO_TRAINER_ID,
      before: expect.objectContaining({ id: chargeId, amount: 4900, refunded: false }),
      after: expect.objectContaining({ id: chargeId, amount: 4900, refunded: true }),
    });
  });

  it('refunds a subscription’s charge, recorded under its invoice, the subscription going on', async () => {
    const member = await subscriber();
    const [charge] = await chargesOf(member);
    const { res, body } = await refund(charge?.id ?? '', { amount: 1499 });
    expect(res.statusCode).toBe(200);
    expect(body.charge).toMatchObject({ amount: 1499, refunded: true, invoiceId: charge?.invoiceId });
    expect((await subscriptionOf(member)).status).toBe('active');
  });

  it('refuses twice, more than charged, part of a charge, and another trainer’s charge: 4xx, nothing changed', async () => {
    const { member, chargeId } = await challengeBuyer();
    const over = await refund(chargeId, { amount: 4901 });
    expect(over.res.statusCode).toBe(400);
    expect(over.body.message).toBe(
      `Charge ${chargeId} was 49.00 USD: a refund of 49.01 USD is more than was charged`,
    );
    const part = await refund(chargeId, { amount: 1000 });
    expect(part.res.statusCode).toBe(400);
    expect(part.body.message).toBe(
      `Charge ${chargeId} was 49.00 USD: a refund is of the whole amount, not 10.00 USD`,
    );
    const foreign = await refund(chargeId, {}, OTHER);
    expect(foreign.res.statusCode).toBe(404);
    expect(foreign.body.message).toBe(`Trainer ${OTHER} has no charge ${chargeId}`);
    const unknown = await refund('ch_nothing');
    expect(unknown.res.statusCode).toBe(404);
    expect((await chargesOf(member))[0]?.refunded).toBe(false);
    expect(await auditOf(chargeId)).toEqual([]);

    expect((await refund(chargeId)).res.statusCode).toBe(200);
    const twice = await refund(chargeId);
    expect(twice.res.statusCode).toBe(409);
    expect(twice.body.message).toBe(`Charge ${chargeId} is already refunded`);
    expect(await auditOf(chargeId)).toHaveLength(1);
  });

  it('refunds once when two refunds of one charge are asked at the same moment', async () => {
    const { member, chargeId } = await challengeBuyer();
    const both = await Promise.all([refund(chargeId), refund(chargeId)]);
    expect(both.map((r) => r.res.statusCode).sort()).toEqual([200, 409]);
    expect((await chargesOf(member)).map((c) => c.refunded)).toEqual([true]);
    expect(await auditOf(chargeId)).toHaveLength(1);
  });

  it('refuses a line of a payment of several lines, which the gateway would refund whole', async () => {
    const member = await createMember(t.context);
    const path = await driver.start(member, [price('challenge'), price('course')]);
    expect((await driver.post(path, CARD)).statusCode).toBe(303);
    const lines = await chargesOf(member);
    expect(lines.map((c) => c.amount).sort()).toEqual([4900, 9900]);
    const { res, body } = await refund(lines[0]?.id ?? '');
    expect(res.statusCode).toBe(409);
    expect(body.message).toBe(
      `Charge ${lines[0]?.id} is one line of a payment of several lines: it cannot be refunded alone`,
    );
    expect((await chargesOf(member)).map((c) => c.refunded)).toEqual([false, false]);
  });

  it('validates the body and needs the token', async () => {
    const { member, chargeId } = await challengeBuyer();
    expect((await refund(chargeId, { amount: 0 })).res.statusCode).toBe(400);
    expect((await refund(chargeId, { amount: 4900, reason: 'x' })).res.statusCode).toBe(400);
    const wrong = await call(
      'adminRefundCharge',
      'POST',
      `${base()}/charges/${chargeId}/refund`,
      {},
      {
        ...headers,
        'admin-token': `${TOKEN}-wrong`,
      },
    );
    expect(wrong.res.statusCode).toBe(401);
    const noActor = await call(
      'adminRefundCharge',
      'POST',
      `${base()}/charges/${chargeId}/refund`,
      {},
      {
        'admin-token': TOKEN,
      },
    );
    expect(noActor.res.statusCode).toBe(400);
    expect((await chargesOf(member))[0]?.refunded).toBe(false);
  });
});

describe('cancellations', () => {
  it('cancels at the period’s end, then at once, each emailed by the subscription’s events and audited', async () => {
    const member = await subscriber();
    const sub = await subscriptionOf(member);

    const later = await cancel(sub.id, { atPeriodEnd: true });
    expect(later.res.statusCode).toBe(200);
    expect(later.body).toMatchObject({
      pending: false,
      subscription: { id: sub.id, status: 'active', cancelAtPeriodEnd: true },
    });
    expect(await subjects(member)).toContainEqual(
      expect.stringMatching(/: your subscription has been cancelled$/),
    );
    // What the portal would have shown: the same row the portal's own cancellation writes.
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const again = await cancel(sub.id, { atPeriodEnd: true });
    expect(again.res.statusCode).toBe(409);
    expect(again.body.message).toBe(
      `Subscription ${sub.id} already ends at the end of its period, on ${sub.currentPeriodEnd.toISOString().slice(0, 10)}`,
    );

    const now = await cancel(sub.id);
    expect(now.res.statusCode).toBe(200);
    expect(now.body.subscription).toMatchObject({ status: 'canceled', endedAt: expect.any(String) });
    expect(await subjects(member)).toContainEqual(expect.stringMatching(/: your subscription has ended$/));
    // The member's own view says the same: no live subscription left.
    const { data } = (await driver.customerOf(member)).subscriptions;
    expect(data.map((s) => s.status)).toEqual(['canceled']);

    const ended = await cancel(sub.id);
    expect(ended.res.statusCode).toBe(409);
    expect(ended.body.message).toBe(`Subscription ${sub.id} has already ended`);

    const audit = await auditOf(sub.id);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['adminCancelSubscription', 'Marta'],
      ['adminCancelSubscription', 'Marta'],
    ]);
    expect(audit[0]?.before).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
    expect(audit[0]?.after).toMatchObject({ cancelAtPeriodEnd: true, atPeriodEnd: true });
    expect(audit[1]?.after).toMatchObject({ status: 'canceled', atPeriodEnd: false });
    // Cancelling gives no money back: the charge stays as it was.
    expect((await chargesOf(member)).map((c) => c.refunded)).toEqual([false]);
  });

  it('refuses another trainer’s subscription and a malformed body, changing nothing', async () => {
    const member = await subscriber();
    const sub = await subscriptionOf(member);
    const foreign = await call(
      'adminCancelSubscription',
      'POST',
      `${base(OTHER)}/subscriptions/${sub.id}/cancel`,
      {},
    );
    expect(foreign.res.statusCode).toBe(404);
    expect(foreign.body.message).toBe(`Trainer ${OTHER} has no subscription ${sub.id}`);
    expect((await cancel(sub.id, { atPeriodEnd: 'yes' })).res.statusCode).toBe(400);
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(await auditOf(sub.id)).toEqual([]);
    const events = await t.context.db
      .select()
      .from(webhookEvents)
      .where(and(like(webhookEvents.id, `evt_sandbox_cancel-${sub.id}%`)));
    expect(events).toEqual([]);
  });
});

describe('one way to each thing', () => {
  it('a refund asked in the portal after the operator’s is not made twice', async () => {
    const { member, chargeId } = await challengeBuyer();
    expect((await refund(chargeId)).res.statusCode).toBe(200);
    const portal = await driver.portal(member);
    expect((await driver.post(portal, { action: 'refund', charge: chargeId })).statusCode).toBe(303);
    const events = await t.context.db
      .select()
      .from(webhookEvents)
      .where(like(webhookEvents.id, `%refund-${chargeId}`));
    expect(events).toHaveLength(1);
  });
});
