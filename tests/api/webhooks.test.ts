import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUserView } from '../../server/accounts/member-view.ts';
import {
  charges,
  checkoutSessions,
  emailOutbox,
  prices,
  subscriptions,
  webhookEvents,
} from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember, userRow } from './fixtures.ts';
import type { Member } from './members.ts';

const WEBHOOK_SECRET = 'whsec_webhooktests';
const stripe = new Stripe('sk_test_signing_only');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Nothing here calls Stripe: a closed port makes any call fail loudly.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    },
  });
  await seedTrainer(t.context.db, { id: 'other-trainer', name: 'Other Trainer' });
});
afterAll(() => t.close());

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function deliver(event: object, options: { secret?: string; timestamp?: number; tamper?: boolean } = {}) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: options.tamper ? payload.replace('"active"', '"canceled"') : payload,
  });
}

function subscriptionEvent(
  member: Member,
  input: {
    type?: string;
    subscriptionId: string;
    created: number;
    status?: string;
    cancel?: boolean;
    priceId?: string;
  },
) {
  return {
    id: id('evt'),
    object: 'event',
    type: input.type ?? 'customer.subscription.created',
    created: input.created,
    data: {
      object: {
        id: input.subscriptionId,
        object: 'subscription',
        customer: 'cus_test',
        status: input.status ?? 'active',
        cancel_at_period_end: input.cancel ?? false,
        trial_end: null,
        items: { data: [{ current_period_end: input.created + 7 * 86400 }] },
        metadata: {
          trainerId: member.trainerId,
          userId: member.id,
          priceIds: input.priceId ?? 'demo-trainer-price-weekly',
        },
      },
    },
  };
}

async function recordedEvents(eventId: string) {
  return t.context.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
}

async function subscriptionRow(subscriptionId: string) {
  const [row] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row;
}

