import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, checkoutSessions, emailOutbox, prices, subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember, userRow } from './fixtures.ts';
import type { Member } from './members.ts';
import {
  appOnStripeWebhooks,
  deliver,
  id,
  invoiceEvent,
  now,
  recordedEvents,
  subscriptionEvent,
  t,
} from './webhooks.fixtures.ts';

appOnStripeWebhooks();

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
  /** Stripe's invoice.payment_failed for a declined renewal, `values` over its invoice. */
  const paymentFailed = (
    member: Member,
    subscriptionId: string,
    nextPaymentAttempt: number,
    values: Record<string, number> = {},
  ) =>
    invoiceEvent('invoice.payment_failed', {
      amount_due: 1499,
      attempt_count: 1,
      next_payment_attempt: nextPaymentAttempt,
      parent: invoiceParent(member, subscriptionId),
      ...values,
    });
  /** Stripe's invoice.paid for a renewal, `values` over its invoice. */
  const invoicePaid = (member: Member, subscriptionId: string, values: Record<string, unknown> = {}) =>
    invoiceEvent('invoice.paid', {
      amount_paid: 1499,
      billing_reason: 'subscription_cycle',
      parent: invoiceParent(member, subscriptionId),
      ...values,
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
    const failed = paymentFailed(member, subscriptionId, retry);
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
      const failed = paymentFailed(member, subscriptionId, now() + 86400, values);
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
    const paid = invoicePaid(member, subscriptionId, {
      lines: { data: [{ amount: 2 ** 31 - 1 }, { amount: 2 ** 31 - 1 }] },
    });
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
    const paid = invoicePaid(member, subscriptionId, { id: invoiceId });
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
