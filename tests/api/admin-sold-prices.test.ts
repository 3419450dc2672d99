// The sold-price rule (decision 117): a sold price's amount is never edited; it is archived and a new
// one added, its buyers and the coupons limited to it kept, a checkout racing the change refused.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { updatePlan } from '../../server/admin/plans.ts';
import { startCheckout } from '../../server/checkout/start-checkout.ts';
import { checkoutSessions, prices, subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import type { PaymentGateway } from '../../server/payments/gateway.ts';
import { ACTOR, adminApp, auditRows, call, driver, plansUrl, publicPlanIds, t } from './admin.fixtures.ts';
import { createMember, userRow } from './fixtures.ts';

adminApp();

describe('plans', () => {
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
});
