// The subscription's life after checkout, through the sandbox's hosted pages and test clock: plan
// changes through the one live subscription, trials that end, renewals, declined renewals and their
// retries, cancellation, refunds, coupon durations, and the emails each of these sends once.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, coupons, subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import type { PaymentProcessor } from '../../server/payments/processor.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember, userRow } from './fixtures.ts';
import { billingDriver, CARD, FAILS_LATER } from './hosted-pages.ts';
import { type Member, mailbox } from './members.ts';

let t: TestApp;
const billing = billingDriver(() => t);
const { start, post, subscribe, customerOf, mailTo, portal } = billing;
const advance = (member: Member, days: number) => billing.advance(member, days);
let processor: PaymentProcessor;
beforeAll(async () => {
  t = await startTestApp();
  processor = billing.processor();
});
afterAll(() => t.close());

async function liveCount(member: Member) {
  const rows = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  return rows.filter((r) => ['trialing', 'active', 'past_due', 'unpaid'].includes(r.status)).length;
}

describe('plan changes go through the one live subscription', () => {
  it('upgrades a monthly subscriber to annual on the change page: one subscription, the prorated charge, one email each', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly');
    const change = await start(member, ['demo-trainer-price-annual']);
    expect(change).toMatch(/^\/sandbox\/portal\/chg_[^/]+\/change$/);

    const page = await t.app.inject({ method: 'GET', url: change });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Membership: Monthly');
    expect(page.body).toContain('Membership: Annual');
    const total = /id="total" data-amount="(\d+)"[^>]*>\$([\d,.]+)</.exec(page.body);
    expect(total).not.toBeNull();
    // Just renewed: almost the whole month is credited against the year.
    const dueToday = Number(total?.[1]);
    expect(Math.round(Number(total?.[2]?.replace(',', '')) * 100)).toBe(dueToday);
    expect(dueToday).toBeGreaterThan(24999 - 2999 - 10);
    expect(dueToday).toBeLessThanOrEqual(24999 - 2999 + 10);

    const confirmed = await post(change);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('http://site.test/confirmation');
    expect((await post(change)).statusCode).toBe(409);

    const customer = await customerOf(member);
    expect(customer.subscriptions.data.map((s) => [s.plan.id, s.status])).toEqual([
      ['demo-trainer-price-annual', 'active'],
    ]);
    expect(customer.charges.map((c) => c.amount).sort((a, b) => a - b)).toEqual([2999, dueToday]);
    const subjects = (await mailTo(member)).map((m) => m.subject);
    expect(subjects.filter((s) => s.endsWith('your plan has changed'))).toHaveLength(1);
    expect(subjects.filter((s) => s.endsWith('your receipt'))).toHaveLength(2);
  });

  it('keeps a trial going through a plan change, charging nothing now', async () => {
    const member = await createMember(t.context);
    await subscribe(member, 'demo-trainer-price-monthly');
    const change = await start(member, ['demo-trainer-price-quarterly']);
    const page = await t.app.inject({ method: 'GET', url: change });
    expect(page.body).toMatch(/id="total" data-amount="0"[^>]*>\$0\.00</);
    expect(page.body).toContain('free trial goes on');
    expect((await post(change)).statusCode).toBe(303);
    const [sub] = (await customerOf(member)).subscriptions.data;
    expect(sub).toMatchObject({ status: 'trialing', plan: { id: 'demo-trainer-price-quarterly' } });
    expect((await customerOf(member)).charges).toHaveLength(0);
  });

  it('schedules a downgrade for the renewal instead of losing paid time', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-annual');
    const change = await start(member, ['demo-trainer-price-monthly']);
    const page = await t.app.inject({ method: 'GET', url: change });
    expect(page.body).toMatch(/id="total" data-amount="0"[^>]*>\$0\.00</);
    expect(page.body).toContain('starts when the current period ends');
    expect((await post(change)).statusCode).toBe(303);
    let [sub] = (await customerOf(member)).subscriptions.data;
    expect(sub).toMatchObject({
      plan: { id: 'demo-trainer-price-annual' },
      scheduled_plan: { id: 'demo-trainer-price-monthly' },
    });
    const changed = async () =>
      (await mailTo(member)).filter((m) => m.subject.endsWith('your plan has changed'));
    // Announced once, when it is scheduled, with the day it takes effect.
    const [announced] = await changed();
    expect(announced?.text).toMatch(
      /changes from Coaching Membership: Annual to Coaching Membership: Monthly on \w+ \d+, \d{4}\. Until then/,
    );

    await advance(member, 366);
    expect(await changed()).toHaveLength(1);
    [sub] = (await customerOf(member)).subscriptions.data;
    expect(sub).toMatchObject({
      status: 'active',
      plan: { id: 'demo-trainer-price-monthly' },
      scheduled_plan: null,
    });
    expect((await customerOf(member)).charges.map((c) => c.amount).sort((a, b) => a - b)).toEqual([
      2999, 24999,
    ]);
  });

  it('leaves one live subscription when one member starts and pays two checkouts at once', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const [a, b] = await Promise.all([
      start(member, ['demo-trainer-price-monthly']),
      start(member, ['demo-trainer-price-annual']),
    ]);
    const paid = await Promise.all([post(a ?? '', CARD), post(b ?? '', CARD)]);
    expect(paid.filter((r) => r.statusCode === 303)).toHaveLength(1);
    expect(await liveCount(member)).toBe(1);
    expect((await customerOf(member)).charges).toHaveLength(1);
  });

  it('refuses, at the database, a second live subscription for one member', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-weekly');
    const now = new Date();
    await expect(
      t.context.db.insert(subscriptions).values({
        id: 'sub_second_live',
        trainerId: DEMO_TRAINER_ID,
        userId: member.id,
        priceId: 'demo-trainer-price-monthly',
        status: 'active',
        currentPeriodEnd: now,
        lastEventAt: now,
      }),
    ).rejects.toThrow();
  });

  it('still sells one-time products to a subscriber through checkout', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly');
    const path = await start(member, ['demo-trainer-price-challenge']);
    expect(path).toMatch(/^\/sandbox\/checkout\//);
    expect((await post(path, CARD)).statusCode).toBe(303);
    expect((await customerOf(member)).charges.map((c) => c.amount).sort()).toEqual([2999, 4900]);
  });
});

