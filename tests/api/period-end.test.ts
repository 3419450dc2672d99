// What the end of the period brings, told one way by every surface (the member view, the portal,
// the emails), and undone the way Stripe's portal undoes it: a change scheduled for the renewal, or
// a cancellation at the period's end, dropped so the member keeps the plan they are on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import type { Member } from './members.ts';

let t: TestApp;
const billing = billingDriver(() => t);
const { start, startSession, post, customerOf, mailTo, portal } = billing;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ANNUAL = 'demo-trainer-price-annual';
const MONTHLY = 'demo-trainer-price-monthly';

async function subscriptionOf(member: Member) {
  const [sub] = (await customerOf(member)).subscriptions.data;
  if (!sub) throw new Error('The member has no subscription');
  return sub;
}

/** A member on the annual plan, paid at once, with the monthly plan scheduled for the renewal. */
async function downgradeScheduled(): Promise<Member> {
  const member = await createMember(t.context, { hadTrial: true });
  await billing.subscribe(member, ANNUAL);
  const change = await start(member, [MONTHLY]);
  const page = await t.app.inject({ method: 'GET', url: change });
  expect(page.body).toContain('The new plan starts when the current period ends');
  expect((await post(change)).statusCode).toBe(303);
  expect((await subscriptionOf(member)).scheduled_plan?.id).toBe(MONTHLY);
  return member;
}

const portalPage = async (member: Member) => {
  const path = await portal(member);
  return { path, body: (await t.app.inject({ method: 'GET', url: path })).body };
};

async function onlyMail(member: Member, subjectEnd: string) {
  const found = (await mailTo(member)).filter((m) => m.subject.endsWith(subjectEnd));
  expect(found).toHaveLength(1);
  return found[0]?.text ?? '';
}

const chargedAmounts = async (member: Member) => (await customerOf(member)).charges.map((c) => c.amount);

describe('a subscription cancelled with a change scheduled', () => {
  it('ends: the member view, the portal and the email say so, and the renewal changes nothing', async () => {
    const member = await downgradeScheduled();
    const { path } = await portalPage(member);
    const sub = await subscriptionOf(member);
    expect((await post(path, { action: 'cancel', subscription: sub.id })).statusCode).toBe(303);

    const after = await subscriptionOf(member);
    expect(after).toMatchObject({ cancel_at_period_end: true, scheduled_plan: null, next_charge: null });
    const { body } = await portalPage(member);
    expect(body).toContain('Cancelled: ends on');
    expect(body).not.toContain('Changes to');
    const email = await onlyMail(member, 'your subscription has been cancelled');
    expect(email).toContain('The change to Coaching Membership: Monthly you had planned will not happen.');

    await billing.advance(member, 370);
    expect((await subscriptionOf(member)).status).toBe('canceled');
    expect(await chargedAmounts(member)).toEqual([24999]);
  });
});

describe('keeping the plan', () => {
  it('from the portal: the scheduled change is dropped, the email says so, and the plan renews', async () => {
    const member = await downgradeScheduled();
    const { path, body } = await portalPage(member);
    expect(body).toContain('Changes to Coaching Membership: Monthly on');
    const sub = await subscriptionOf(member);
    expect(body).toContain('Keep Coaching Membership: Annual');
    expect((await post(path, { action: 'keep', subscription: sub.id })).statusCode).toBe(303);

    const kept = await subscriptionOf(member);
    expect(kept).toMatchObject({ plan: { id: ANNUAL }, scheduled_plan: null, cancel_at_period_end: false });
    expect(kept.next_charge?.amount).toBe(24999);
    expect((await portalPage(member)).body).not.toContain('Changes to');
    const email = await onlyMail(member, 'your plan stays as it is');
    expect(email).toContain(
      'You keep Coaching Membership: Annual: the change to Coaching Membership: Monthly planned for',
    );
    expect(email).toContain('Then $249.99 per year');

    await billing.advance(member, 366);
    expect((await subscriptionOf(member)).plan.id).toBe(ANNUAL);
    expect(await chargedAmounts(member)).toEqual([24999, 24999]);
  });

  it('renews a cancelled subscription from the portal, and the email says so', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await billing.subscribe(member, MONTHLY);
    const { path } = await portalPage(member);
    const sub = await subscriptionOf(member);
    await post(path, { action: 'cancel', subscription: sub.id });
    const { body } = await portalPage(member);
    expect(body).toContain('Renew my subscription');
    expect((await post(path, { action: 'keep', subscription: sub.id })).statusCode).toBe(303);

    const renewed = await subscriptionOf(member);
    expect(renewed).toMatchObject({ cancel_at_period_end: false, next_charge: { amount: 2999 } });
    const email = await onlyMail(member, 'your plan stays as it is');
    expect(email).toContain(
      'Your subscription to Coaching Membership: Monthly renews: it will no longer end on',
    );
  });

  it('by choosing the current plan again: kept at once, back to the confirmation page', async () => {
    const member = await downgradeScheduled();
    const res = await startSession(member, [ANNUAL]);
    expect(res.statusCode).toBe(201);
    expect(expectContract(res, 'startCheckoutSession')).toEqual({
      success: true,
      url: 'http://site.test/confirmation',
    });
    expect(await subscriptionOf(member)).toMatchObject({ plan: { id: ANNUAL }, scheduled_plan: null });
    await onlyMail(member, 'your plan stays as it is');
    expect(await chargedAmounts(member)).toEqual([24999]);
  });

  it('choosing the current plan with nothing to keep is still refused, changing nothing', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await billing.subscribe(member, ANNUAL);
    const res = await startSession(member, [ANNUAL]);
    expect(res.statusCode).toBe(409);
    expect(expectContract(res, 'startCheckoutSession')).toMatchObject({
      message: 'You already have this plan.',
    });
    expect((await mailTo(member)).filter((m) => m.subject.endsWith('your plan stays as it is'))).toEqual([]);
  });
});
