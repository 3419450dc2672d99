// The access histories' steps on holdings and time: buy, refund, subscribe, cancel, pause and resume
// (decision 152), fix a card, the operator's grant and revocation, the clock moved.

import type fc from 'fast-check';
import { expect } from 'vitest';
import { advanceClock } from '../../server/sandbox/sandbox-clock.ts';
import {
  admin,
  CARDS,
  checkAll,
  count,
  driver,
  money,
  now,
  processor,
  t,
  view,
} from './access-histories.app.ts';
import {
  advanceSubs,
  type Card,
  DAY,
  liveSub,
  type Model,
  type Plan,
  type Product,
  pausedAt,
  periodEnd,
  statusOf,
} from './access-model.ts';
import { PRICE } from './library-calls.ts';
import type { Member } from './members.ts';

export type Command = fc.AsyncCommand<Model, Member>;
export const command = (name: string, run: (m: Model, member: Member) => Promise<void>): Command => ({
  check: () => true,
  async run(m, member) {
    m.log.push(name);
    await run(m, member);
    await checkAll(m, member);
  },
  toString: () => name,
});

export const buy = (product: Product) =>
  command(`buy(${product})`, async (m, member) => {
    const at = await now(member);
    const held = m.purchases.some((p) => p.product === product && !p.refundedAt);
    const res = await driver.startSession(member, [PRICE[product]]);
    if (held) {
      expect(res.statusCode, 'a product held is not sold again').toBe(409);
      return;
    }
    const paid = await driver.post(new URL(res.json().url).pathname, CARDS['4242']);
    expect(paid.statusCode).toBe(303);
    m.purchases.push({ product, paidAt: at, refundedAt: null });
    count(`${product} bought`);
  });

export const refund = (product: Product) =>
  command(`refund(${product})`, async (m, member) => {
    const purchase = m.purchases.find((p) => p.product === product && !p.refundedAt);
    const at = await now(member);
    expect(await money.refund(member, PRICE[product])).toBe(purchase !== undefined);
    if (purchase) {
      purchase.refundedAt = at;
      count(`${product} refunded`);
    }
  });

export const subscribe = (plan: Plan, card: Card) =>
  command(`subscribe(${plan}, ${card})`, async (m, member) => {
    if (liveSub(m)) return;
    await driver.subscribe(member, PRICE[plan], CARDS[card]);
    const shown = (await view(member)).customer.subscriptions.data[0];
    // The demo's monthly and annual plans have a free trial, once; the weekly plan has none.
    const trial = plan !== 'weekly' && !m.hadTrial;
    expect(shown?.status).toBe(trial ? 'trialing' : 'active');
    m.hadTrial ||= trial;
    const anchor = new Date(shown?.current_period_end ?? 0);
    m.subs.push({
      plan,
      card,
      anchor,
      periods: 0,
      periodEnd: anchor,
      trialing: trial,
      cancelAtPeriodEnd: false,
      overdueSince: null,
      endedAt: null,
      pause: null,
    });
    count(trial ? 'subscriptions into a trial' : 'subscriptions paid');
  });

// Cancelling during a pause is not drawn: the pause's own early end comes first (decision 152).
export const cancel: Command = {
  ...command('cancelAtPeriodEnd', async (m, member) => cancelNow(m, member)),
  check: (m) => !liveSub(m)?.pause,
};
export async function cancelNow(m: Model, member: Member) {
  const sub = liveSub(m);
  expect(await money.cancelAtPeriodEnd(member)).toBe(sub !== null);
  if (sub) {
    sub.cancelAtPeriodEnd = true;
    count('cancellations at period end');
  }
}

export const userCall = (member: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { token: member.token }, ...(payload && { payload }) });

/** A pause chosen in Manage My Subscription, as its options state it; refused where the rule refuses. */
export const pause = (months: number) =>
  command(`pause(${months})`, async (m, member) => {
    const sub = liveSub(m);
    const options = await userCall(member, 'GET', '/api/user/subscription/pause-options');
    if (!sub) return expect(options.statusCode).toBe(404);
    const option = (
      options.json().options as { months: number; starts_at: string; resumes_at: string; promise: string }[]
    ).find((o) => o.months === months);
    const at = await now(member);
    // A paid monthly plan with nothing due, scheduled or planned, inside a period paid for.
    const may =
      sub.plan === 'monthly' &&
      !sub.trialing &&
      !sub.overdueSince &&
      !sub.cancelAtPeriodEnd &&
      !sub.pause &&
      at < sub.periodEnd;
    if (!may) {
      expect(option, 'a pause the rule refuses is not offered').toBeUndefined();
      const refused = await userCall(member, 'POST', '/api/user/subscription/pause', {
        months,
        promise: 'x',
      });
      expect(refused.statusCode).toBe(409);
      count('pauses refused');
      return;
    }
    const resumesAt = periodEnd(sub, sub.periods + months);
    expect([option?.starts_at, option?.resumes_at]).toEqual([
      sub.periodEnd.toISOString(),
      resumesAt.toISOString(),
    ]);
    const res = await userCall(member, 'POST', '/api/user/subscription/pause', {
      months,
      promise: option?.promise,
    });
    expect(res.statusCode, res.body).toBe(200);
    sub.pause = { months, startsAt: sub.periodEnd, resumesAt };
    count(`pauses of ${months} month(s)`);
  });

