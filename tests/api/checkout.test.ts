import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, coupons, prices } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import type { Member } from './members.ts';

let t: TestApp;
let member: Member;
const OTHER = 'other-trainer';

beforeAll(async () => {
  t = await startTestApp();
  await seedTrainer(t.context.db, { id: OTHER, name: 'Other Trainer' });
  member = await createMember(t.context);
});
afterAll(() => t.close());

function start(token: string | undefined, body: Record<string, unknown>, coupon?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/user/startGatewayStripeSession${coupon === undefined ? '' : `?coupon=${encodeURIComponent(coupon)}`}`,
    headers: token ? { token } : {},
    payload: { trainerID: DEMO_TRAINER_ID, route: '/', campaign: null, ...body },
  });
}

async function sessionOf(url: string) {
  const id = url.split('/').pop() ?? '';
  const [row] = await t.context.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

describe('start checkout session (sandbox gateway)', () => {
  it('answers 201 with the hosted sandbox checkout page and records the session with the price trial', async () => {
    const res = await start(member.token, { prices: ['demo-trainer-price-monthly'], campaign: 'spring' });
    expect(res.statusCode).toBe(201);
    const body = expectContract(res, 'startCheckoutSession') as { url: string };
    expect(body.url).toMatch(/^http:\/\/site\.test\/sandbox\/checkout\/cs_[\w-]+$/);
    const row = await sessionOf(body.url);
    expect(row).toMatchObject({
      userId: member.id,
      trainerId: DEMO_TRAINER_ID,
      gateway: 'sandbox',
      priceIds: ['demo-trainer-price-monthly'],
      trialDays: 7,
      campaign: 'spring',
      status: 'open',
      route: '/',
    });
  });

  it('gives no trial to a member who already had one', async () => {
    const veteran = await createMember(t.context, { hadTrial: true });
    const res = await start(veteran.token, { prices: ['demo-trainer-price-annual'] });
    const body = expectContract(res, 'startCheckoutSession') as { url: string };
    expect((await sessionOf(body.url))?.trialDays).toBe(0);
  });

  it('keeps the route for the confirmation URL, and accepts a coupon code in any case', async () => {
    const res = await start(
      member.token,
      { prices: ['demo-trainer-price-challenge'], route: '/challenge/30-day-shred' },
      'welcome10',
    );
    const body = expectContract(res, 'startCheckoutSession') as { url: string };
    const row = await sessionOf(body.url);
    expect(row?.route).toBe('/challenge/30-day-shred');
    expect(row?.couponId).toBe('demo-trainer-coupon-welcome');
    expect(row?.trialDays).toBe(0);
  });

  it.each([
    ['an unknown price', { prices: ['no-such-price'] }, undefined, /Unknown price no-such-price/],
    [
      "another trainer's price",
      { prices: [`${OTHER}-price-monthly`] },
      undefined,
      /Unknown price other-trainer-price-monthly/,
    ],
    [
      'a subscription mixed with a one-time product',
      { prices: ['demo-trainer-price-monthly', 'demo-trainer-price-challenge'] },
      undefined,
      /cannot be bought in the same checkout/,
    ],
    [
      'two subscription plans',
      { prices: ['demo-trainer-price-monthly', 'demo-trainer-price-annual'] },
      undefined,
      /Only one subscription plan/,
    ],
    [
      'a price listed twice',
      { prices: ['demo-trainer-price-course', 'demo-trainer-price-course'] },
      undefined,
      /only once/,
    ],
    [
      'an unknown coupon',
      { prices: ['demo-trainer-price-monthly'] },
      'NOPE',
      /Unknown or expired coupon code NOPE/,
    ],
    [
      "another trainer's coupon code",
      { prices: ['demo-trainer-price-monthly'] },
      'OTHER5',
      /Unknown or expired coupon/,
    ],
    [
      'a route that leaves the site',
      { prices: ['demo-trainer-price-monthly'], route: '//evil.test' },
      undefined,
      /route/,
    ],
    [
      'a route without a leading slash',
      { prices: ['demo-trainer-price-monthly'], route: '@evil.test' },
      undefined,
      /route/,
    ],
    [
      'unknown fields',
      { prices: ['demo-trainer-price-monthly'], amount: 1 },
      undefined,
      /“amount” is not something this request takes/,
    ],
  ])('refuses %s with 400 and records nothing', async (_name, body, coupon, message) => {
    if (coupon === 'OTHER5') {
      await t.context.db
        .insert(coupons)
        .values({ id: 'other-coupon', trainerId: OTHER, code: 'OTHER5', percentOff: 5 })
        .onConflictDoNothing();
    }
    const before = await t.context.db.select().from(checkoutSessions);
    const res = await start(member.token, body, coupon);
    expect(res.statusCode).toBe(400);
    expect((expectContract(res, 'startCheckoutSession') as { message: string }).message).toMatch(message);
    expect(await t.context.db.select().from(checkoutSessions)).toHaveLength(before.length);
  });

  it('refuses an inactive price and an inactive coupon', async () => {
    await t.context.db.update(prices).set({ active: false }).where(eq(prices.id, 'demo-trainer-price-daily'));
    const inactivePrice = await start(member.token, { prices: ['demo-trainer-price-daily'] });
    expect(inactivePrice.statusCode).toBe(400);
    expectContract(inactivePrice, 'startCheckoutSession');
    await t.context.db.insert(coupons).values({
      id: 'old',
      trainerId: DEMO_TRAINER_ID,
      code: 'OLD',
      percentOff: 50,
      expiresAt: new Date(Date.now() - 1000),
    });
    const expired = await start(member.token, { prices: ['demo-trainer-price-weekly'] }, 'OLD');
    expect(expired.statusCode).toBe(400);
    expectContract(expired, 'startCheckoutSession');
  });

  it('refuses a caller without a valid token with 401', async () => {
    const res = await start(undefined, { prices: ['demo-trainer-price-monthly'] });
    expect(res.statusCode).toBe(401);
    expectContract(res, 'startCheckoutSession');
    const bad = await start('not-a-token', { prices: ['demo-trainer-price-monthly'] });
    expect(bad.statusCode).toBe(401);
    expectContract(bad, 'startCheckoutSession');
  });

  it("refuses a member of one trainer buying on another trainer's site with 403", async () => {
    const res = await start(member.token, { prices: [`${OTHER}-price-monthly`], trainerID: OTHER });
    expect(res.statusCode).toBe(403);
    expectContract(res, 'startCheckoutSession');
  });
});

describe('checkout and email verification', () => {
  const VERIFY_FIRST = 'Please verify your email before proceeding to checkout';

  it('refuses an unverified member with 403 while the site setting is on, and records no session', async () => {
    const unverified = await createMember(t.context, { emailVerified: false });
    const res = await start(unverified.token, { prices: ['demo-trainer-price-monthly'] });
    expect(res.statusCode).toBe(403);
    expect(expectContract(res, 'startCheckoutSession')).toMatchObject({ message: VERIFY_FIRST });
    const rows = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, unverified.id));
    expect(rows).toEqual([]);
  });

  it('lets an unverified member check out when the site does not verify emails', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'content-'));
    try {
      await cp('content', dir, { recursive: true });
      const file = path.join(dir, 'production.ndjson');
      const docs = (await readFile(file, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .map((doc) => (doc._type === 'settings' ? { ...doc, enableEmailVerification: false } : doc));
      await writeFile(file, `${docs.map((doc) => JSON.stringify(doc)).join('\n')}\n`);
      const off = await startTestApp({ env: { CONTENT_DIR: dir } });
      try {
        const unverified = await createMember(off.context, { emailVerified: false });
        const res = await off.app.inject({
          method: 'POST',
          url: '/api/user/startGatewayStripeSession',
          headers: { token: unverified.token },
          payload: {
            trainerID: DEMO_TRAINER_ID,
            route: '/',
            campaign: null,
            prices: ['demo-trainer-price-monthly'],
          },
        });
        expect(res.statusCode).toBe(201);
        expectContract(res, 'startCheckoutSession');
      } finally {
        await off.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('open billing portal (sandbox gateway)', () => {
  function portal(token: string, body: Record<string, unknown> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/openGatewayStripePortal',
      headers: { token },
      payload: { trainerID: DEMO_TRAINER_ID, ...body },
    });
  }

  it('answers 404 to a member who has no billing account yet', async () => {
    const res = await portal(member.token);
    expect(res.statusCode).toBe(404);
    expectContract(res, 'openBillingPortal');
  });

  it("answers 201 with the sandbox portal page for the caller's own customer", async () => {
    const customer = await createMember(t.context, { gatewayCustomerId: 'cus_sandbox_1' });
    const res = await portal(customer.token);
    expect(res.statusCode).toBe(201);
    const body = expectContract(res, 'openBillingPortal') as { url: string };
    expect(body.url).toMatch(/^http:\/\/site\.test\/sandbox\/portal\/bps_[\w-]+$/);
    const row = await sessionOf(body.url);
    expect(row).toMatchObject({ kind: 'portal', userId: customer.id, route: '/profile/subscription' });
  });

  it("answers 404 for another trainer's site and 400 for a route that leaves the site", async () => {
    const customer = await createMember(t.context, { gatewayCustomerId: 'cus_sandbox_2' });
    const other = await portal(customer.token, { trainerID: OTHER });
    expect(other.statusCode).toBe(404);
    expectContract(other, 'openBillingPortal');
    const evil = await portal(customer.token, { route: 'https://evil.test' });
    expect(evil.statusCode).toBe(400);
    expectContract(evil, 'openBillingPortal');
  });
});
