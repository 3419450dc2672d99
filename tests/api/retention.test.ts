// What a member is offered before leaving (decisions 152, 153), from the trainer's settings to the
// portal, the records, the emails and the admin API's counts: settings refused change nothing; the
// portal offers exactly the lengths allowed; a reason and the offer taken or left are one row each,
// shown in the member view and counted by month; a pause closes nothing before it begins, charges
// nothing inside it and resumes with the charge it stated.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, charges, coupons, trainers } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { TEST_ENV } from './members.ts';

const TOKEN = 'retention-admin-token-long-enough-0123456789';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Marta' };
const base = `/api/admin/trainers/${DEMO_TRAINER_ID}`;
const MONTHLY = `${DEMO_TRAINER_ID}-price-monthly`;

let t: TestApp;
const driver = billingDriver(() => t);
const call = adminCalls(() => t, headers);
const setRetention = (payload: unknown) => call('adminSetRetention', 'PUT', `${base}/retention`, payload);

beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
  await t.context.db.insert(coupons).values([
    {
      id: 'ret-stay50',
      trainerId: DEMO_TRAINER_ID,
      code: 'STAY50',
      percentOff: 50,
      duration: 'repeating',
      durationInMonths: 2,
    },
    { id: 'ret-once10', trainerId: DEMO_TRAINER_ID, code: 'ONCE10', percentOff: 10, duration: 'once' },
  ]);
});
afterAll(() => t.close());

const settingsRow = async () => {
  const [row] = await t.context.db
    .select({ pauseMonths: trainers.pauseMonths, cancelOffer: trainers.cancelOffer })
    .from(trainers)
    .where(eq(trainers.id, DEMO_TRAINER_ID));
  return row;
};

describe('the trainer’s retention settings', () => {
  it('saves the lengths and a repeating coupon offer, named by its code, and audits the change', async () => {
    const { res, body } = await setRetention({
      pauseMonths: [3, 1],
      cancelOffer: { kind: 'coupon', coupon: 'stay50' },
    });
    expect(res.statusCode).toBe(200);
    expect(body.retention).toEqual({
      pauseMonths: [1, 3],
      cancelOffer: { kind: 'coupon', coupon: 'STAY50' },
    });
    expect(await settingsRow()).toEqual({
      pauseMonths: [1, 3],
      cancelOffer: { kind: 'coupon', couponId: 'ret-stay50' },
    });
    const audit = await t.context.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'adminSetRetention'));
    expect(audit.at(-1)).toMatchObject({ actor: 'Marta', subject: DEMO_TRAINER_ID });
  });

  it.each([
    [
      'a once coupon, which says no months',
      { pauseMonths: [1], cancelOffer: { kind: 'coupon', coupon: 'ONCE10' } },
      400,
    ],
    ['an unknown coupon', { pauseMonths: [1], cancelOffer: { kind: 'coupon', coupon: 'NOPE' } }, 404],
    ['a pause of four months', { pauseMonths: [4], cancelOffer: null }, 400],
    ['an offered pause of none', { pauseMonths: [1], cancelOffer: { kind: 'pause', months: 0 } }, 400],
  ])('refuses %s and changes nothing', async (_, payload, status) => {
    const before = await settingsRow();
    const { res } = await setRetention(payload);
    expect(res.statusCode).toBe(status);
    expect(await settingsRow()).toEqual(before);
  });
});

