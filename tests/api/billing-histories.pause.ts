// The billing histories' steps of a pause (decision 152) and of the cancel flow's reason and offer
// (decision 153), each against the dates and amounts computed here by hand.
import { expect } from 'vitest';
import { clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { count, type LiveSubscription, liveOf, t, view } from './billing-histories.app.ts';
import { checkInvariants, renewalPrice } from './billing-histories.checks.ts';
import type { Command } from './billing-histories.commands.ts';
import {
  gross,
  type Ledger,
  monthsAfter,
  PAUSE_MONTHS,
  PLANS,
  type REASONS,
  type Real,
} from './billing-histories.oracle.ts';
import { submitPage } from './hosted-pages.ts';

/** The pause options the portal states: months, the promise's digest, the resuming charge and its date. */
export function pauseOptionsOn(body: string) {
  return [
    ...body.matchAll(/name="pause" value="(\d+):([^"]+)" data-amount="(\d+)" data-date="([^"]+)"/g),
  ].map(([, months, digest, amount, date]) => ({
    months: Number(months),
    digest: digest ?? '',
    amount: Number(amount),
    date: new Date(date ?? ''),
  }));
}

/** Whether the engine lets this subscription pause: a paid monthly plan with nothing planned. */
export const pausable = (live: LiveSubscription) =>
  live.status === 'active' &&
  !live.cancel_at_period_end &&
  !live.scheduled_plan &&
  !live.pause &&
  live.plan.id === PLANS.monthly.id;

/** A pause begun by the member: the period's end, the charge that resumes it, held to the ledger. */
export async function checkPaused(
  ledger: Ledger,
  real: Real,
  live: LiveSubscription,
  stated: { amount: number; date: Date },
) {
  const context = ledger.log.join(' | ');
  const after = liveOf(await view(real));
  expect(after?.pause, context).toEqual({
    starts_at: live.current_period_end,
    resumes_at: stated.date.toISOString(),
  });
  const { tax, ...charge } = after?.next_charge ?? {};
  expect(charge, context).toEqual({
    amount: stated.amount,
    currency: 'usd',
    date: stated.date.toISOString(),
  });
  // The split is stated exactly where the member pays tax.
  expect(tax !== undefined, context).toBe(ledger.tax !== null);
  ledger.pauses.push({ from: Date.parse(live.current_period_end), to: stated.date.getTime() });
}

export class Pause implements Command {
  readonly months: number;
  constructor(months: number) {
    this.months = months;
  }
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const live = liveOf(await view(real));
    if (!live || !real.portal) return;
    const page = await t.app.inject({ method: 'GET', url: real.portal });
    const options = pauseOptionsOn(page.body);
    // The portal offers the trainer's lengths exactly when the subscription can pause.
    expect(options.map((o) => o.months)).toEqual(pausable(live) ? PAUSE_MONTHS : []);
    const option = options.find((o) => o.months === this.months);
    if (!option) return;
    const context = `a pause of ${this.months} from ${live.current_period_end}; ${ledger.log.join(' | ')}`;
    // Resumed on the anchor's day, N months after the period's end; charged as the price list says then.
    const resumes = monthsAfter(new Date(live.current_period_end), this.months, ledger.anchorDay);
    if (resumes) expect(option.date.toISOString(), context).toBe(resumes.toISOString());
    else count('pauses from a month end with the anchor unknown');
    // A resume within the noise of a repeating coupon's end (an offer taken seconds after the period's
    // anchor ends two months later, seconds after a renewal on that anchor) may fall either side of it:
    // the discounted or the full price, nothing else.
    const exact = renewalPrice(ledger, live.plan.id, option.date, 0);
    const nearEnd = renewalPrice(ledger, live.plan.id, option.date);
    if (exact !== nearEnd) count('pause quotes within the noise of a coupon end');
    expect([gross(exact, ledger.tax), gross(nearEnd, ledger.tax)], context).toContain(option.amount);
    const res = await submitPage(t.app, real.portal, {
      action: 'pause',
      subscription: live.id,
      pause: `${option.months}:${option.digest}`,
    });
    expect(res.statusCode).toBe(303);
    await checkPaused(ledger, real, live, option);
    ledger.log.push(`paused ${this.months} to ${option.date.toISOString()}`);
    count(`pauses of ${this.months} month(s)`);
    await checkInvariants(ledger, real);
  }
  toString = () => `pause(${this.months})`;
}

