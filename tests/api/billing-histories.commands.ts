// The billing histories' steps on a subscription: subscribe, open a plan-change page, confirm one,
// cancel, keep the plan.

import type fc from 'fast-check';
import { expect } from 'vitest';
import { clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { count, keepable, liveOf, t, view } from './billing-histories.app.ts';
import { accept, checkInvariants, invoiced } from './billing-histories.checks.ts';
import {
  CARDS,
  type Card,
  type CouponCode,
  DAY,
  discounted,
  gross,
  type Ledger,
  PLANS,
  type PlanName,
  type Real,
  taxIn,
} from './billing-histories.oracle.ts';
import { askedForPlan, portalOf, readPage, startCheckout } from './billing-histories.pages.ts';
import { submitPage } from './hosted-pages.ts';

export type Command = fc.AsyncCommand<Ledger, Real>;

export class Subscribe implements Command {
  readonly plan: PlanName;
  readonly coupon: CouponCode | null;
  readonly card: Card;
  constructor(plan: PlanName, coupon: CouponCode | null, card: Card) {
    this.plan = plan;
    this.coupon = coupon;
    this.card = card;
  }
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const live = liveOf(await view(real));
    const res = await startCheckout(real, [PLANS[this.plan].id], this.coupon ?? undefined);
    if (live) {
      // A member who pays for a plan changes it: a change page, never a second checkout.
      await askedForPlan(ledger, real, live, this.plan, res);
      await checkInvariants(ledger, real);
      return;
    }
    expect(res.statusCode).toBe(201);
    // A pause belonged to the subscription that ended (cancelled with a pause planned, it ends at
    // its period's end and the pause never begins): a new subscription is charged from today.
    const ended = (await clockNow(t.context.db, real.member.id)).getTime();
    for (const p of ledger.pauses) p.to = Math.min(p.to, ended);
    const path = new URL(res.json().url).pathname;
    const { page, body } = await readPage(path, real.member);
    expect(page).not.toBeNull();
    if (!page) return;
    const plan = PLANS[this.plan];
    const trial = !ledger.hadTrial && plan.trialDays > 0;
    // A member who has had a trial is offered none, and pays the first period at once.
    expect(body.includes('free trial')).toBe(trial);
    const full = this.coupon ? discounted(plan.amount, this.coupon) : plan.amount;
    expect(page.amount).toBe(trial ? 0 : gross(full, ledger.tax));
    if (!ledger.tax) expect(page.tax).toBeNull();
    else if (!trial) expect(page.tax).toBe(taxIn(full, ledger.tax));
    const paid = await submitPage(t.app, path, { ...CARDS[this.card], promise: page.digest });
    expect(paid.statusCode).toBe(303);
    const now = await clockNow(t.context.db, real.member.id);
    ledger.coupon = this.coupon ? { code: this.coupon, start: now, usedOnce: false } : null;
    ledger.period = { charged: trial ? 0 : full, start: now.getTime() };
    if (page.amount > 0) {
      accept(ledger, page.amount);
      if (this.card === '0341') ledger.enteredOn0341++;
      invoiced(ledger, page.amount);
    }
    ledger.hadTrial ||= trial;
    count(trial ? 'checkouts into a trial' : 'checkouts charged at once');
    ledger.card = this.card;
    ledger.owed = null;
    ledger.anchorDay = new Date(now.getTime() + (trial ? plan.trialDays * DAY : 0)).getUTCDate();
    await portalOf(real);
    await checkInvariants(ledger, real);
  }
  toString = () => `subscribe(${this.plan}, ${this.coupon ?? 'no coupon'}, ${this.card})`;
}

export class OpenChange implements Command {
  readonly plan: PlanName;
  constructor(plan: PlanName) {
    this.plan = plan;
  }
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const live = liveOf(await view(real));
    const res = await startCheckout(real, [PLANS[this.plan].id]);
    if (!live) {
      // Without a subscription this is a checkout: left open and never paid.
      expect(res.statusCode).toBe(201);
      return;
    }
    await askedForPlan(ledger, real, live, this.plan, res);
    await checkInvariants(ledger, real);
  }
  toString = () => `openChange(${this.plan})`;
}

export class ConfirmPage implements Command {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
  check = (ledger: Readonly<Ledger>) => ledger.pages.length > 0;
  async run(ledger: Ledger, real: Real) {
    const [page] = ledger.pages.splice(this.index % ledger.pages.length, 1);
    if (!page) return;
    const before = liveOf(await view(real));
    const res = await submitPage(t.app, page.path, { promise: page.digest });
    if (res.statusCode === 303) {
      // Confirmed: exactly what the page said, never over a payment still due or to a declining card.
      expect(before?.status).not.toBe('past_due');
      if (page.amount > 0) {
        expect(ledger.card).toBe('4242');
        accept(ledger, page.amount);
        invoiced(ledger, page.amount);
      }
      // A change now starts the new plan's period at the page's moment, charged its first period.
      if (page.now) {
        ledger.period = { charged: page.now.newPlanCharge, start: page.readAt };
        ledger.anchorDay = new Date(page.readAt).getUTCDate();
      }
      ledger.log.push(`confirmed ${page.amount}`);
      count('change pages confirmed');
    } else {
      count('change pages refused');
      expect([402, 409, 410]).toContain(res.statusCode);
    }
    await checkInvariants(ledger, real);
  }
  toString = () => `confirmPage(#${this.index})`;
}

export class Cancel implements Command {
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const live = liveOf(await view(real));
    if (!live || !real.portal) return;
    const res = await submitPage(t.app, real.portal, { action: 'cancel', subscription: live.id });
    expect(res.statusCode).toBe(303);
    // Cancelling is an answer, with no reason given.
    if (!live.cancel_at_period_end) ledger.answers++;
    count('cancellations at period end');
    await checkInvariants(ledger, real);
  }
  toString = () => 'cancelAtPeriodEnd';
}

export class KeepPlan implements Command {
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const live = liveOf(await view(real));
    if (!live || !real.portal) return;
    const res = await submitPage(t.app, real.portal, { action: 'keep', subscription: live.id });
    expect(res.statusCode).toBe(303);
    // Whatever was scheduled (a change, the end) is dropped: the plan renews as it is.
    expect(liveOf(await view(real))).toMatchObject({
      plan: { id: live.plan.id },
      cancel_at_period_end: false,
      scheduled_plan: null,
    });
    if (keepable(live)) count('plans kept in the portal');
    await checkInvariants(ledger, real);
  }
  toString = () => 'keepPlan';
}
