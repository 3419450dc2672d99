// What the billing histories hold after every step: the charges are the ledger's amounts, a renewal
// costs what the price list and the coupon say, a change page credits the unused share.

import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  cancellationReasons,
  charges,
  emailOutbox,
  invoices,
  subscriptions,
} from '../../server/db/schema.ts';
import { count, type LiveSubscription, liveOf, t, view } from './billing-histories.app.ts';
import {
  addMonths,
  CHALLENGE,
  COUPONS,
  discounted,
  gross,
  HOUR,
  type Ledger,
  type MemberTax,
  type OpenPage,
  PLANS,
  type Real,
  taxIn,
  utcDay,
} from './billing-histories.oracle.ts';
import { userRow } from './fixtures.ts';

/**
 * What the ledger says a charge of `plan` made at `at` costs, by the price list and the coupon's
 * rules. `noise` is how far before the repeating window's end a charge still counts as past it.
 */
export function renewalPrice(ledger: Ledger, planId: string, at: Date, noise = HOUR): number {
  const plan = Object.values(PLANS).find((p) => p.id === planId);
  if (!plan) throw new Error(`A subscription to ${planId}, which this history never bought`);
  const c = ledger.coupon;
  if (!c) return plan.amount;
  const rule = COUPONS[c.code];
  // A renewal that falls on the repeating window's end (the same anchor, to within clock noise) is
  // past it: Stripe's discount end is exclusive.
  const applies =
    rule.duration === 'forever' ||
    (rule.duration === 'once' && !c.usedOnce) ||
    (rule.duration === 'repeating' && at.getTime() < addMonths(c.start, rule.months).getTime() - noise);
  return applies ? discounted(plan.amount, c.code) : plan.amount;
}

/**
 * A change page read now, held to the ledger: a change now charges the new plan by the price list and
 * the coupon's rule, less the unused share of what the current period was charged (to the cent, or
 * one off where the page's moment and the clock read after it straddle a rounding); a change that
 * waits for the renewal is one whose credit would be more than that charge.
 */
export function checkChangePage(ledger: Ledger, live: LiveSubscription, planId: string, page: OpenPage) {
  if (live.status !== 'active') return;
  // The page's own moment, not a renewal's: the window's end is exact here.
  const newPlanCharge = renewalPrice(ledger, planId, new Date(page.readAt), 0);
  const end = new Date(live.current_period_end).getTime();
  const credit = ledger.period
    ? Math.round((ledger.period.charged * (end - page.readAt)) / (end - ledger.period.start))
    : null;
  const context = `a change to ${planId}; ${ledger.log.join(' | ')}`;
  if (page.now) {
    expect(page.now.newPlanCharge, context).toBe(newPlanCharge);
    // Each line taxed on its own, as Stripe taxes a proration's lines: the total is the new plan's
    // total less the credit's, and the tax row the first line's tax less the credit's.
    const { tax } = ledger;
    expect(page.amount, context).toBe(gross(page.now.newPlanCharge, tax) - gross(page.now.credit, tax));
    expect(page.tax, context).toBe(
      tax ? taxIn(page.now.newPlanCharge, tax) - taxIn(page.now.credit, tax) : null,
    );
    if (credit !== null) expect(Math.abs(page.now.credit - credit), context).toBeLessThanOrEqual(1);
    count('change pages held to the ledger’s credit');
  } else if (page.amount === 0 && credit !== null) {
    expect(credit, context).toBeGreaterThanOrEqual(newPlanCharge);
  }
}

/**
 * The charge the member accepted, and the rule its invoice must name: the one it was taxed under
 * (decision 173), a declined renewal's being the one of the day it was issued. A charge of a few cents
 * may round its tax to nothing, so its rule is not held.
 */
export function accept(ledger: Ledger, amount: number, tax: MemberTax = ledger.tax) {
  ledger.expected.push(amount);
  ledger.rules.push(ruleKey(amount, tax ? `${tax.country} ${tax.rate}` : 'none'));
}

const ruleKey = (amount: number, rule: string) => `${amount} ${amount < 10 ? '*' : rule}`;

