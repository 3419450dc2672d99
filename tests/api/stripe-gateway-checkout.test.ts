// What the Stripe gateway asks of Stripe at checkout, tested against the local stub: the session's
// mode, amounts, trial, coupon and tax, the member's customer, a subscriber sent to the portal.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions, subscriptions, trainers } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { expectContract } from './contract.ts';
import { createMember, userRow } from './fixtures.ts';
import { appOnGatewayStub, requests, start, stubbed, t } from './stripe-gateway.fixtures.ts';

appOnGatewayStub();

describe('Stripe checkout sessions', () => {
  it('creates a subscription-mode session in flexible billing mode with database amounts, the trial, the coupon, metadata, locale and an idempotency key', async () => {
    const member = await createMember(t.context, { locale: 'es' });
    const res = await start(member.token, ['demo-trainer-price-monthly'], {
      coupon: 'WELCOME10',
      campaign: 'spring',
    });
    expect(res.statusCode).toBe(201);
    expect(expectContract(res, 'startCheckoutSession')).toEqual({
      success: true,
      url: 'https://checkout.stripe.test/cs_test_stub',
    });
    // The member's one customer is created first, once, and every checkout is made for it.
    expect(requests.map((r) => r.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
    expect(requests[0]?.headers['idempotency-key']).toBe(`customer-${member.id}`);
    expect(requests[0]?.form).toMatchObject({
      email: (await userRow(t.context, member.id)).email,
      'metadata[userId]': member.id,
    });
    const [, request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe('Bearer sk_test_offline');
    expect(request?.headers['idempotency-key']).toMatch(/^checkout-cs_/);
    expect(request?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '2999',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '1',
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '7',
      // The mode whose proration the billing engine quotes (decision 132).
      'subscription_data[billing_mode][type]': 'flexible',
      'subscription_data[metadata][userId]': member.id,
      'subscription_data[metadata][priceIds]': 'demo-trainer-price-monthly',
      'metadata[trainerId]': DEMO_TRAINER_ID,
      'metadata[userId]': member.id,
      'metadata[campaign]': 'spring',
      'metadata[priceIds]': 'demo-trainer-price-monthly',
      'discounts[0][coupon]': 'demo-trainer-coupon-welcome',
      locale: 'es',
      // The site's brand, as far as Stripe takes it (decision 148): the demo's #e8590c reads at
      // 3.6:1 under white text, so the button is it darkened by 12% (0xe8 × 0.88 = 0xcc, 0x59 → 0x4e,
      // 0x0c → 0x0b), the first step that reaches 4.5:1, as on the site.
      'branding_settings[display_name]': 'Coach Rivera Fitness',
      'branding_settings[button_color]': '#cc4e0b',
      'branding_settings[border_style]': 'rounded',
      customer: 'cus_test_stub',
      success_url: 'http://site.test/confirmation',
      cancel_url: 'http://site.test/',
    });
    const [row] = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, member.id));
    expect(row).toMatchObject({ gateway: 'stripe', gatewaySessionId: 'cs_test_stub', trialDays: 7 });
    expect((await userRow(t.context, member.id)).gatewayCustomerId).toBe('cus_test_stub');
    expect(request?.headers['idempotency-key']).toBe(`checkout-${row?.id}`);
    // The demo's icon is an SVG this site serves, which Stripe does not take: no icon rather than a refusal.
    expect(
      Object.keys(request?.form ?? {}).filter((key) => key.startsWith('branding_settings[icon]')),
    ).toEqual([]);
  });

  it('sends no trial for a member who already had one', async () => {
    const member = await createMember(t.context, { hadTrial: true, gatewayCustomerId: 'cus_known' });
    await start(member.token, ['demo-trainer-price-annual']);
    const form = requests[0]?.form ?? {};
    expect(form['subscription_data[trial_period_days]']).toBeUndefined();
    expect(form.customer).toBe('cus_known');
  });

  it('creates a payment-mode session for a one-time product, with the route in the success URL', async () => {
    const member = await createMember(t.context);
    await start(member.token, ['demo-trainer-price-challenge'], { route: '/challenge/30-day-shred' });
    expect(requests[1]?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '4900',
      'payment_intent_data[metadata][priceIds]': 'demo-trainer-price-challenge',
      customer: 'cus_test_stub',
      success_url: 'http://site.test/challenge/30-day-shred/confirmation',
      cancel_url: 'http://site.test/challenge/30-day-shred',
    });
    expect(requests[1]?.form['line_items[0][price_data][recurring][interval]']).toBeUndefined();
  });

  it('asks Stripe Tax to compute the tax and collect a tax id where the trainer collects tax, and not otherwise', async () => {
    const setTax = (tax: typeof trainers.$inferSelect.tax) =>
      t.context.db.update(trainers).set({ tax }).where(eq(trainers.id, DEMO_TRAINER_ID));
    await setTax({ mode: 'inclusive', rates: { DE: 1900 } });
    try {
      const member = await createMember(t.context, { hadTrial: true, gatewayCustomerId: 'cus_taxed' });
      expect((await start(member.token, ['demo-trainer-price-annual'])).statusCode).toBe(201);
      expect(requests.at(-1)?.form).toMatchObject({
        'automatic_tax[enabled]': 'true',
        'tax_id_collection[enabled]': 'true',
        // Checkout saves the address and the business name it asks for on the member's customer.
        'customer_update[address]': 'auto',
        'customer_update[name]': 'auto',
        'line_items[0][price_data][tax_behavior]': 'inclusive',
        'line_items[0][price_data][unit_amount]': '24999',
      });
    } finally {
      await setTax(null);
    }
    requests.length = 0;
    const untaxed = await createMember(t.context, { hadTrial: true, gatewayCustomerId: 'cus_untaxed' });
    expect((await start(untaxed.token, ['demo-trainer-price-annual'])).statusCode).toBe(201);
    const form = requests.at(-1)?.form ?? {};
    expect(Object.keys(form).filter((key) => /tax|customer_update/.test(key))).toEqual([]);
  });

  it("reuses the member's customer, and expires an older open subscription checkout at Stripe", async () => {
    const member = await createMember(t.context, { gatewayCustomerId: 'cus_known' });
    await start(member.token, ['demo-trainer-price-monthly']);
    await start(member.token, ['demo-trainer-price-annual']);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/checkout/sessions',
      'POST /v1/checkout/sessions/cs_test_stub/expire',
      'POST /v1/checkout/sessions',
    ]);
    expect(
      requests.every(
        (r) => r.method !== 'POST' || r.path !== '/v1/checkout/sessions' || r.form.customer === 'cus_known',
      ),
    ).toBe(true);
    const rows = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, member.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['expired', 'open']);
  });

  it('sends a subscriber who picks another plan to the Billing Portal to confirm the change, never to a second checkout', async () => {
    const member = await createMember(t.context, { hadTrial: true, gatewayCustomerId: 'cus_sub' });
    const now = new Date();
    await t.context.db.insert(subscriptions).values({
      id: 'sub_stripe_live',
      trainerId: DEMO_TRAINER_ID,
      userId: member.id,
      priceId: 'demo-trainer-price-monthly',
      status: 'active',
      currentPeriodEnd: new Date(now.getTime() + 20 * 86_400_000),
      lastEventAt: now,
    });
    const res = await start(member.token, ['demo-trainer-price-annual'], { route: '/' });
    expect(res.statusCode).toBe(201);
    expect(expectContract(res, 'startCheckoutSession')).toEqual({
      success: true,
      url: 'https://billing.stripe.test/bps',
    });
    expect(requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /v1/subscriptions/sub_stripe_live',
      'GET /v1/prices',
      'POST /v1/prices',
      'POST /v1/billing_portal/sessions',
    ]);
    expect(requests[2]?.form).toMatchObject({
      unit_amount: '24999',
      currency: 'usd',
      'recurring[interval]': 'year',
      'metadata[priceId]': 'demo-trainer-price-annual',
    });
    expect(requests[3]?.form).toMatchObject({
      customer: 'cus_sub',
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][subscription]': 'sub_stripe_live',
      'flow_data[subscription_update_confirm][items][0][id]': 'si_test_stub',
      'flow_data[subscription_update_confirm][items][0][price]': 'price_test_stub',
      'flow_data[after_completion][type]': 'redirect',
      'flow_data[after_completion][redirect][return_url]': 'http://site.test/confirmation',
    });
    expect(requests.some((r) => r.path === '/v1/checkout/sessions')).toBe(false);
  });

  /** A member whose live Stripe subscription is on the annual plan. */
  async function annualSubscriber(id: string) {
    const member = await createMember(t.context, { hadTrial: true, gatewayCustomerId: `cus_${id}` });
    await t.context.db.insert(subscriptions).values({
      id,
      trainerId: DEMO_TRAINER_ID,
      userId: member.id,
      priceId: 'demo-trainer-price-annual',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 200 * 86_400_000),
      lastEventAt: new Date(),
    });
    return member;
  }

  it('keeps the plan a subscriber chooses again: the portal’s schedule released, the cancellation undone', async () => {
    const member = await annualSubscriber('sub_stripe_keep');
    stubbed.subscriptionState = { schedule: 'sub_sched_down', cancel_at_period_end: true };
    const res = await start(member.token, ['demo-trainer-price-annual']);
    expect(res.statusCode).toBe(201);
    expect(expectContract(res, 'startCheckoutSession')).toEqual({
      success: true,
      url: 'http://site.test/confirmation',
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_stripe_keep',
      'POST /v1/subscription_schedules/sub_sched_down/release',
      'POST /v1/subscriptions/sub_stripe_keep',
    ]);
    expect(requests[2]?.form).toEqual({ cancel_at_period_end: 'false' });
    expect(requests[1]?.headers['idempotency-key']).toMatch(/^keep-sub_stripe_keep-\d+-release$/);
    expect(requests[2]?.headers['idempotency-key']).toMatch(/^keep-sub_stripe_keep-\d+$/);
  });

  it('refuses the plan a subscriber already has with nothing scheduled at Stripe, asking nothing more', async () => {
    const member = await annualSubscriber('sub_stripe_same');
    const res = await start(member.token, ['demo-trainer-price-annual']);
    expect(res.statusCode).toBe(409);
    expectContract(res, 'startCheckoutSession');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/subscriptions/sub_stripe_same']);
  });

  it('never calls Stripe for a price the trainer does not sell', async () => {
    const member = await createMember(t.context);
    const res = await start(member.token, ['other-trainer-price-monthly']);
    expect(res.statusCode).toBe(400);
    expectContract(res, 'startCheckoutSession');
    expect(requests).toHaveLength(0);
  });
});
