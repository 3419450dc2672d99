// Coupons kept in step with Stripe (decision 122), against the local Stripe stub: an added coupon is
// a Stripe coupon of the same id and terms, an archived one is deleted there; a retried call
// converges instead of failing or duplicating; and when Stripe fails, the answer says so and the
// database is as it was.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { couponId } from '../../server/admin/coupons.ts';
import { adminAudit, coupons } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import type { OperationId } from '../../server/http/contract.ts';
import type { TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { adminAppOnStripeStub } from './stripe-app.ts';
import type { StripeStub } from './stripe-stub.ts';

const TOKEN = 'stripe-coupon-admin-token-long-enough-0123';
const KEY = 'sk_test_couponsync';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Ana' };
const url = `/api/admin/trainers/${DEMO_TRAINER_ID}/coupons`;

let t: TestApp;
let stripe: StripeStub;
adminAppOnStripeStub({ key: KEY, adminToken: TOKEN, webhookSecret: 'whsec_couponsync' }, (app, stub) => {
  t = app;
  stripe = stub;
});
beforeEach(() => stripe.reset([KEY]));

const request = adminCalls(() => t, headers);
const call = (op: OperationId, path: string, payload?: object) =>
  request(op, op === 'adminListCoupons' ? 'GET' : 'POST', path, payload);
const add = (payload: object) => call('adminAddCoupon', url, payload);
const archive = (id: string) => call('adminArchiveCoupon', `${url}/${id}/archive`);
const couponRow = async (id: string) =>
  (await t.context.db.select().from(coupons).where(eq(coupons.id, id)))[0];
/** A percent-off coupon Stripe already has under `id`, as its API keeps one. */
const stripeHasPercentCoupon = (id: string, percentOff: number, duration: 'once' | 'forever') =>
  stripe.coupons.set(id, {
    id,
    object: 'coupon',
    percent_off: percentOff,
    amount_off: null,
    currency: null,
    duration,
    duration_in_months: null,
  });
const couponPosts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/coupons');

describe('adding a coupon on a Stripe site', () => {
  it('creates the Stripe coupon with the same id and terms, with an idempotency key, then the row', async () => {
    const { res, body } = await add({
      code: 'Sync20',
      percentOff: 20,
      duration: 'repeating',
      durationInMonths: 3,
    });
    expect(res.statusCode).toBe(201);
    const id = (body.coupon as { id: string }).id;
    expect(id).toBe(couponId(DEMO_TRAINER_ID, 'sync20'));
    expect(stripe.coupons.get(id)).toMatchObject({
      id,
      name: 'Sync20',
      percent_off: 20,
      amount_off: null,
      duration: 'repeating',
      duration_in_months: 3,
      metadata: { trainerId: DEMO_TRAINER_ID, code: 'Sync20' },
    });
    const [post] = couponPosts();
    expect(post?.headers['idempotency-key']).toMatch(new RegExp(`^coupon-${id}-[\\w-]{16}$`));
    expect(await couponRow(id)).toMatchObject({ active: true, percentOff: 20 });
  });

  it('gives Stripe the same amount and currency the row has', async () => {
    const { body } = await add({ code: 'FIVE-EUR', amountOff: 550, currency: 'eur', duration: 'once' });
    const coupon = body.coupon as { id: string; amountOff: number; currency: string };
    expect(stripe.coupons.get(coupon.id)).toMatchObject({
      amount_off: 550,
      currency: 'eur',
      percent_off: null,
    });
    expect(coupon).toMatchObject({ amountOff: 550, currency: 'eur' });
  });

  it('survives a lost answer: the SDK retries with the same key and Stripe replays, one coupon made', async () => {
    stripe.fail('POST', /^\/v1\/coupons$/, 'lose-answer');
    const { res, body } = await add({ code: 'LOST10', percentOff: 10, duration: 'once' });
    expect(res.statusCode).toBe(201);
    const posts = couponPosts();
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers['idempotency-key']).toBe(posts[0]?.headers['idempotency-key']);
    expect([...stripe.coupons.keys()]).toEqual([(body.coupon as { id: string }).id]);
  });

  it('takes a Stripe coupon already there with the same terms as its own: a retried add succeeds', async () => {
    const id = couponId(DEMO_TRAINER_ID, 'AGAIN15');
    // What an earlier attempt left when its database step failed after Stripe's.
    stripeHasPercentCoupon(id, 15, 'forever');
    const { res, body } = await add({ code: 'again15', percentOff: 15, duration: 'forever' });
    expect(res.statusCode).toBe(201);
    expect(body.coupon).toMatchObject({ id, code: 'again15' });
    expect(await couponRow(id)).toBeDefined();
  });

  it('refuses when Stripe has the id with other terms, saying which, and adds nothing', async () => {
    const id = couponId(DEMO_TRAINER_ID, 'CLASH');
    stripeHasPercentCoupon(id, 50, 'once');
    const { res, body } = await add({ code: 'CLASH', percentOff: 25, duration: 'once' });
    expect(res.statusCode).toBe(409);
    expect(body.message).toBe(
      `Stripe already has a coupon ${id} with other terms (percent_off 50 in Stripe, 25 here), so nothing ` +
        "was added: delete that coupon in Stripe's dashboard, or add this one under another code",
    );
    expect(await couponRow(id)).toBeUndefined();
    expect(stripe.coupons.get(id)).toMatchObject({ percent_off: 50 });
  });

  it('answers 502 with Stripe’s reason when Stripe fails, and neither the row nor an audit is written', async () => {
    stripe.fail(
      'POST',
      /^\/v1\/coupons$/,
      { status: 500, error: { type: 'api_error', message: 'Stripe is down' } },
      2,
    );
    const { res, body } = await add({ code: 'DOWN10', percentOff: 10, duration: 'once' });
    expect(res.statusCode).toBe(502);
    const id = couponId(DEMO_TRAINER_ID, 'DOWN10');
    expect(body.message).toBe(
      `Stripe did not create coupon ${id}: Stripe is down. Nothing was added; try again`,
    );
    expect(await couponRow(id)).toBeUndefined();
    const audits = await t.context.db.select().from(adminAudit).where(eq(adminAudit.subject, id));
    expect(audits).toEqual([]);
    // Once Stripe is back, the same call goes through.
    expect((await add({ code: 'DOWN10', percentOff: 10, duration: 'once' })).res.statusCode).toBe(201);
    expect(stripe.coupons.has(id)).toBe(true);
  });

  it('asks Stripe nothing for a code the trainer already has', async () => {
    await add({ code: 'TWICE', percentOff: 10, duration: 'once' });
    stripe.requests.length = 0;
    const { res } = await add({ code: 'twice', percentOff: 30, duration: 'once' });
    expect(res.statusCode).toBe(409);
    expect(stripe.requests).toEqual([]);
  });
});

