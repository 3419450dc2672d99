// Manage My Subscription's own changes on the real server and the sandbox gateway (decision 162):
// the pauses offered with the charge that resumes each, a pause held to the quote the member read,
// its early end, and keeping a plan set to end. The dates are computed here from the plan's cycle
// (the demo's monthly plan: 29.99 USD, a 7-day trial the members below already had), never asked of
// the billing engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls, expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { PRICE } from './library-calls.ts';
import { type Member, TEST_ENV } from './members.ts';

const ADMIN = { 'admin-token': 'membership-changes-admin-token-0123456789', 'admin-actor': 'Tests' };
let t: TestApp;
const driver = billingDriver(() => t);
const admin = adminCalls(() => t, ADMIN);

beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: ADMIN['admin-token'] } });
});
afterAll(() => t.close());

const allow = async (pauseMonths: number[]) => {
  const url = `/api/admin/trainers/${DEMO_TRAINER_ID}/retention`;
  const { res } = await admin('adminSetRetention', 'PUT', url, { pauseMonths, cancelOffer: null });
  expect(res.statusCode, res.body).toBe(200);
};

type Options = { allowed: number[]; options: Option[] };
type Option = {
  months: number;
  starts_at: string;
  resumes_at: string;
  next_charge: { amount: number; currency: string; date: string };
  promise: string;
};

const call = (member: Member | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: member ? { token: member.token } : {},
    ...(payload && { payload }),
  });
const options = async (member: Member) => {
  const res = await call(member, 'GET', '/api/user/subscription/pause-options');
  return expectContract(res, 'getPauseOptions') as Options;
};
const pause = (member: Member, body: object) => call(member, 'POST', '/api/user/subscription/pause', body);
const resume = (member: Member) => call(member, 'POST', '/api/user/subscription/resume');
const keep = (member: Member) => call(member, 'POST', '/api/user/subscription/keep');
const live = async (member: Member) => (await driver.customerOf(member)).subscriptions.data[0];

/** The UTC day `n` calendar months after `from`, the day kept or clamped to the month's last. */
function dayMonthsAfter(from: string, n: number): string {
  const d = new Date(from);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + n;
  const last = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate();
  return new Date(Date.UTC(Math.floor(total / 12), total % 12, Math.min(d.getUTCDate(), last)))
    .toISOString()
    .slice(0, 10);
}

async function paidMonthly(): Promise<Member> {
  const member = await createMember(t.context, { hadTrial: true });
  await driver.subscribe(member, PRICE.monthly);
  expect((await live(member))?.status).toBe('active');
  return member;
}