export const resume = command('resumeNow', async (m, member) => {
  const sub = liveSub(m);
  const res = await userCall(member, 'POST', '/api/user/subscription/resume');
  if (!sub) return expect(res.statusCode).toBe(404);
  if (!sub.pause) return expect(res.statusCode).toBe(409);
  expect(res.statusCode, res.body).toBe(200);
  const at = await now(member);
  if (pausedAt(sub, at)) {
    // Under way: it ends now, and the next renewal is the plan's cycle's next after now.
    let k = sub.periods - sub.pause.months;
    while (periodEnd(sub, k) <= at) k++;
    sub.periods = k;
    sub.periodEnd = periodEnd(sub, k);
    count('pauses resumed early');
  } else count('pauses called off');
  sub.pause = null;
});

/**
 * Manage My Subscription's "Keep my membership" (decisions 133, 162): a cancellation at the period's
 * end withdrawn, so access runs on past it; refused with nothing set to end, or while a renewal is due.
 */
export const keep = command('keepMembership', async (m, member) => {
  const sub = liveSub(m);
  const res = await userCall(member, 'POST', '/api/user/subscription/keep');
  if (!sub) return expect(res.statusCode).toBe(404);
  if (!sub.cancelAtPeriodEnd || sub.overdueSince) {
    expect(res.statusCode, res.body).toBe(409);
    return count('keeps refused');
  }
  expect(res.statusCode, res.body).toBe(200);
  sub.cancelAtPeriodEnd = false;
  count('cancellations withdrawn');
});

export const updateCard = (card: Card) =>
  command(`updateCard(${card})`, async (m, member) => {
    const sub = liveSub(m);
    const status = await money.changeCard(member, CARDS[card]);
    if (!sub) return expect(status).toBeNull();
    if (sub.overdueSince && card === '0341')
      return expect(status, 'a declining card cannot pay what is due').toBe(400);
    expect(status).toBe(303);
    if (sub.overdueSince) count('overdue renewals paid by a new card');
    sub.card = card;
    sub.overdueSince = null;
  });

export const grant = (target: Product | 'membership', days: number | null) =>
  command(`grant(${target}, ${days === null ? 'no end' : `${days} days`})`, async (m, member) => {
    const at = await now(member);
    const lastDay =
      days === null ? undefined : new Date(at.getTime() + days * DAY).toISOString().slice(0, 10);
    const slug = { challenge: '30-day-shred', course: 'strength-foundations', membership: 'membership' }[
      target
    ];
    const url = `/api/admin/trainers/${member.trainerId}/members/${member.id}/grants`;
    const { res, body } = await admin('adminGrantAccess', 'POST', url, { target: slug, until: lastDay });
    expect(res.statusCode, res.body).toBe(201);
    const until = lastDay ? new Date(Date.parse(`${lastDay}T00:00:00Z`) + DAY) : null;
    m.grants.push({ id: (body.grant as { id: string }).id, target, from: at, until, revokedAt: null });
    count('grants');
  });

export const revoke = command('revokeLatestGrant', async (m, member) => {
  const g = m.grants.findLast((x) => x.revokedAt === null);
  if (!g) return;
  const at = await now(member);
  const url = `/api/admin/trainers/${member.trainerId}/members/${member.id}/grants/${g.id}`;
  const { res } = await admin('adminRevokeGrant', 'DELETE', url);
  const ended = g.until !== null && g.until <= at;
  expect(res.statusCode).toBe(ended ? 409 : 200);
  if (!ended) {
    g.revokedAt = at;
    count('grants revoked');
  }
});

export const advance = (days: number, hours: number) =>
  command(`advance(${days} d ${hours} h)`, async (m, member) => {
    const moved0 = await now(member);
    const before = m.subs.map((s) => statusOf(s, moved0)).join();
    const moved = await advanceClock(processor, member.id, days * DAY + hours * (DAY / 24));
    advanceSubs(m, moved.now);
    count('clock moves');
    const after = m.subs.map((s) => statusOf(s, moved.now));
    if (after.join() !== before) count(`moves that left a subscription ${after.at(-1)}`);
  });

/** The clock moved just past the live subscription's period end: where a planned pause begins. */
export const toPeriodEnd = command('advancePastPeriodEnd', async (m, member) => {
  const sub = liveSub(m);
  if (!sub) return;
  const ms = sub.periodEnd.getTime() - (await now(member)).getTime() + DAY / 24;
  if (ms <= 0) return;
  const moved = await advanceClock(processor, member.id, ms);
  advanceSubs(m, moved.now);
  count('moves past a period end');
});