export class Resume implements Command {
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const live = liveOf(await view(real));
    if (!live?.pause || !real.portal) return;
    const res = await submitPage(t.app, real.portal, { action: 'resume', subscription: live.id });
    expect(res.statusCode).toBe(303);
    const after = liveOf(await view(real));
    const now = await clockNow(t.context.db, real.member.id);
    expect(after?.pause).toBeNull();
    if (live.status === 'paused') {
      // Ended early: the cycle is kept, nothing is charged now, the next charge is its next renewal.
      expect(after?.status).toBe('active');
      const pause = ledger.pauses.at(-1);
      if (pause) pause.to = now.getTime();
      let next: Date | null = new Date(live.pause.starts_at);
      for (let n = 1; next && next <= now; n++)
        next = monthsAfter(new Date(live.pause.starts_at), n, ledger.anchorDay);
      // Cancelled while paused, it ends at the period's end: nothing more is charged.
      if (live.cancel_at_period_end) expect(after?.next_charge ?? null).toBeNull();
      else if (next) expect(after?.next_charge?.date).toBe(next.toISOString());
      ledger.period = { charged: 0, start: now.getTime() };
      ledger.log.push(`resumed early at ${now.toISOString()}`);
      count('pauses ended early');
    } else {
      // Called off before it began: the period paid for renews as before (or ends, if cancelled).
      if (!live.cancel_at_period_end) expect(after?.next_charge?.date).toBe(live.current_period_end);
      else expect(after?.next_charge).toBeNull();
      ledger.pauses.pop();
      count('pauses called off');
    }
    await checkInvariants(ledger, real);
  }
  toString = () => 'resume';
}

/** At the cancel button: a reason (or none), and the trainer's offer taken or left. */
export class CancelFlow implements Command {
  readonly reason: (typeof REASONS)[number];
  readonly take: boolean;
  constructor(reason: (typeof REASONS)[number], take: boolean) {
    this.reason = reason;
    this.take = take;
  }
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const live = liveOf(await view(real));
    if (!live || !real.portal || live.cancel_at_period_end) return;
    const page = await t.app.inject({ method: 'GET', url: real.portal });
    const offer = /class="offer" data-next-amount="(\d*)">[\s\S]*?name="offer" value="([^"]+)"/.exec(
      page.body,
    );
    const renewing = live.status === 'active' && !live.pause;
    const made = { coupon: renewing, pause: pausable(live), none: false }[ledger.offer];
    expect(offer !== null, `the ${ledger.offer} offer to a ${live.status} subscription`).toBe(made);
    const answer = {
      subscription: live.id,
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.reason === 'other' ? { comment: 'Moving abroad for a while' } : {}),
    };
    if (this.take && offer) {
      const stated = Number(offer[1]);
      const res = await submitPage(t.app, real.portal, { ...answer, action: 'offer', offer: offer[2] ?? '' });
      expect(res.statusCode).toBe(303);
      ledger.answers++;
      if (ledger.offer === 'coupon') {
        const now = await clockNow(t.context.db, real.member.id);
        ledger.coupon = { code: 'HIST_STAY50', start: now, usedOnce: false };
        const after = liveOf(await view(real));
        // The next charge is the one the offer stated, and the price list's half for two months.
        expect(after?.next_charge?.amount).toBe(stated);
        const planId = live.scheduled_plan?.id ?? live.plan.id;
        expect(stated).toBe(
          gross(renewalPrice(ledger, planId, new Date(after?.next_charge?.date ?? 0)), ledger.tax),
        );
        ledger.log.push(`offer taken: ${stated} next`);
        count('coupon offers taken');
      } else {
        const after = liveOf(await view(real));
        const date = new Date(after?.pause?.resumes_at ?? 0);
        const resumes = monthsAfter(new Date(live.current_period_end), 1, ledger.anchorDay);
        if (resumes) expect(date.toISOString()).toBe(resumes.toISOString());
        await checkPaused(ledger, real, live, { amount: stated, date });
        count('pause offers taken');
      }
    } else {
      const res = await submitPage(t.app, real.portal, { ...answer, action: 'cancel' });
      expect(res.statusCode).toBe(303);
      ledger.answers++;
      expect(liveOf(await view(real))?.cancel_at_period_end).toBe(true);
      count(offer ? 'offers left, cancelled' : 'cancelled with no offer');
    }
    await checkInvariants(ledger, real);
  }
  toString = () => `cancelFlow(${this.reason || 'no reason'}, ${this.take ? 'take the offer' : 'cancel'})`;
}