describe('pausing from Manage My Subscription', () => {
  it('offers the lengths the trainer allows, each with the charge that resumes it', async () => {
    await allow([1, 3]);
    const member = await paidMonthly();
    const sub = await live(member);
    const anchor = sub?.created ?? '';
    const shown = await options(member);
    expect(shown.allowed).toEqual([1, 3]);
    // A pause begins at the end of the month paid for and resumes N renewals later, on the anchor's day.
    expect(shown.options.map((o) => [o.months, o.starts_at, o.resumes_at.slice(0, 10)])).toEqual([
      [1, sub?.current_period_end, dayMonthsAfter(anchor, 2)],
      [3, sub?.current_period_end, dayMonthsAfter(anchor, 4)],
    ]);
    for (const o of shown.options) {
      expect(o.next_charge).toEqual({ amount: 2999, currency: 'usd', date: o.resumes_at });
    }
  });

  it('refuses a length not allowed, a changed quote and a bad body, and changes nothing', async () => {
    await allow([1, 3]);
    const member = await paidMonthly();
    const [one] = (await options(member)).options;
    const notAllowed = await pause(member, { months: 2, promise: one?.promise });
    expect(notAllowed.statusCode).toBe(409);
    expect(expectContract(notAllowed, 'pauseSubscription')).toMatchObject({
      message: 'A pause of 2 months is not available for your subscription now.',
    });
    const changed = await pause(member, { months: 1, promise: 'a-quote-never-shown' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(/terms changed/);
    for (const body of [{ months: 4, promise: one?.promise }, { months: 1 }, { months: '1', promise: 'x' }]) {
      const bad = await pause(member, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await live(member))?.pause).toBeNull();
  });

  it('pauses as quoted: the view states the pause and the same next charge, and a second is not offered', async () => {
    await allow([1, 2, 3]);
    const member = await paidMonthly();
    const two = (await options(member)).options.find((o) => o.months === 2);
    const res = await pause(member, { months: 2, promise: two?.promise });
    expect(expectContract(res, 'pauseSubscription')).toEqual({ success: true, recorded: true });
    const sub = await live(member);
    expect(sub?.status).toBe('active');
    expect(sub?.pause).toEqual({ starts_at: two?.starts_at, resumes_at: two?.resumes_at });
    expect(sub?.next_charge).toEqual(two?.next_charge);
    const again = await options(member);
    expect(again.allowed).toEqual([1, 2, 3]);
    expect(again.options).toEqual([]);
    // The email says so, in the member's language.
    const mail = (await driver.mailTo(member)).map((m) => m.subject);
    expect(
      mail.some((s) => /pause/i.test(s)),
      mail.join(' | '),
    ).toBe(true);
  });

  it('resumes a pause under way early: nothing charged now, the next charge on the cycle’s next renewal', async () => {
    await allow([1, 2, 3]);
    const member = await paidMonthly();
    const anchor = (await live(member))?.created ?? '';
    const three = (await options(member)).options.find((o) => o.months === 3);
    expect((await pause(member, { months: 3, promise: three?.promise })).statusCode).toBe(200);
    await driver.advance(member, 32);
    expect((await live(member))?.status).toBe('paused');
    const chargesBefore = (await driver.customerOf(member)).charges.length;
    const res = await resume(member);
    expect(expectContract(res, 'resumeSubscription')).toEqual({ success: true, recorded: true });
    const sub = await live(member);
    expect(sub?.status).toBe('active');
    expect(sub?.pause).toBeNull();
    expect(sub?.next_charge?.amount).toBe(2999);
    expect(sub?.next_charge?.date.slice(0, 10)).toBe(dayMonthsAfter(anchor, 2));
    expect((await driver.customerOf(member)).charges.length).toBe(chargesBefore);
    const twice = await resume(member);
    expect(twice.statusCode).toBe(409);
    expect(expectContract(twice, 'resumeSubscription')).toMatchObject({
      message: 'Your membership has no pause to end.',
    });
    // Nothing was paid for the time left until that renewal, so a change to the weekly plan now has
    // nothing to credit: it charges the weekly price, 14.99, in full, at once.
    const change = await driver.start(member, [PRICE.weekly]);
    expect(change).toMatch(/\/change$/);
    expect((await driver.post(change)).statusCode).toBe(303);
    const charges = (await driver.customerOf(member)).charges;
    expect(charges.length).toBe(chargesBefore + 1);
    expect(charges.map((c) => c.amount)).toContain(1499);
    expect((await live(member))?.plan.id).toBe(PRICE.weekly);
  });

  it('calls off a pause not begun: the renewal is back at the period’s end', async () => {
    await allow([1]);
    const member = await paidMonthly();
    const before = await live(member);
    const [one] = (await options(member)).options;
    expect((await pause(member, { months: 1, promise: one?.promise })).statusCode).toBe(200);
    expect((await resume(member)).statusCode).toBe(200);
    const sub = await live(member);
    expect(sub?.pause).toBeNull();
    expect(sub?.next_charge).toEqual(before?.next_charge);
    expect(sub?.next_charge?.date).toBe(before?.current_period_end);
  });

  it('offers no pause during a trial, and none at all when the trainer allows none', async () => {
    await allow([1, 2]);
    const trialing = await createMember(t.context, { hadTrial: false });
    await driver.subscribe(trialing, PRICE.monthly);
    expect((await live(trialing))?.status).toBe('trialing');
    expect(await options(trialing)).toEqual({ success: true, allowed: [1, 2], options: [] });
    await allow([]);
    const member = await paidMonthly();
    expect(await options(member)).toEqual({ success: true, allowed: [], options: [] });
  });
});

describe('keeping a plan set to end', () => {
  it('withdraws a scheduled cancellation once; then there is nothing to keep', async () => {
    const member = await paidMonthly();
    const sub = await live(member);
    const portal = await driver.portal(member);
    expect((await driver.post(portal, { action: 'cancel', subscription: sub?.id ?? '' })).statusCode).toBe(
      303,
    );
    expect((await live(member))?.next_charge).toBeNull();
    const res = await keep(member);
    expect(expectContract(res, 'keepSubscription')).toEqual({ success: true, recorded: true });
    const kept = await live(member);
    expect(kept?.cancel_at_period_end).toBe(false);
    expect(kept?.next_charge).toEqual({ amount: 2999, currency: 'usd', date: sub?.current_period_end });
    const again = await keep(member);
    expect(again.statusCode).toBe(409);
    expect(expectContract(again, 'keepSubscription')).toMatchObject({
      message: 'Nothing is scheduled to end or change: your plan already renews as it is.',
    });
  });
});

describe('without a subscription or a session', () => {
  it('answers 404 to a member with none and 401 without a session', async () => {
    const member = await createMember(t.context);
    for (const res of [
      await call(member, 'GET', '/api/user/subscription/pause-options'),
      await pause(member, { months: 1, promise: 'x' }),
      await resume(member),
      await keep(member),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('You have no subscription to manage.');
    }
    const anonymous = await call(null, 'POST', '/api/user/subscription/resume');
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers in Spanish to a Spanish request', async () => {
    const member = await createMember(t.context);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/subscription/keep',
      headers: { token: member.token, 'accept-language': 'es' },
    });
    expect(res.json().message).toBe('No tienes ninguna suscripción que administrar.');
  });
});

describe('the trainer’s offer set by the operator', () => {
  it('sets a repeating coupon as the cancel offer and answers with its code', async () => {
    const base = `/api/admin/trainers/${DEMO_TRAINER_ID}`;
    const coupon = { code: 'STAY50', percentOff: 50, duration: 'repeating', durationInMonths: 2 };
    const added = await admin('adminAddCoupon', 'POST', `${base}/coupons`, coupon);
    expect(added.res.statusCode, added.res.body).toBe(201);
    const offer = { pauseMonths: [2, 1], cancelOffer: { kind: 'coupon', coupon: 'stay50' } };
    const { res, body } = await admin('adminSetRetention', 'PUT', `${base}/retention`, offer);
    expect(res.statusCode, res.body).toBe(200);
    expect(body.retention).toEqual({
      pauseMonths: [1, 2],
      cancelOffer: { kind: 'coupon', coupon: 'STAY50' },
    });
    await allow([]);
  });
});
