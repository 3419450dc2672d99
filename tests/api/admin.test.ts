// The operator's admin API (decision 117): off without ADMIN_TOKEN, the token and the actor it asks
// for, validation, the audit row of every change, the sold-price rule, and the public catalogue
// dropping an archived plan at once even though it is cached for CATALOGUE_MAX_AGE_SECONDS.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updatePlan } from '../../server/admin/plans.ts';
import { startCheckout } from '../../server/checkout/start-checkout.ts';
import { adminAudit, checkoutSessions, prices, subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { contractOperations, type OperationId } from '../../server/http/contract.ts';
import type { PaymentGateway } from '../../server/payments/gateway.ts';
import { closedAfterEach, startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember, userRow } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { TEST_ENV } from './members.ts';

const TOKEN = 'an-admin-token-long-enough-0123456789';
const ACTOR = 'Ana Operator';
const OTHER = 'other-trainer';
const headers = { 'admin-token': TOKEN, 'admin-actor': ACTOR };

const adminOperations = contractOperations().filter((op) =>
  (op.operation.tags as string[]).includes('admin'),
);

let t: TestApp;
const driver = billingDriver(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN, CATALOGUE_MAX_AGE_SECONDS: '300' } });
  await seedTrainer(t.context.db, { id: OTHER, name: 'Other Trainer' });
});
afterAll(() => t.close());

const call = adminCalls(() => t, headers);

const plansUrl = (trainer: string) => `/api/admin/trainers/${trainer}/plans`;
const auditRows = () =>
  t.context.db.select().from(adminAudit).orderBy(asc(adminAudit.createdAt), asc(adminAudit.id));

async function publicPlanIds(trainer = DEMO_TRAINER_ID): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/trainer/${trainer}/products` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { subscriptions: { plans: { id: string }[] }[] };
  return body.subscriptions.flatMap((s) => s.plans.map((p) => p.id));
}

describe('switched off', () => {
  const apps = closedAfterEach();
  it('answers 404 on every admin path without ADMIN_TOKEN, with a token or not, whatever the body', async () => {
    const off = await startTestApp({ env: TEST_ENV });
    apps.push(off);
    expect(adminOperations.map((op) => op.id).length).toBeGreaterThanOrEqual(6);
    for (const op of adminOperations) {
      const url = op.path.replace('{trainerID}', DEMO_TRAINER_ID).replace('{planID}', 'x');
      const res = await off.app.inject({ method: op.method as 'GET', url, headers, payload: { junk: 1 } });
      expect(res.statusCode, op.id).toBe(404);
      expect(res.json(), op.id).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('refuses to start with an ADMIN_TOKEN shorter than 32 characters, saying why', async () => {
    await expect(startTestApp({ env: { ADMIN_TOKEN: 'short-secret' } })).rejects.toThrow(
      /ADMIN_TOKEN: must be at least 32 characters/,
    );
  });

  it('limits the calls per client address, as the password calls are', async () => {
    const limited = await startTestApp({ env: { ADMIN_TOKEN: TOKEN, RATE_LIMIT_MAX: '3' } });
    apps.push(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.app.inject({
        method: 'GET',
        url: `/api/admin/trainers/${DEMO_TRAINER_ID}`,
        headers: { ...headers, 'admin-token': `wrong-${i}-${TOKEN}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('in production', () => {
  const apps = closedAfterEach();
  it('refuses plain HTTP with 403, and takes HTTPS as vouched for by a proxy named in TRUST_PROXY', async () => {
    const prod = await startTestApp({
      env: {
        ...TEST_ENV,
        NODE_ENV: 'production',
        PASSWORD_HASH_LOG2_COST: '17',
        STRIPE_SECRET_KEY: 'sk_test_admin',
        STRIPE_WEBHOOK_SECRET: 'whsec_admin',
        ADMIN_TOKEN: TOKEN,
        TRUST_PROXY: '10.0.0.1',
      },
    });
    apps.push(prod);
    const get = (remoteAddress: string, proto?: string) =>
      prod.app.inject({
        method: 'GET',
        url: `/api/admin/trainers/${DEMO_TRAINER_ID}`,
        remoteAddress,
        headers: { ...headers, ...(proto && { 'x-forwarded-proto': proto }) },
      });
    const plain = await get('10.0.0.1');
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({ success: false, message: 'The admin API answers only over HTTPS' });
    // A client that is not the proxy cannot claim HTTPS for itself.
    expect((await get('203.0.113.9', 'https')).statusCode).toBe(403);
    expect((await get('10.0.0.1', 'https')).statusCode).toBe(200);
  });
});