describe('receipts', () => {
  // The plan names come from the demo catalogue's nicknames (server/db/seed.ts), per language.
  it.each([
    ['en', 'demo-trainer-price-weekly', 'your receipt', 'Plan: Weekly'],
    ['es', 'demo-trainer-price-weekly', 'tu recibo', 'Plan: Semanal'],
    ['es', 'demo-trainer-price-challenge', 'tu recibo', 'Plan: Reto Shred de 30 días'],
  ] as const)(
    'in %s, the receipt for %s ("%s") names the plan bought: "%s"',
    async (locale, priceId, subject, line) => {
      const member = await createMember(t.context, { hadTrial: true, locale });
      await subscribe(member, priceId);
      const { email } = await userRow(t.context, member.id);
      const receipts = (await mailbox(t.app)).filter((m) => m.to === email && m.subject.endsWith(subject));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]?.text).toContain(line);
      // The product alone would not tell the member which plan they pay for.
      expect(receipts[0]?.text).not.toContain('Coaching Membership');
    },
  );
});

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

describe('refunds', () => {
  it('marks a refunded challenge purchase, so the member can buy it again', async () => {
    const member = await createMember(t.context);
    expect((await post(await start(member, ['demo-trainer-price-challenge']), CARD)).statusCode).toBe(303);
    const path = await portal(member);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('30-Day Shred');
    const [charge] = (await customerOf(member)).charges;
    expect(charge).toMatchObject({ paid: true, refunded: false });
    expect((await post(path, { action: 'refund', charge: charge?.id ?? '' })).statusCode).toBe(303);
    expect((await customerOf(member)).charges[0]).toMatchObject({ paid: true, refunded: true, amount: 4900 });
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Refunded');
  });

  it("refuses to refund another member's charge from a portal", async () => {
    const buyer = await createMember(t.context);
    const other = await createMember(t.context, { gatewayCustomerId: 'cus_other' });
    expect((await post(await start(buyer, ['demo-trainer-price-challenge']), CARD)).statusCode).toBe(303);
    const [charge] = (await customerOf(buyer)).charges;
    await post(await portal(other), { action: 'refund', charge: charge?.id ?? '' });
    expect((await customerOf(buyer)).charges[0]?.refunded).toBe(false);
  });
});

describe('coupon durations', () => {
  async function coupon(code: string, duration: 'once' | 'repeating' | 'forever', months?: number) {
    await t.context.db.insert(coupons).values({
      id: `coupon-${code}`,
      trainerId: DEMO_TRAINER_ID,
      code,
      percentOff: 20,
      duration,
      durationInMonths: months ?? null,
    });
  }
  beforeAll(async () => {
    await coupon('ONCE20', 'once');
    await coupon('FOREVER20', 'forever');
    await coupon('THREEMONTHS20', 'repeating', 3);
  });

  async function chargesAfter(code: string, months: number) {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly', CARD, code);
    await advance(member, months * 31 - 10);
    const rows = await t.context.db
      .select()
      .from(charges)
      .where(and(eq(charges.userId, member.id), like(charges.description, '%')));
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((c) => c.amount);
  }

  it('takes a once coupon off the first charge only', async () => {
    expect(await chargesAfter('ONCE20', 3)).toEqual([2399, 2999, 2999]);
  });

  it('takes a forever coupon off every charge', async () => {
    expect(await chargesAfter('FOREVER20', 3)).toEqual([2399, 2399, 2399]);
  });

  it('takes a repeating coupon off the charges of its months, then charges the full price', async () => {
    expect(await chargesAfter('THREEMONTHS20', 5)).toEqual([2399, 2399, 2399, 2999, 2999]);
  });

  it('states on the checkout page what the clock will charge', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const page = await t.app.inject({
      method: 'GET',
      url: await start(member, ['demo-trainer-price-monthly'], 'THREEMONTHS20'),
    });
    expect(page.body).toMatch(/id="total" data-amount="2399"[^>]*>\$23\.99</);
    expect(page.body).toMatch(/Then \$23\.99 per month until .+, and \$29\.99 per month after that/);
    const view = (await customerOf(member)).subscriptions.data;
    expect(view).toHaveLength(0);
  });

  it('shows the next charge after the discount in the member view', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly', CARD, 'FOREVER20');
    const [sub] = (await customerOf(member)).subscriptions.data;
    expect(sub?.next_charge).toMatchObject({ amount: 2399, currency: 'usd' });
  });
});

describe('billing emails', () => {
  it('are in the member language and branded with the site name', async () => {
    const member = await createMember(t.context, { locale: 'es' });
    await subscribe(member, 'demo-trainer-price-monthly');
    await advance(member, 8);
    const subjects = (await mailTo(member)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Coach Rivera Fitness: tu prueba gratuita ha comenzado',
      'Coach Rivera Fitness: tu prueba gratuita termina en 3 días',
      'Coach Rivera Fitness: tu recibo',
    ]);
    const receipt = (await mailTo(member)).find((m) => m.subject.endsWith('tu recibo'));
    expect(receipt?.text).toContain('Importe pagado: $29,99');
  });
});