describe('Stripe webhook', () => {
  it('records a signed subscription event in the member customer view', async () => {
    const member = await createMember(t.context);
    const res = await deliver(subscriptionEvent(member, { subscriptionId: id('sub'), created: now() }));
    expect(res.statusCode).toBe(200);
    expect(expectContract(res, 'stripeWebhook')).toEqual({ received: true });
    const view = await toUserView(t.context.db, await userRow(t.context, member.id), member.token);
    expect(view.customer.subscriptions.data[0]).toMatchObject({
      status: 'active',
      plan: { id: 'demo-trainer-price-weekly' },
    });
  });

  it.each([
    ['a wrong secret', { secret: 'whsec_someoneelse' }],
    ['a body changed after signing', { tamper: true }],
    ['a signature older than 300 s', { timestamp: now() - 301 }],
    ['a signature dated 10 minutes ahead', { timestamp: now() + 600 }],
  ])('refuses %s with 400 and changes nothing', async (_name, options) => {
    const member = await createMember(t.context);
    const event = subscriptionEvent(member, { subscriptionId: id('sub'), created: now() });
    const res = await deliver(event, options);
    expect(res.statusCode).toBe(400);
    expect((expectContract(res, 'stripeWebhook') as { message: string }).message).toMatch(/signature/);
    expect(await recordedEvents(event.id)).toHaveLength(0);
    expect(await subscriptionRow(event.data.object.id)).toBeUndefined();
  });

  it('refuses a missing signature header with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: { id: 'evt_x' } });
    expect(res.statusCode).toBe(400);
    expectContract(res, 'stripeWebhook');
  });

  it('records an event delivered 10 times concurrently once', async () => {
    const member = await createMember(t.context);
    const subscriptionId = id('sub');
    await deliver(subscriptionEvent(member, { subscriptionId, created: now() }));
    const invoice = {
      id: id('evt'),
      object: 'event',
      type: 'invoice.paid',
      created: now(),
      data: {
        object: {
          id: id('in'),
          object: 'invoice',
          amount_paid: 1499,
          billing_reason: 'subscription_cycle',
          parent: {
            subscription_details: {
              subscription: subscriptionId,
              metadata: {
                trainerId: member.trainerId,
                userId: member.id,
                priceIds: 'demo-trainer-price-weekly',
              },
            },
          },
        },
      },
    };
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(invoice)));
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expectContract(res, 'stripeWebhook');
    }
    expect(await recordedEvents(invoice.id)).toHaveLength(1);
    const rows = await t.context.db.select().from(charges).where(eq(charges.userId, member.id));
    expect(rows.map((c) => [c.amount, c.priceId])).toEqual([[1499, 'demo-trainer-price-weekly']]);
  });

  it('does not apply a redelivered event again', async () => {
    const member = await createMember(t.context);
    const subscriptionId = id('sub');
    const at = now();
    const cancel = subscriptionEvent(member, {
      type: 'customer.subscription.updated',
      subscriptionId,
      created: at,
      cancel: true,
    });
    const resume = subscriptionEvent(member, {
      type: 'customer.subscription.updated',
      subscriptionId,
      created: at,
    });
    for (const event of [cancel, resume, cancel]) {
      const res = await deliver(event);
      expect(res.statusCode).toBe(200);
      expectContract(res, 'stripeWebhook');
    }
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('records a renewal at what the provider charged, and refuses more than the plan costs', async () => {
    const member = await createMember(t.context);
    const renewal = (amount: number) => ({
      id: id('evt'),
      type: 'invoice.paid',
      created: now(),
      data: {
        object: {
          id: id('in'),
          amount_paid: amount,
          billing_reason: 'subscription_cycle',
          parent: {
            subscription_details: {
              metadata: {
                trainerId: member.trainerId,
                userId: member.id,
                priceIds: 'demo-trainer-price-annual',
              },
            },
          },
        },
      },
    });
    expect((await deliver(renewal(22499))).statusCode).toBe(200);
    expect((await deliver(renewal(24999 + 1))).statusCode).toBe(400);
    const rows = await t.context.db.select().from(charges).where(eq(charges.userId, member.id));
    expect(rows.map((c) => c.amount)).toEqual([22499]);
  });

  it('resolves out-of-order subscription updates by the event created time', async () => {
    const member = await createMember(t.context);
    const subscriptionId = id('sub');
    const t0 = now();
    const created = subscriptionEvent(member, { subscriptionId, created: t0 });
    const cancelled = subscriptionEvent(member, {
      type: 'customer.subscription.updated',
      subscriptionId,
      created: t0 + 60,
      cancel: true,
    });
    const ended = subscriptionEvent(member, {
      type: 'customer.subscription.deleted',
      subscriptionId,
      created: t0 + 120,
      status: 'canceled',
      cancel: true,
    });
    // Delivered newest first: each older event must lose.
    for (const event of [cancelled, created]) expect((await deliver(event)).statusCode).toBe(200);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect((await deliver(ended)).statusCode).toBe(200);
    expect((await deliver({ ...cancelled, id: id('evt') })).statusCode).toBe(200);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: true,
    });
  });

  it('refuses a price the trainer does not sell with 400 and records nothing', async () => {
    const member = await createMember(t.context);
    const event = subscriptionEvent(member, {
      subscriptionId: id('sub'),
      created: now(),
      priceId: 'other-trainer-price-weekly',
    });
    const res = await deliver(event);
    expect(res.statusCode).toBe(400);
    expect((expectContract(res, 'stripeWebhook') as { message: string }).message).toMatch(
      /Price other-trainer-price-weekly is not sold by trainer demo-trainer/,
    );
    expect(await recordedEvents(event.id)).toHaveLength(0);
    expect(await subscriptionRow(event.data.object.id)).toBeUndefined();
  });

  it("refuses an event naming another trainer's member with 400", async () => {
    const member = await createMember(t.context, { trainerId: 'other-trainer' });
    const event = subscriptionEvent(
      { ...member, trainerId: DEMO_TRAINER_ID },
      { subscriptionId: id('sub'), created: now() },
    );
    const res = await deliver(event);
    expect(res.statusCode).toBe(400);
    expectContract(res, 'stripeWebhook');
    expect(await subscriptionRow(event.data.object.id)).toBeUndefined();
  });

  it('refuses a malformed event with a clear 400', async () => {
    const member = await createMember(t.context);
    const event = subscriptionEvent(member, { subscriptionId: id('sub'), created: now() });
    const broken = { ...event, data: { object: { ...event.data.object, cancel_at_period_end: 'soon' } } };
    const res = await deliver(broken);
    expect(res.statusCode).toBe(400);
    expect((expectContract(res, 'stripeWebhook') as { message: string }).message).toMatch(
      /Invalid subscription: cancel_at_period_end/,
    );
    expect(await recordedEvents(event.id)).toHaveLength(0);
  });

  // 10000-01-01: a date JavaScript holds but PostgreSQL refuses, once as a 500.
  const YEAR_10000 = 253_402_300_800;
  it.each([
    ['the event', (e: ReturnType<typeof subscriptionEvent>) => ({ ...e, created: YEAR_10000 }), /created/],
    [
      'the period end',
      (e: ReturnType<typeof subscriptionEvent>) => ({
        ...e,
        data: { object: { ...e.data.object, items: { data: [{ current_period_end: YEAR_10000 }] } } },
      }),
      /current_period_end/,
    ],
    [
      'the trial end',
      (e: ReturnType<typeof subscriptionEvent>) => ({
        ...e,
        data: { object: { ...e.data.object, trial_end: YEAR_10000 } },
      }),
      /trial_end/,
    ],
  ])('refuses a signed event with %s dated past the year 9999 with a clear 400', async (_, date, field) => {
    const member = await createMember(t.context);
    const event = date(subscriptionEvent(member, { subscriptionId: id('sub'), created: now() }));
    const res = await deliver(event);
    expect(res.statusCode).toBe(400);
    const { message } = expectContract(res, 'stripeWebhook') as { message: string };
    expect(message).toMatch(field);
    expect(message).toMatch(/before the year 10000/);
    expect(await recordedEvents(event.id)).toHaveLength(0);
    expect(await subscriptionRow(event.data.object.id)).toBeUndefined();
  });

  it('acknowledges, without recording anything, a subscription created outside this API', async () => {
    const member = await createMember(t.context);
    const event = subscriptionEvent(member, { subscriptionId: id('sub'), created: now() });
    const foreign = { ...event, data: { object: { ...event.data.object, metadata: {} } } };
    const res = await deliver(foreign);
    expect(res.statusCode).toBe(200);
    expectContract(res, 'stripeWebhook');
    expect(await subscriptionRow(event.data.object.id)).toBeUndefined();
  });

  it('acknowledges an event type it does not act on, once', async () => {
    const event = {
      id: id('evt'),
      type: 'customer.created',
      created: now(),
      data: { object: { id: 'cus_x' } },
    };
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expectContract(res, 'stripeWebhook');
    expect(await recordedEvents(event.id)).toHaveLength(1);
  });
});