describe('the portal, the records and the counts', () => {
  it('offers the allowed lengths; a reason with the offer left cancels, with it taken discounts; both counted', async () => {
    await setRetention({ pauseMonths: [1, 3], cancelOffer: { kind: 'coupon', coupon: 'STAY50' } });
    const leaving = await createMember(t.context, { hadTrial: true });
    const staying = await createMember(t.context, { hadTrial: true });
    for (const m of [leaving, staying]) await driver.subscribe(m, MONTHLY);

    const portal = await driver.portal(leaving);
    const page = await t.app.inject({ method: 'GET', url: portal });
    const lengths = [...page.body.matchAll(/name="pause" value="(\d):/g)].map((m) => Number(m[1]));
    expect(lengths).toEqual([1, 3]);
    // 2999 − round(1499.5) = 1499 for the next two monthly charges.
    expect(page.body).toContain('data-next-amount="1499"');
    const sub = (await driver.customerOf(leaving)).subscriptions.data[0];
    const left = await driver.post(portal, {
      action: 'cancel',
      subscription: sub?.id ?? '',
      reason: 'too_expensive',
      comment: 'Money is tight this year',
    });
    expect(left.statusCode).toBe(303);
    expect((await driver.customerOf(leaving)).subscriptions.data[0]?.cancel_at_period_end).toBe(true);

    const portal2 = await driver.portal(staying);
    const page2 = await t.app.inject({ method: 'GET', url: portal2 });
    const digest = /name="offer" value="([^"]+)"/.exec(page2.body)?.[1] ?? '';
    const sub2 = (await driver.customerOf(staying)).subscriptions.data[0];
    // A digest that is not the page's changes nothing.
    const stale = await driver.post(portal2, {
      action: 'offer',
      subscription: sub2?.id ?? '',
      offer: 'stale',
    });
    expect(stale.statusCode).toBe(400);
    expect((await driver.customerOf(staying)).subscriptions.data[0]?.next_charge?.amount).toBe(2999);
    const took = await driver.post(portal2, {
      action: 'offer',
      subscription: sub2?.id ?? '',
      reason: 'unused',
      offer: digest,
    });
    expect(took.statusCode).toBe(303);
    const after = (await driver.customerOf(staying)).subscriptions.data[0];
    expect(after).toMatchObject({ cancel_at_period_end: false, next_charge: { amount: 1499 } });
    expect((await driver.mailTo(staying)).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/your discount is on$/),
    );

    const { body } = await call('adminCancellationReasons', 'GET', `${base}/cancellation-reasons`);
    const month = new Date().toISOString().slice(0, 7);
    expect(body.counts).toEqual(
      expect.arrayContaining([
        { month, reason: 'too_expensive', outcome: 'cancelled', count: 1 },
        { month, reason: 'unused', outcome: 'offerTaken', count: 1 },
      ]),
    );
    const shown = await call('adminGetMember', 'GET', `${base}/members/${leaving.id}`);
    expect((shown.body.member as { cancellationReasons: unknown[] }).cancellationReasons).toEqual([
      expect.objectContaining({
        reason: 'too_expensive',
        comment: 'Money is tight this year',
        offer: 'coupon',
        outcome: 'cancelled',
      }),
    ]);
  });

  it('a month’s pause: open until the period ends, nothing charged inside, resumed with the stated charge', async () => {
    await setRetention({ pauseMonths: [1], cancelOffer: null });
    const member = await createMember(t.context, { hadTrial: true });
    await driver.subscribe(member, MONTHLY);
    const portal = await driver.portal(member);
    const page = await t.app.inject({ method: 'GET', url: portal });
    const [, value, amount, date] =
      /name="pause" value="([^"]+)" data-amount="(\d+)" data-date="([^"]+)"/.exec(page.body) ?? [];
    const before = (await driver.customerOf(member)).subscriptions.data[0];
    expect(before?.status).toBe('active');
    const res = await driver.post(portal, {
      action: 'pause',
      subscription: before?.id ?? '',
      pause: value ?? '',
    });
    expect(res.statusCode).toBe(303);
    const planned = (await driver.customerOf(member)).subscriptions.data[0];
    expect(planned?.pause).toEqual({ starts_at: before?.current_period_end, resumes_at: date });
    expect(planned?.next_charge).toMatchObject({ amount: Number(amount), date });
    expect((await driver.mailTo(member)).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/your membership is paused$/),
    );
    // Past the period's end: paused, nothing charged.
    await driver.advance(member, 31);
    expect((await driver.customerOf(member)).subscriptions.data[0]?.status).toBe('paused');
    const paidBefore = await t.context.db.select().from(charges).where(eq(charges.userId, member.id));
    expect(paidBefore).toHaveLength(1);
    // Past its end: resumed with the charge stated, at the date stated.
    await driver.advance(member, 31);
    const resumed = (await driver.customerOf(member)).subscriptions.data[0];
    expect(resumed).toMatchObject({ status: 'active', pause: null });
    const paid = await t.context.db.select().from(charges).where(eq(charges.userId, member.id));
    expect(paid.map((c) => c.amount)).toEqual([2999, Number(amount)]);
    expect(paid[1]?.createdAt.toISOString()).toBe(date);
    expect((await driver.mailTo(member)).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/your membership has resumed$/),
    );
  });
});
