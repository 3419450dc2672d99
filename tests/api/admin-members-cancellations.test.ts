// Cancellations through the admin API (decision 120), emailed by the subscription's events and
// audited; and one way to each thing: the portal and the operator never refund twice.

import { and, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookEvents } from '../../server/db/schema.ts';
import {
  auditOf,
  base,
  call,
  cancel,
  challengeBuyer,
  chargesOf,
  driver,
  membersAdminApp,
  OTHER,
  refund,
  subjects,
  subscriber,
  subscriptionOf,
  t,
} from './admin-members.fixtures.ts';

membersAdminApp();

describe('cancellations', () => {
  it('cancels at the period’s end, then at once, each emailed by the subscription’s events and audited', async () => {
    const member = await subscriber();
    const sub = await subscriptionOf(member);

    const later = await cancel(sub.id, { atPeriodEnd: true });
    expect(later.res.statusCode).toBe(200);
    expect(later.body).toMatchObject({
      pending: false,
      subscription: { id: sub.id, status: 'active', cancelAtPeriodEnd: true },
    });
    expect(await subjects(member)).toContainEqual(
      expect.stringMatching(/: your subscription has been cancelled$/),
    );
    // What the portal would have shown: the same row the portal's own cancellation writes.
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const again = await cancel(sub.id, { atPeriodEnd: true });
    expect(again.res.statusCode).toBe(409);
    expect(again.body.message).toBe(
      `Subscription ${sub.id} already ends at the end of its period, on ${sub.currentPeriodEnd.toISOString().slice(0, 10)}`,
    );

    const now = await cancel(sub.id);
    expect(now.res.statusCode).toBe(200);
    expect(now.body.subscription).toMatchObject({ status: 'canceled', endedAt: expect.any(String) });
    expect(await subjects(member)).toContainEqual(expect.stringMatching(/: your subscription has ended$/));
    // The member's own view says the same: no live subscription left.
    const { data } = (await driver.customerOf(member)).subscriptions;
    expect(data.map((s) => s.status)).toEqual(['canceled']);

    const ended = await cancel(sub.id);
    expect(ended.res.statusCode).toBe(409);
    expect(ended.body.message).toBe(`Subscription ${sub.id} has already ended`);

    const audit = await auditOf(sub.id);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['adminCancelSubscription', 'Marta'],
      ['adminCancelSubscription', 'Marta'],
    ]);
    expect(audit[0]?.before).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
    expect(audit[0]?.after).toMatchObject({ cancelAtPeriodEnd: true, atPeriodEnd: true });
    expect(audit[1]?.after).toMatchObject({ status: 'canceled', atPeriodEnd: false });
    // Cancelling gives no money back: the charge stays as it was.
    expect((await chargesOf(member)).map((c) => c.refunded)).toEqual([false]);
  });

  it('refuses another trainer’s subscription and a malformed body, changing nothing', async () => {
    const member = await subscriber();
    const sub = await subscriptionOf(member);
    const foreign = await call(
      'adminCancelSubscription',
      'POST',
      `${base(OTHER)}/subscriptions/${sub.id}/cancel`,
      {},
    );
    expect(foreign.res.statusCode).toBe(404);
    expect(foreign.body.message).toBe(`Trainer ${OTHER} has no subscription ${sub.id}`);
    expect((await cancel(sub.id, { atPeriodEnd: 'yes' })).res.statusCode).toBe(400);
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(await auditOf(sub.id)).toEqual([]);
    const events = await t.context.db
      .select()
      .from(webhookEvents)
      .where(and(like(webhookEvents.id, `evt_sandbox_cancel-${sub.id}%`)));
    expect(events).toEqual([]);
  });
});

describe('one way to each thing', () => {
  it('a refund asked in the portal after the operator’s is not made twice', async () => {
    const { member, chargeId } = await challengeBuyer();
    expect((await refund(chargeId)).res.statusCode).toBe(200);
    const portal = await driver.portal(member);
    expect((await driver.post(portal, { action: 'refund', charge: chargeId })).statusCode).toBe(303);
    const events = await t.context.db
      .select()
      .from(webhookEvents)
      .where(like(webhookEvents.id, `%refund-${chargeId}`));
    expect(events).toHaveLength(1);
  });
});