describe('Stripe webhook on a sandbox server', () => {
  it('answers 400: Stripe is not the gateway', async () => {
    const sandbox = await startTestApp();
    try {
      const res = await sandbox.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'stripe-signature': 't=1,v1=x' },
        payload: { id: 'evt_x' },
      });
      expect(res.statusCode).toBe(400);
      expect((expectContract(res, 'stripeWebhook') as { message: string }).message).toMatch(
        /not the payment gateway/,
      );
    } finally {
      await sandbox.close();
    }
  });
});

describe('Stripe events after checkout', () => {
  async function subscribed(member: Member, subscriptionId: string, status = 'active') {
    const created = now() - 100;
    expect((await deliver(subscriptionEvent(member, { subscriptionId, created, status }))).statusCode).toBe(
      200,
    );
    return created;
  }
  const invoiceParent = (member: Member, subscriptionId: string) => ({
    subscription_details: {
      subscription: subscriptionId,
      metadata: { trainerId: member.trainerId, userId: member.id, priceIds: 'demo-trainer-price-weekly' },
    },
  });
  async function mailSubjects(member: Member) {
    const user = await userRow(t.context, member.id);
    const rows = await t.context.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    return rows.map((r) => r.subject);
  }

  it('records a plan change made in the Billing Portal from the item price, not the checkout metadata', async () => {
    const member = await createMember(t.context);
    const subscriptionId = id('sub');
    const created = await subscribed(member, subscriptionId);
    await t.context.db
      .update(prices)
      .set({ gatewayPriceId: 'price_stripe_annual' })
      .where(eq(prices.id, 'demo-trainer-price-annual'));
    const update = subscriptionEvent(member, {
      type: 'customer.subscription.updated',
      subscriptionId,
      created: created + 10,
    });
    const changed = {
      ...update,
      data: {
        object: {
          ...update.data.object,
          items: {
            data: [{ current_period_end: created + 365 * 86400, price: { id: 'price_stripe_annual' } }],
          },
        },
      },
    };
    expect((await deliver(changed)).statusCode).toBe(200);
    const [sub] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(sub?.priceId).toBe('demo-trainer-price-annual');
    expect(await mailSubjects(member)).toContain('Coach Rivera Fitness: your plan has changed');
  });

  it('records a declined renewal and its next attempt from invoice.payment_failed, and emails the member', async () => {
    const member = await createMember(t.context);
    const subscriptionId = id('sub');
    await subscribed(member, subscriptionId);
    const retry = now() + 3 * 86400;
    const failed = {
      id: id('evt'),
      type: 'invoice.payment_failed',
      created: now(),
      data: {
        object: {
          id: id('in'),
          amount_due: 1499,
          attempt_count: 1,
          next_payment_attempt: retry,
          parent: invoiceParent(member, subscriptionId),
        },
      },
    };
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await deliver(failed)).statusCode).toBe(200);
    const [sub] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(sub).toMatchObject({ failedAttempts: 1, nextPaymentAttempt: new Date(retry * 1000) });
    expect((await mailSubjects(member)).filter((s) => s.endsWith('your payment failed'))).toHaveLength(1);
  });

  it.each([
    ['amount_due', { amount_due: 2 ** 31 }],
    ['attempt_count', { attempt_count: 2 ** 31 }],
  ])(
    'refuses a declined renewal whose %s is past what an amount can be with a clear 400',
    async (field, values) => {
      const member = await createMember(t.context);
      const subscriptionId = id('sub');
      await subscribed(member, subscriptionId);
      const failed = {
        id: id('evt'),
        type: 'invoice.payment_failed',
        created: now(),
        data: {
          object: {
            id: id('in'),
            amount_due: 1499,
            attempt_count: 1,
            next_payment_attempt: now() + 86400,
            parent: invoiceParent(member, subscriptionId),
            ...values,
          },
        },
      };
      const res = await deliver(failed);
      expect(res.statusCode).toBe(400);
      expect((expectContract(res, 'stripeWebhook') as { message: string }).message).toMatch(field);
      expect(await recordedEvents(failed.id)).toHaveLength(0);
    },
  );

  it('refuses a paid invoice whose lines add up past what an amount can be with a clear 400', async () => {
    const member = await createMember(t.context);
    const subscriptionId = id('sub');
    await subscribed(member, subscriptionId);
    const paid = {
      id: id('evt'),
      type: 'invoice.paid',
      created: now(),
      data: {
        object: {
          id: id('in'),
          amount_paid: 1499,
          billing_reason: 'subscription_cycle',
          lines: { data: [{ amount: 2 ** 31 - 1 }, { amount: 2 ** 31 - 1 }] },
          parent: invoiceParent(member, subscriptionId),
        },
      },
    };
    const res = await deliver(paid);
    expect(res.statusCode).toBe(400);
    expect((expectContract(res, 'stripeWebhook') as { message: string }).message).toMatch(/Invalid invoice/);
    expect(await recordedEvents(paid.id)).toHaveLength(0);
  });

  it('sends the trial reminder from customer.subscription.trial_will_end', async () => {
    const member = await createMember(t.context);
    const subscriptionId = id('sub');
    const created = await subscribed(member, subscriptionId, 'trialing');
    const reminder = subscriptionEvent(member, {
      type: 'customer.subscription.trial_will_end',
      subscriptionId,
      created: created + 5,
      status: 'trialing',
    });
    expect((await deliver(reminder)).statusCode).toBe(200);
    expect(await mailSubjects(member)).toContain('Coach Rivera Fitness: your free trial ends in 3 days');
  });

  it('marks the charge of a refunded invoice from charge.refunded', async () => {
    const member = await createMember(t.context);
    const subscriptionId = id('sub');
    await subscribed(member, subscriptionId);
    const invoiceId = id('in');
    const paid = {
      id: id('evt'),
      type: 'invoice.paid',
      created: now(),
      data: {
        object: {
          id: invoiceId,
          amount_paid: 1499,
          billing_reason: 'subscription_cycle',
          parent: invoiceParent(member, subscriptionId),
        },
      },
    };
    expect((await deliver(paid)).statusCode).toBe(200);
    const refunded = {
      id: id('evt'),
      type: 'charge.refunded',
      created: now(),
      data: { object: { id: id('ch'), invoice: invoiceId, refunded: true, amount_refunded: 1499 } },
    };
    expect((await deliver(refunded)).statusCode).toBe(200);
    const [charge] = await t.context.db.select().from(charges).where(eq(charges.id, invoiceId));
    expect(charge).toMatchObject({ amount: 1499, refunded: true });
  });

  it('refuses a second live subscription for a member with 409, and records nothing of it', async () => {
    const member = await createMember(t.context);
    await subscribed(member, id('sub'));
    const second = id('sub');
    const res = await deliver(subscriptionEvent(member, { subscriptionId: second, created: now() }));
    expect(res.statusCode).toBe(409);
    expect(await t.context.db.select().from(subscriptions).where(eq(subscriptions.id, second))).toHaveLength(
      0,
    );
  });
});

describe('Stripe unreachable', () => {
  it('answers 502 with the retry message and leaves no open checkout behind', async () => {
    const member = await createMember(t.context, { gatewayCustomerId: 'cus_existing' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/startGatewayStripeSession',
      headers: { token: member.token },
      payload: {
        prices: ['demo-trainer-price-monthly'],
        trainerID: DEMO_TRAINER_ID,
        route: '/',
        campaign: null,
      },
    });
    expect(res.statusCode).toBe(502);
    expect((expectContract(res, 'startCheckoutSession') as { message: string }).message).toBe(
      'The payment provider did not answer. Please try again in a moment.',
    );
    const rows = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, member.id));
    expect(rows.map((r) => r.status)).toEqual(['expired']);
  });
});
