// Coupons through the admin API (decision 117): added, listed with their redemptions, archived, each
// change audited; and checkout, the one place that decides whether a coupon may be used, honouring
// what the operator set (the prices it applies to, its maximum redemptions, its archiving).
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.ts';
import { adminAudit } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, CARD } from './hosted-pages.ts';
import { TEST_ENV } from './members.ts';

const TOKEN = 'coupon-admin-token-long-enough-0123456789';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Ana' };
const url = `/api/admin/trainers/${DEMO_TRAINER_ID}/coupons`;
const MONTHLY = `${DEMO_TRAINER_ID}-price-monthly`;
const WEEKLY = `${DEMO_TRAINER_ID}-price-weekly`;

let t: TestApp;
const driver = billingDriver(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
  await seedTrainer(t.context.db, { id: 'other-trainer', name: 'Other' });
});
afterAll(() => t.close());

const call = adminCalls(() => t, headers);

const add = (payload: object) => call('adminAddCoupon', 'POST', url, payload);

async function checkout(coupon: string, price: string) {
  const member = await createMember(t.context);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/user/startGatewayStripeSession?coupon=${coupon}`,
    headers: { token: member.token },
    payload: { trainerID: DEMO_TRAINER_ID, route: '/', campaign: null, prices: [price] },
  });
  return { res, member };
}

describe('coupons', () => {
  it('adds a coupon with its limits, lists it with no redemptions yet, and audits it', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const { res, body } = await add({
      code: 'SPRING20',
      percentOff: 20,
      duration: 'repeating',
      durationInMonths: 3,
      expiresAt,
      maxRedemptions: 1,
      priceIds: [MONTHLY],
    });
    expect(res.statusCode).toBe(201);
    expect(body.coupon).toMatchObject({
      code: 'SPRING20',
      percentOff: 20,
      amountOff: null,
      currency: null,
      duration: 'repeating',
      durationInMonths: 3,
      expiresAt,
      maxRedemptions: 1,
      priceIds: [MONTHLY],
      archived: false,
      redemptions: 0,
    });
    const listed = await call('adminListCoupons', 'GET', url);
    expect((listed.body.coupons as { code: string }[]).map((c) => c.code)).toContain('SPRING20');
    const [row] = await t.context.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'adminAddCoupon'))
      .orderBy(asc(adminAudit.createdAt));
    expect(row).toMatchObject({ actor: 'Ana', trainerId: DEMO_TRAINER_ID, before: null, after: body.coupon });
  });

  it('takes an amount off in the trainer’s currency unless told another', async () => {
    const { body } = await add({ code: 'FIVEOFF', amountOff: 500, duration: 'once' });
    expect(body.coupon).toMatchObject({ amountOff: 500, currency: 'usd', percentOff: null });
  });

  it('refuses a coupon that could not work as written, with what to fix, and adds nothing', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const cases: [object, number, string | RegExp][] = [
      [{ code: 'A1', duration: 'once' }, 400, 'A coupon takes percentOff or amountOff: one of the two'],
      [
        { code: 'A2', duration: 'once', percentOff: 10, amountOff: 100 },
        400,
        'A coupon takes percentOff or amountOff: one of the two',
      ],
      [
        { code: 'A3', duration: 'once', percentOff: 10, currency: 'usd' },
        400,
        'A percentage off has no currency: leave currency out',
      ],
      [
        { code: 'A4', duration: 'repeating', percentOff: 10 },
        400,
        'durationInMonths goes with a repeating coupon, and only with one',
      ],
      [
        { code: 'A5', duration: 'forever', percentOff: 10, durationInMonths: 2 },
        400,
        'durationInMonths goes with a repeating coupon, and only with one',
      ],
      [
        { code: 'A6', duration: 'once', percentOff: 10, expiresAt: past },
        400,
        'expiresAt must be in the future',
      ],
      [{ code: 'A7', duration: 'once', percentOff: 101 }, 400, /^The percentage off must be at most 100\.$/],
      [
        { code: 'A8', duration: 'once', percentOff: 10, expiresAt: 'tomorrow' },
        400,
        /^The expiry date must be a date and time, such as 2027-01-31T23:59:59Z\.$/,
      ],
      [
        { code: 'A9', duration: 'once', percentOff: 10, priceIds: ['other-trainer-price-monthly'] },
        400,
        `Trainer ${DEMO_TRAINER_ID} has no price other-trainer-price-monthly`,
      ],
      [
        { code: 'spring20', duration: 'once', percentOff: 10 },
        409,
        `Trainer ${DEMO_TRAINER_ID} already has a coupon spring20`,
      ],
    ];
    const before = (await call('adminListCoupons', 'GET', url)).body.coupons as unknown[];
    for (const [payload, status, message] of cases) {
      const { res, body } = await add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
    }
    expect((await call('adminListCoupons', 'GET', url)).body.coupons).toHaveLength(before.length);
  });

  it('is refused by checkout on a price it does not apply to, and once used up', async () => {
    const wrongPrice = await checkout('SPRING20', WEEKLY);
    expect(wrongPrice.res.statusCode).toBe(400);
    expect(wrongPrice.res.json().message).toBe('The coupon SPRING20 does not apply to this plan');

    // Paid through the sandbox's hosted page: the one redemption the coupon allows.
    await driver.subscribe(await createMember(t.context), MONTHLY, CARD, 'spring20');
    const listed = (await call('adminListCoupons', 'GET', url)).body.coupons as {
      code: string;
      redemptions: number;
    }[];
    expect(listed.find((c) => c.code === 'SPRING20')?.redemptions).toBe(1);

    const usedUp = await checkout('SPRING20', MONTHLY);
    expect(usedUp.res.statusCode).toBe(400);
    expect(usedUp.res.json().message).toBe('The coupon SPRING20 has been used up');
  });

  it('archives a coupon: checkout no longer takes it, and a second archive is refused', async () => {
    const { body } = await add({ code: 'GONE10', percentOff: 10, duration: 'forever' });
    const id = (body.coupon as { id: string }).id;
    expect((await checkout('GONE10', WEEKLY)).res.statusCode).toBe(201);
    const archived = await call('adminArchiveCoupon', 'POST', `${url}/${id}/archive`);
    expect(archived.res.statusCode).toBe(200);
    expect(archived.body.coupon).toMatchObject({ id, archived: true });
    const refused = await checkout('GONE10', WEEKLY);
    expect(refused.res.statusCode).toBe(400);
    expect(refused.res.json().message).toBe('Unknown or expired coupon code GONE10');
    const again = await call('adminArchiveCoupon', 'POST', `${url}/${id}/archive`);
    expect(again.res.statusCode).toBe(409);
    const elsewhere = await call(
      'adminArchiveCoupon',
      'POST',
      `/api/admin/trainers/other-trainer/coupons/${id}/archive`,
    );
    expect(elsewhere.res.statusCode).toBe(404);
    const unknown = await call('adminArchiveCoupon', 'POST', `${url}/${newId('coupon')}/archive`);
    expect(unknown.res.statusCode).toBe(404);
  });
});