describe('the token', () => {
  it('answers 401 without it, or with a wrong one of any length, and 200 with it', async () => {
    const url = `/api/admin/trainers/${DEMO_TRAINER_ID}`;
    for (const token of [undefined, '', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.replace('a', 'b')]) {
      const { res, body } = await call('adminGetTrainer', 'GET', url, undefined, {
        'admin-actor': ACTOR,
        ...(token !== undefined && { 'admin-token': token }),
      });
      expect(res.statusCode, String(token)).toBe(401);
      expect(body.message).toBe('The admin token is missing or wrong');
    }
    const { res } = await call('adminGetTrainer', 'GET', url);
    expect(res.statusCode).toBe(200);
  });

  it('is not the member session token: a member cannot call the admin API', async () => {
    const member = await createMember(t.context);
    const { res } = await call(
      'adminGetTrainer',
      'GET',
      `/api/admin/trainers/${DEMO_TRAINER_ID}`,
      undefined,
      {
        token: member.token,
        'admin-actor': ACTOR,
      },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('trainers', () => {
  it('creates a trainer with its currency and default trial, shows it, and audits the creation', async () => {
    const before = (await auditRows()).length;
    const input = { id: 'coach-lola', name: 'Coach Lola', currency: 'eur', defaultTrialDays: 7 };
    const { res, body } = await call('adminCreateTrainer', 'POST', '/api/admin/trainers', input);
    expect(res.statusCode).toBe(201);
    // No invoicing details until the operator sets them (decision 154).
    const trainer = { ...input, legalName: null, address: null, taxId: null, tax: null };
    expect(body).toEqual({ success: true, trainer });
    const shown = await call('adminGetTrainer', 'GET', '/api/admin/trainers/coach-lola');
    expect(shown.body).toEqual({ success: true, trainer });
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      trainerId: 'coach-lola',
      actor: ACTOR,
      action: 'adminCreateTrainer',
      subject: 'coach-lola',
      before: null,
      after: input,
    });
    expect(rows.at(-1)?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses an id already taken (409) and an unknown trainer (404), changing nothing', async () => {
    const before = (await auditRows()).length;
    const taken = await call('adminCreateTrainer', 'POST', '/api/admin/trainers', {
      id: DEMO_TRAINER_ID,
      name: 'X',
    });
    expect(taken.res.statusCode).toBe(409);
    expect(taken.body.message).toBe(`A trainer with the id ${DEMO_TRAINER_ID} already exists`);
    const unknown = await call('adminGetTrainer', 'GET', '/api/admin/trainers/nobody-here');
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.message).toBe('Unknown trainer');
    expect(await auditRows()).toHaveLength(before);
  });

  it('answers 400 with a message naming the field for input the contract refuses, and writes nothing', async () => {
    const before = (await auditRows()).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { id: 'Bad Id', name: 'X' },
        /^The id is not in the form it takes: lower-case letters, digits and dashes, 3 to 64/,
      ],
      [{ id: 'fine-id', name: '' }, /^The name must not be empty\.$/],
      [
        { id: 'fine-id', name: 'X', currency: 'EUR' },
        /^The currency is not in the form it takes: a three-letter ISO 4217 code/,
      ],
      [{ id: 'fine-id', name: 'X', defaultTrialDays: -1 }, /^The default trial days must be at least 0\.$/],
      [{ id: 'fine-id', name: 'X', role: 'admin' }, /^“role” is not something this request takes\.$/],
    ];
    for (const [payload, message] of cases) {
      const { res, body } = await call('adminCreateTrainer', 'POST', '/api/admin/trainers', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body).toEqual({
        success: false,
        message: expect.stringMatching(message),
        errors: expect.any(Array),
      });
    }
    const noActor = await call(
      'adminCreateTrainer',
      'POST',
      '/api/admin/trainers',
      { id: 'fine-id', name: 'X' },
      {
        'admin-token': TOKEN,
      },
    );
    expect(noActor.res.statusCode).toBe(400);
    expect(noActor.body.message).toMatch(/^Give who makes the change \(admin-actor\)\.$/);
    expect(await auditRows()).toHaveLength(before);
    expect((await call('adminGetTrainer', 'GET', '/api/admin/trainers/fine-id')).res.statusCode).toBe(404);
  });
});

describe('plans', () => {
  it('lists every price of the trainer with its names per language, and only that trainer’s', async () => {
    const { body } = await call('adminListPlans', 'GET', plansUrl(DEMO_TRAINER_ID));
    const plans = body.plans as { id: string; nicknames: Record<string, string>; amount: number }[];
    // The demo seed: six recurring plans and three one-time prices.
    expect(plans).toHaveLength(9);
    expect(plans.every((p) => p.id.startsWith(`${DEMO_TRAINER_ID}-`))).toBe(true);
    expect(plans.find((p) => p.id === `${DEMO_TRAINER_ID}-price-weekly`)).toMatchObject({
      amount: 1499,
      nicknames: { en: 'Weekly', es: 'Semanal' },
      archived: false,
      sold: false,
    });
    const other = await call(
      'adminUpdatePlan',
      'PATCH',
      `${plansUrl(OTHER)}/${DEMO_TRAINER_ID}-price-weekly`,
      {
        amount: 1,
      },
    );
    expect(other.res.statusCode).toBe(404);
  });

  it('adds a plan in the trainer’s currency and trial, in the public catalogue at once', async () => {
    await publicPlanIds('coach-lola'); // cached for 300 s from here
    const { res, body } = await call('adminAddPlan', 'POST', plansUrl('coach-lola'), {
      interval: 'month',
      amount: 3900,
      nicknames: { en: 'Monthly', es: 'Mensual' },
    });
    expect(res.statusCode).toBe(201);
    const plan = body.plan as { id: string };
    expect(plan).toMatchObject({
      interval: 'month',
      intervalCount: 1,
      amount: 3900,
      currency: 'eur',
      trialDays: 7,
    });
    expect(plan).toMatchObject({ productName: 'Coach Lola', archived: false, sold: false });
    expect(await publicPlanIds('coach-lola')).toEqual([plan.id]);
    const row = (await auditRows()).at(-1);
    expect(row).toMatchObject({ action: 'adminAddPlan', subject: plan.id, before: null, after: plan });
  });

  it('changes an unsold price in place, auditing before and after', async () => {
    const id = `${DEMO_TRAINER_ID}-price-weekly`;
    const { res, body } = await call('adminUpdatePlan', 'PATCH', `${plansUrl(DEMO_TRAINER_ID)}/${id}`, {
      amount: 1599,
      nicknames: { en: 'Weekly', es: 'Semanal plus' },
    });
    expect(res.statusCode).toBe(200);
    expect(body.replaced).toBeUndefined();
    expect(body.plan).toMatchObject({ id, amount: 1599, nicknames: { en: 'Weekly', es: 'Semanal plus' } });
    const row = (await auditRows()).at(-1);
    expect(row).toMatchObject({ action: 'adminUpdatePlan', subject: id, actor: ACTOR });
    expect(row?.before).toMatchObject({ amount: 1499, nicknames: { es: 'Semanal' } });
    expect(row?.after).toMatchObject({ amount: 1599, nicknames: { es: 'Semanal plus' } });
  });

  it('never edits the amount of a sold price: archives it, adds a new one, and the buyer keeps the old', async () => {
    const id = `${DEMO_TRAINER_ID}-price-monthly`;
    const member = await createMember(t.context);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/user/startGatewayStripeSession',
      headers: { token: member.token },
      payload: { trainerID: DEMO_TRAINER_ID, route: '/', campaign: null, prices: [id] },
    });
    expect(checkout.statusCode).toBe(201);
    expect(await publicPlanIds()).toContain(id);

    const { res, body } = await call('adminUpdatePlan', 'PATCH', `${plansUrl(DEMO_TRAINER_ID)}/${id}`, {
      amount: 3499,
    });
    expect(res.statusCode).toBe(200);
    expect(body.replaced).toBe(id);
    const plan = body.plan as { id: string };
    expect(plan.id).not.toBe(id);
    expect(plan).toMatchObject({
      amount: 3499,
      interval: 'month',
      intervalCount: 1,
      trialDays: 7,
      archived: false,
    });
    expect(plan).toMatchObject({ nicknames: { en: 'Monthly', es: 'Mensual' }, sold: false });

    const [old] = await t.context.db.select().from(prices).where(eq(prices.id, id));
    expect(old).toMatchObject({ amount: 2999, active: false });
    const [session] = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, member.id));
    expect(session?.priceIds).toEqual([id]);
    const ids = await publicPlanIds();
    expect(ids).not.toContain(id);
    expect(ids).toContain(plan.id);
    const row = (await auditRows()).at(-1);
    expect(row).toMatchObject({ action: 'adminUpdatePlan', subject: id });
    expect(row?.before).toMatchObject({ id, amount: 2999, sold: true });
    expect(row?.after).toMatchObject({ id: plan.id, amount: 3499 });

    // Names and the trial of a sold price change in place.
    const rename = await call(
      'adminUpdatePlan',
      'PATCH',
      `${plansUrl(DEMO_TRAINER_ID)}/${DEMO_TRAINER_ID}-price-annual`,
      {
        trialDays: null,
      },
    );
    expect(rename.res.statusCode).toBe(200);
  });

  it('keeps a subscriber on the price they bought when its amount changes', async () => {
    const id = `${DEMO_TRAINER_ID}-price-quarterly`;
    const member = await createMember(t.context);
    await driver.subscribe(member, id);
    const listed = await call('adminListPlans', 'GET', plansUrl(DEMO_TRAINER_ID));
    expect((listed.body.plans as { id: string; sold: boolean }[]).find((p) => p.id === id)?.sold).toBe(true);

    const { body } = await call('adminUpdatePlan', 'PATCH', `${plansUrl(DEMO_TRAINER_ID)}/${id}`, {
      amount: 8999,
    });
    expect(body.replaced).toBe(id);
    const [subscription] = await t.context.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, member.id));
    expect(subscription?.priceId).toBe(id);
    // The member's view names the price they bought, at its amount, and so does their next charge.
    const customer = await driver.customerOf(member);
    expect(customer?.subscriptions.data[0]?.plan).toMatchObject({ id, amount: 7999, active: false });
    expect(customer?.subscriptions.data[0]?.next_charge?.amount).toBe(7999);
  });

  it('refuses a checkout whose price changed between its read and its record (409), recording nothing', async () => {
    const id = `${DEMO_TRAINER_ID}-price-biannual`;
    const member = await createMember(t.context);
    const { gateway } = t.context.payments;
    // The gateway's customer call falls between the checkout's first read of its prices and the
    // transaction that records it: the operator's change is made there.
    const interleaved: PaymentGateway = Object.create(gateway);
    interleaved.ensureCustomer = async () => {
      await updatePlan(t.context, { kind: 'admin', actor: ACTOR }, DEMO_TRAINER_ID, id, { amount: 15999 });
      return 'cus_interleaved';
    };
    const order = { priceIds: [id], couponCode: undefined, campaign: null, path: '/' };
    const user = await userRow(t.context, member.id);
    await expect(
      startCheckout(
        {
          db: t.context.db,
          gateway: interleaved,
          processor: t.context.payments.processor,
          publicUrl: 'http://site.test',
        },
        { tokenHash: 'x', user },
        order,
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: 'checkout.pricesChanged' });
    const sessions = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, member.id));
    expect(sessions).toEqual([]);
    // Asked again, it sells the price as it now is.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/startGatewayStripeSession',
      headers: { token: member.token },
      payload: { trainerID: DEMO_TRAINER_ID, route: '/', campaign: null, prices: [id] },
    });
    expect(again.statusCode).toBe(201);
  });

  it('moves a coupon limited to a sold price onto the price that replaces it, audited', async () => {
    const id = `${DEMO_TRAINER_ID}-price-annual`;
    const member = await createMember(t.context);
    await driver.subscribe(member, id);
    const added = await call('adminAddCoupon', 'POST', `/api/admin/trainers/${DEMO_TRAINER_ID}/coupons`, {
      code: 'MONTHLY5',
      percentOff: 5,
      duration: 'once',
      priceIds: [id],
    });
    const coupon = added.body.coupon as { id: string };
    const { body } = await call('adminUpdatePlan', 'PATCH', `${plansUrl(DEMO_TRAINER_ID)}/${id}`, {
      amount: 26999,
    });
    const replacement = (body.plan as { id: string }).id;
    expect(body.replaced).toBe(id);
    const listed = await call('adminListCoupons', 'GET', `/api/admin/trainers/${DEMO_TRAINER_ID}/coupons`);
    const found = (listed.body.coupons as { id: string; priceIds: string[] }[]).find(
      (c) => c.id === coupon.id,
    );
    expect(found?.priceIds).toEqual([id, replacement]);
    // Written in the plan's transaction, so at the same time as the plan's row: found by subject.
    const rows = (await auditRows()).filter((row) => row.subject === coupon.id);
    expect(rows.map((row) => row.action)).toEqual(['adminAddCoupon', 'adminUpdatePlan']);
  });

  it('archives a plan: gone from the cached public catalogue at once, and refused a second time', async () => {
    const id = `${DEMO_TRAINER_ID}-price-daily`;
    expect(await publicPlanIds()).toContain(id);
    const { res, body } = await call(
      'adminArchivePlan',
      'POST',
      `${plansUrl(DEMO_TRAINER_ID)}/${id}/archive`,
    );
    expect(res.statusCode).toBe(200);
    expect(body.plan).toMatchObject({ id, archived: true });
    expect(await publicPlanIds()).not.toContain(id);
    const again = await call('adminArchivePlan', 'POST', `${plansUrl(DEMO_TRAINER_ID)}/${id}/archive`);
    expect(again.res.statusCode).toBe(409);
    expect(again.body.message).toBe(`Plan ${id} is archived: add a new plan instead`);
    const change = await call('adminUpdatePlan', 'PATCH', `${plansUrl(DEMO_TRAINER_ID)}/${id}`, {
      amount: 1,
    });
    expect(change.res.statusCode).toBe(409);
  });

  it('refuses bad plan input with 400 and a clear message, and an unknown plan with 404', async () => {
    const url = plansUrl(DEMO_TRAINER_ID);
    const before = (await auditRows()).length;
    const cases: [OperationId, 'POST' | 'PATCH', string, unknown, RegExp][] = [
      [
        'adminAddPlan',
        'POST',
        url,
        { interval: 'month', amount: -1, nicknames: { en: 'X' } },
        /^The amount must be at least 0\.$/,
      ],
      [
        'adminAddPlan',
        'POST',
        url,
        { interval: 'fortnight', amount: 1, nicknames: { en: 'X' } },
        /^The billing interval must be one of: year, month, week, day\.$/,
      ],
      [
        'adminAddPlan',
        'POST',
        url,
        { interval: 'month', amount: 1, nicknames: { es: 'X' } },
        /^Give the names, in English\.$/,
      ],
      [
        'adminAddPlan',
        'POST',
        url,
        { interval: 'month', amount: '10', nicknames: { en: 'X' } },
        /^The amount must be a whole number\.$/,
      ],
      [
        'adminUpdatePlan',
        'PATCH',
        `${url}/${DEMO_TRAINER_ID}-price-annual`,
        {},
        /^The request must have at least one entry\.$/,
      ],
      [
        'adminUpdatePlan',
        'PATCH',
        `${url}/${DEMO_TRAINER_ID}-price-challenge`,
        { interval: 'month' },
        /one-time price/,
      ],
    ];
    for (const [op, method, path, payload, message] of cases) {
      const { res, body } = await call(op, method, path, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body.message).toMatch(message);
    }
    const unknown = await call('adminUpdatePlan', 'PATCH', `${url}/no-such-price`, { amount: 1 });
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.message).toBe(`Trainer ${DEMO_TRAINER_ID} has no plan no-such-price`);
    expect(await auditRows()).toHaveLength(before);
  });

  it('answers in Spanish when asked', async () => {
    const { body } = await call(
      'adminArchivePlan',
      'POST',
      `${plansUrl(DEMO_TRAINER_ID)}/nope/archive`,
      undefined,
      {
        ...headers,
        'accept-language': 'es',
      },
    );
    expect(body.message).toBe(`El entrenador ${DEMO_TRAINER_ID} no tiene el plan nope`);
  });
});
