import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toUserView } from '../../server/accounts/member-view.ts';
import { charges } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { expectContract } from './contract.ts';
import { createMember, userRow } from './fixtures.ts';
import {
  appOnStripeWebhooks,
  deliver,
  id,
  invoiceEvent,
  now,
  recordedEvents,
  subscriptionEvent,
  subscriptionRow,
  t,
} from './webhooks.fixtures.ts';

appOnStripeWebhooks();

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
    const renewal = (amount: number) =>
      invoiceEvent('invoice.paid', {
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
