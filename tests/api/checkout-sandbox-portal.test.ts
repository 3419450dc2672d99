// The sandbox after checkout: one trial per member, fulfilment from events only, and the billing
// portal cancelling the member's own subscription only.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, subscriptions, webhookEvents } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import {
  customerOf,
  pay,
  sandboxCheckoutApp,
  startCheckout,
  t,
  VALID_CARD,
} from './checkout-sandbox.fixtures.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';

sandboxCheckoutApp();

describe('a trial is not granted twice', () => {
  it('leaves only the newest subscription checkout payable, and sends a subscriber to a plan change', async () => {
    const member = await createMember(t.context);
    const earlier = await startCheckout(member, ['demo-trainer-price-annual']);
    const first = await startCheckout(member, ['demo-trainer-price-monthly']);
    await pay(first, VALID_CARD);
    expect((await customerOf(member)).charges).toHaveLength(0);

    // The older open checkout would have started a second subscription: it can no longer be paid.
    const stale = await pay(earlier, VALID_CARD);
    expect(stale.statusCode).toBe(410);
    const later = await startCheckout(member, ['demo-trainer-price-quarterly']);
    expect(later).toMatch(/^\/sandbox\/portal\/chg_[^/]+\/change$/);

    const customer = await customerOf(member);
    expect(customer.subscriptions.data.map((s) => [s.plan.id, s.status])).toEqual([
      ['demo-trainer-price-monthly', 'trialing'],
    ]);
    expect(customer.charges).toHaveLength(0);
  });
});

describe('fulfilment comes from events only', () => {
  it('starting a checkout and visiting the confirmation page grant nothing', async () => {
    const member = await createMember(t.context);
    await startCheckout(member, ['demo-trainer-price-weekly']);
    await t.app.inject({ method: 'GET', url: '/confirmation' });
    const customer = await customerOf(member);
    expect(customer.subscriptions.data).toHaveLength(0);
    expect(customer.charges).toHaveLength(0);
    expect(
      await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id)),
    ).toHaveLength(0);
    expect(await t.context.db.select().from(charges).where(eq(charges.userId, member.id))).toHaveLength(0);
  });
});

describe('sandbox billing portal', () => {
  it('lists the subscription, cancels it at period end through an event, and links back to the site', async () => {
    const member = await createMember(t.context);
    await pay(await startCheckout(member, ['demo-trainer-price-weekly']), VALID_CARD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/openGatewayStripePortal',
      headers: { token: member.token },
      payload: { trainerID: DEMO_TRAINER_ID },
    });
    const { url } = expectContract(res, 'openBillingPortal') as { url: string };
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Coaching Membership: Weekly');
    expect(page.body).toContain('href="http://site.test/profile/subscription"');
    const subscriptionId = /name="subscription" value="([^"]+)"/.exec(page.body)?.[1] ?? '';

    const cancel = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `subscription=${encodeURIComponent(subscriptionId)}`,
    });
    expect(cancel.statusCode).toBe(303);
    const customer = await customerOf(member);
    expect(customer.subscriptions.data[0]).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const events = await t.context.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'customer.subscription.updated'));
    expect(events.length).toBeGreaterThan(0);
    const after = await t.app.inject({ method: 'GET', url: path });
    expect(after.body).toContain('Cancelled: ends on');
  });

  it("cannot cancel another member's subscription", async () => {
    const owner = await createMember(t.context);
    await pay(await startCheckout(owner, ['demo-trainer-price-weekly']), VALID_CARD);
    const [ownerSub] = await t.context.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, owner.id));
    const intruder = await createMember(t.context, { gatewayCustomerId: 'cus_sandbox_intruder' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/openGatewayStripePortal',
      headers: { token: intruder.token },
      payload: { trainerID: DEMO_TRAINER_ID },
    });
    const { url } = expectContract(res, 'openBillingPortal') as { url: string };
    await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `subscription=${ownerSub?.id}`,
    });
    const [after] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.id));
    expect(after?.cancelAtPeriodEnd).toBe(false);
  });
});
