// The subscription's life on the test clock: trials that end, renewals, declined renewals and their
// retries, the end of a cancelled period; and each event applied once, only as the lifecycle allows.

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import {
  advance,
  billingApp,
  customerOf,
  mailTo,
  portal,
  post,
  processor,
  subscribe,
  t,
} from './billing.fixtures.ts';
import { createMember, userRow } from './fixtures.ts';
import { CARD, FAILS_LATER } from './hosted-pages.ts';

billingApp();

describe('the test clock', () => {
  it('sends the trial reminder, then charges the first period at the trial end, with a receipt', async () => {
    const member = await createMember(t.context);
    await subscribe(member, 'demo-trainer-price-monthly');
    expect((await mailTo(member)).map((m) => m.subject)).toEqual([
      'Coach Rivera Fitness: your free trial has started',
    ]);

    await advance(member, 5);
    expect((await mailTo(member)).map((m) => m.subject)).toContain(
      'Coach Rivera Fitness: your free trial ends in 3 days',
    );
    expect((await customerOf(member)).charges).toHaveLength(0);

    const result = await advance(member, 3);
    expect(result.events).toEqual(['customer.subscription.updated', 'invoice.paid']);
    const customer = await customerOf(member);
    expect(customer.subscriptions.data[0]?.status).toBe('active');
    expect(customer.charges.map((c) => c.amount)).toEqual([2999]);
    const receipt = (await mailTo(member)).find((m) => m.subject.endsWith('your receipt'));
    expect(receipt?.text).toContain('Amount paid: $29.99');
    expect(receipt?.text).toContain('Visa •••• 4242');
    expect(receipt?.html).toMatch(/<p [^>]*>Amount paid: \$29\.99<\/p>/);
    expect(receipt?.links[0]?.url).toBe('http://site.test/profile/purchases');
  });

  it('renews each period: a year of a monthly plan is twelve charges after the trial', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly');
    await advance(member, 366);
    const customer = await customerOf(member);
    expect(customer.charges).toHaveLength(13);
    expect(new Set(customer.charges.map((c) => c.amount))).toEqual(new Set([2999]));
    expect((await mailTo(member)).filter((m) => m.subject.endsWith('your receipt'))).toHaveLength(13);
  });

  it('declines renewals on 4000 0000 0000 0341: past due, retried on days 3, 5 and 7, then cancelled', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly', FAILS_LATER);
    expect((await customerOf(member)).charges).toHaveLength(1);

    await advance(member, 31);
    let [sub] = (await customerOf(member)).subscriptions.data;
    expect(sub?.status).toBe('past_due');
    const failed = (await mailTo(member)).filter((m) => m.subject.endsWith('your payment failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]?.text).toContain('We will try again on');
    expect(failed[0]?.links[0]?.url).toBe('http://site.test/profile/subscription');

    await advance(member, 10);
    [sub] = (await customerOf(member)).subscriptions.data;
    expect(sub?.status).toBe('canceled');
    const subjects = (await mailTo(member)).map((m) => m.subject);
    expect(subjects.filter((s) => s.endsWith('your payment failed'))).toHaveLength(4);
    expect(subjects.filter((s) => s.endsWith('your subscription has ended'))).toHaveLength(1);
    expect((await customerOf(member)).charges).toHaveLength(1);
  });

  it('pays what is due at once when a past-due member saves a working card', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly', FAILS_LATER);
    await advance(member, 31);
    const path = await portal(member);
    const [sub] = (await customerOf(member)).subscriptions.data;
    const res = await post(path, { action: 'card', subscription: sub?.id ?? '', ...CARD });
    expect(res.statusCode).toBe(303);
    const customer = await customerOf(member);
    expect(customer.subscriptions.data[0]).toMatchObject({
      status: 'active',
      payment_method: 'Visa •••• 4242',
    });
    expect(customer.charges.map((c) => c.amount)).toEqual([2999, 2999]);
  });

  it('ends a subscription cancelled at period end when the period ends, and emails both', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-weekly');
    const path = await portal(member);
    const [sub] = (await customerOf(member)).subscriptions.data;
    expect((await post(path, { action: 'cancel', subscription: sub?.id ?? '' })).statusCode).toBe(303);
    await advance(member, 8);
    expect((await customerOf(member)).subscriptions.data[0]?.status).toBe('canceled');
    expect((await customerOf(member)).charges).toHaveLength(1);
    const subjects = (await mailTo(member)).map((m) => m.subject);
    expect(subjects).toContain('Coach Rivera Fitness: your subscription has been cancelled');
    expect(subjects).toContain('Coach Rivera Fitness: your subscription has ended');
  });

  it('moves a member by POST /dev/clock, and answers bad input with 400', async () => {
    const member = await createMember(t.context);
    await subscribe(member, 'demo-trainer-price-weekly');
    const user = await userRow(t.context, member.id);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { email: user.email, days: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { email: 'nobody@example.test', trainerId: DEMO_TRAINER_ID, days: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { email: user.email.toUpperCase(), trainerId: DEMO_TRAINER_ID, days: 8 },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { events: string[] }).events).toContain('invoice.paid');
  });
});

describe('events are applied once, and only as the lifecycle allows', () => {
  it('records one charge and one receipt for the same renewal delivered 10 times at once', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly');
    const [sub] = (await customerOf(member)).subscriptions.data;
    const renewal = {
      id: `evt_renewal_${member.id}`,
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `in_renewal_${member.id}`,
          amount_paid: 2999,
          billing_reason: 'subscription_cycle',
          parent: {
            subscription_details: {
              subscription: sub?.id,
              metadata: {
                trainerId: DEMO_TRAINER_ID,
                userId: member.id,
                priceIds: 'demo-trainer-price-monthly',
              },
            },
          },
        },
      },
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => processor.process(renewal)));
    expect(results.filter((r) => r === 'processed')).toHaveLength(1);
    const rows = await t.context.db
      .select()
      .from(charges)
      .where(and(eq(charges.userId, member.id), eq(charges.id, `in_renewal_${member.id}`)));
    expect(rows).toHaveLength(1);
    expect((await mailTo(member)).filter((m) => m.subject.endsWith('your receipt'))).toHaveLength(2);
  });

  it('never makes a canceled subscription active again', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-weekly');
    const [sub] = (await customerOf(member)).subscriptions.data;
    const event = (type: string, status: string, created: number) => ({
      id: `evt_${type}_${status}_${member.id}`,
      type,
      created,
      data: {
        object: {
          id: sub?.id,
          status,
          cancel_at_period_end: false,
          current_period_end: created + 7 * 86400,
          metadata: { trainerId: DEMO_TRAINER_ID, userId: member.id, priceIds: 'demo-trainer-price-weekly' },
        },
      },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(await processor.process(event('customer.subscription.deleted', 'canceled', now + 10))).toBe(
      'processed',
    );
    expect(await processor.process(event('customer.subscription.updated', 'active', now + 20))).toBe(
      'ignored',
    );
    expect((await customerOf(member)).subscriptions.data[0]?.status).toBe('canceled');
  });
});