describe('archiving a coupon on a Stripe site', () => {
  it('deletes the Stripe coupon, then archives the row', async () => {
    const { body } = await add({ code: 'BYE10', percentOff: 10, duration: 'once' });
    const id = (body.coupon as { id: string }).id;
    const { res } = await archive(id);
    expect(res.statusCode).toBe(200);
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/coupons/${id}` });
    expect(stripe.coupons.has(id)).toBe(false);
    expect(await couponRow(id)).toMatchObject({ active: false });
  });

  it('archives a coupon Stripe no longer has (a retried archive, or one never made there)', async () => {
    const { body } = await add({ code: 'GONE', percentOff: 10, duration: 'once' });
    const id = (body.coupon as { id: string }).id;
    stripe.coupons.delete(id);
    const { res } = await archive(id);
    expect(res.statusCode).toBe(200);
    expect(await couponRow(id)).toMatchObject({ active: false });
  });

  it('answers 502 when Stripe fails, and the coupon stays active here and in Stripe', async () => {
    const { body } = await add({ code: 'STAY', percentOff: 10, duration: 'once' });
    const id = (body.coupon as { id: string }).id;
    stripe.fail(
      'DELETE',
      /^\/v1\/coupons\//,
      { status: 500, error: { type: 'api_error', message: 'Stripe is down' } },
      2,
    );
    const { res, body: refused } = await archive(id);
    expect(res.statusCode).toBe(502);
    expect(refused.message).toBe(
      `Stripe did not delete coupon ${id}: Stripe is down. The coupon is not archived; try again`,
    );
    expect(await couponRow(id)).toMatchObject({ active: true });
    expect(stripe.coupons.has(id)).toBe(true);
  });

  it('asks Stripe nothing for a coupon already archived or unknown', async () => {
    const { body } = await add({ code: 'DONE', percentOff: 10, duration: 'once' });
    const id = (body.coupon as { id: string }).id;
    await archive(id);
    stripe.requests.length = 0;
    expect((await archive(id)).res.statusCode).toBe(409);
    expect((await archive('coupon_unknown')).res.statusCode).toBe(404);
    expect(stripe.requests).toEqual([]);
  });
});

describe('a catalogue file on a Stripe site', () => {
  const catalogueUrl = `/api/admin/trainers/${DEMO_TRAINER_ID}/catalogue`;
  const exported = async () =>
    (await t.app.inject({ method: 'GET', url: catalogueUrl, headers })).json().catalogue as {
      coupons: { code: string }[];
    };
  const importing = (catalogue: unknown) =>
    t.app.inject({ method: 'POST', url: catalogueUrl, headers, payload: { catalogue } });

  it('makes the coupons it adds in Stripe and deletes those it archives, as the coupon commands do', async () => {
    const file = await exported();
    const added = { code: 'FILE15', percentOff: 15, duration: 'once' };
    expect((await importing({ ...file, coupons: [...file.coupons, added] })).statusCode).toBe(200);
    const id = couponId(DEMO_TRAINER_ID, 'FILE15');
    expect(stripe.coupons.get(id)).toMatchObject({ id, percent_off: 15, duration: 'once' });
    expect(await couponRow(id)).toMatchObject({ active: true });

    expect((await importing(file)).statusCode).toBe(200);
    expect(stripe.coupons.has(id)).toBe(false);
    expect(await couponRow(id)).toMatchObject({ active: false });
  });

  it('changes nothing here when Stripe fails, and the same file goes through once Stripe is back', async () => {
    const file = await exported();
    const added = { code: 'FILEDOWN', percentOff: 5, duration: 'once' };
    stripe.fail('POST', /^\/v1\/coupons$/, { status: 500, error: { type: 'api_error', message: 'down' } }, 2);
    expect((await importing({ ...file, coupons: [...file.coupons, added] })).statusCode).toBe(502);
    const id = couponId(DEMO_TRAINER_ID, 'FILEDOWN');
    expect(await couponRow(id)).toBeUndefined();
    expect((await importing({ ...file, coupons: [...file.coupons, added] })).statusCode).toBe(200);
    expect(stripe.coupons.has(id)).toBe(true);
  });
});