/** A charge of the subscription was made or attempted: a `once` coupon is used by it. */
export function invoiced(ledger: Ledger, amount: number) {
  if (ledger.coupon && amount > 0) ledger.coupon.usedOnce = true;
}

export async function checkInvariants(ledger: Ledger, real: Real) {
  const { db } = t.context;
  const rows = await db.select().from(charges).where(eq(charges.userId, real.member.id));
  const paid = rows.filter((c) => c.paid);
  const context = `ledger ${JSON.stringify(ledger.expected)}; ${ledger.log.join(' | ')}`;
  // Every charge is an amount the member was shown and accepted, and nothing they accepted is missing.
  expect(
    paid.map((c) => c.amount).sort((a, b) => a - b),
    context,
  ).toEqual([...ledger.expected].sort((a, b) => a - b));
  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, real.member.id));
  expect(subs.filter((s) => s.status !== 'canceled' && s.status !== 'incomplete').length).toBeLessThanOrEqual(
    1,
  );
  const user = await userRow(t.context, real.member.id);
  const receipts = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, user.email)));
  expect(receipts.filter((m) => m.subject.endsWith('your receipt')).length, context).toBe(paid.length);
  expect(paid.filter((c) => c.paymentMethod.endsWith('0341')).length, context).toBeLessThanOrEqual(
    ledger.enteredOn0341,
  );
  expect(paid.filter((c) => c.priceId === CHALLENGE.id && !c.refunded).length).toBeLessThanOrEqual(1);
  // Every charge has its invoice, stating the amount the ledger accepted, and every refund its
  // credit note for the same amount (decision 154).
  const documents = await db.select().from(invoices).where(eq(invoices.userId, real.member.id));
  const billed = documents.filter((d) => d.series === 'invoice');
  expect(
    billed.map((d) => d.total).sort((a, b) => a - b),
    context,
  ).toEqual([...ledger.expected].sort((a, b) => a - b));
  expect(new Set(billed.map((d) => d.chargeId)), context).toEqual(new Set(paid.map((c) => c.id)));
  // Each invoice names the country and rate its charge was taxed under, whatever the country is now.
  expect(
    billed
      .map((d) => {
        const [line] = d.document.tax;
        return ruleKey(d.total, line ? `${line.label} ${line.rateBasisPoints}` : 'none');
      })
      .sort(),
    context,
  ).toEqual([...ledger.rules].sort());
  const credited = documents.filter((d) => d.series === 'credit_note');
  expect(credited.map((d) => [d.chargeId, d.total]).sort(), context).toEqual(
    paid
      .filter((c) => c.refunded)
      .map((c) => [c.id, c.amount])
      .sort(),
  );
  // Nothing of the subscription is charged while it is paused; the renewal that resumes it is at its end.
  for (const c of paid.filter((c) => c.priceId !== CHALLENGE.id)) {
    const at = c.createdAt.getTime();
    const inside = ledger.pauses.find((p) => at > p.from + 1000 && at < p.to - 1000);
    expect(inside, `a charge of ${c.amount} on ${c.createdAt.toISOString()} inside a pause; ${context}`).toBe(
      undefined,
    );
  }
  const answers = await db
    .select()
    .from(cancellationReasons)
    .where(eq(cancellationReasons.userId, real.member.id));
  expect(answers.length, context).toBe(ledger.answers);

  // The profile and the portal state the same dates.
  const member = await view(real);
  const live = liveOf(member);
  // A planned pause moves the next charge to the renewal that resumes it.
  const renewsOn = live?.pause && live.status !== 'paused' ? live.pause.resumes_at : live?.current_period_end;
  if (live?.next_charge) expect(live.next_charge.date).toBe(renewsOn);
  if (live && real.portal && (live.status === 'active' || live.status === 'trialing')) {
    const page = await t.app.inject({ method: 'GET', url: real.portal });
    const stated = live.status === 'trialing' && live.trial_end ? live.trial_end : live.current_period_end;
    expect(page.body).toContain(utcDay(stated));
  }
}
