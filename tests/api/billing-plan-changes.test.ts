// Plan changes after checkout through the sandbox's hosted pages: one live subscription whatever the
// member does (an upgrade, a trial kept, a downgrade scheduled, two checkouts at once), and receipts.
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import {
  advance,
  billingApp,
  customerOf,
  liveCount,
  mailTo,
  post,
  start,
  subscribe,
  t,
} from './billing.fixtures.ts';
import { createMember, userRow } from './fixtures.ts';
import { CARD } from './hosted-pages.ts';
import { mailbox } from './members.ts';

billingApp();

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
