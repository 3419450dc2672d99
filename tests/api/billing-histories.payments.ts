// The billing histories' steps that move money or time: a refund, a card changed, the challenge
// bought, the clock advanced across renewals, and another billing country given (decision 173).

import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { emailOutbox } from '../../server/db/schema.ts';
import { advanceClock, clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { count, liveOf, processor, t, view } from './billing-histories.app.ts';
import { accept, checkInvariants, invoiced, renewalPrice } from './billing-histories.checks.ts';
import type { Command } from './billing-histories.commands.ts';
import {
  CARDS,
  type Card,
  CHALLENGE,
  type COUNTRIES,
  DAY,
  gross,
  HOUR,
  type Ledger,
  memberTax,
  type Real,
  taxIn,
} from './billing-histories.oracle.ts';
import { portalOf, readPage, startCheckout } from './billing-histories.pages.ts';
import { submitPage } from './hosted-pages.ts';
import { giveCountry } from './members.ts';

export class Refund implements Command {
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const member = await view(real);
    const charge = member.customer.charges.find((c) => c.paid && !c.refunded);
    if (!charge || !real.portal) return;
    const res = await submitPage(t.app, real.portal, { action: 'refund', charge: charge.id });
    expect(res.statusCode).toBe(303);
    // The refunded charge may have paid the current period, whose credit is then nothing.
    ledger.period = null;
    count('refunds');
    await checkInvariants(ledger, real);
  }
  toString = () => 'refundLatest';
}

export class UpdateCard implements Command {
  readonly card: Card;
  constructor(card: Card) {
    this.card = card;
  }
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const live = liveOf(await view(real));
    if (!live || !real.portal) return;
    const res = await submitPage(t.app, real.portal, {
      action: 'card',
      subscription: live.id,
      ...CARDS[this.card],
    });
    const overdue = live.status === 'past_due' || live.status === 'unpaid';
    if (overdue && this.card === '0341') {
      // A card that declines later charges cannot pay what is due: refused, nothing charged.
      expect(res.statusCode).toBe(400);
    } else {
      expect(res.statusCode).toBe(303);
      ledger.card = this.card;
      if (overdue && ledger.owed) {
        // The fixed card pays exactly the declined renewal, once.
        accept(ledger, ledger.owed.amount, ledger.owed.tax);
        ledger.log.push(`card fixed: paid ${ledger.owed.amount}`);
        count('overdue renewals paid by a new card');
        ledger.owed = null;
      }
    }
    await checkInvariants(ledger, real);
  }
  toString = () => `updateCard(${this.card})`;
}

export class BuyChallenge implements Command {
  readonly twiceAtOnce: boolean;
  constructor(twiceAtOnce: boolean) {
    this.twiceAtOnce = twiceAtOnce;
  }
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const member = await view(real);
    const held = member.customer.charges.some(
      (c) => c.paid && !c.refunded && c.invoice.lines.data[0]?.price.id === CHALLENGE.id,
    );
    const starts = await Promise.all(
      Array.from({ length: this.twiceAtOnce ? 2 : 1 }, () => startCheckout(real, [CHALLENGE.id])),
    );
    if (held) {
      // A product already held is not sold again.
      for (const s of starts) expect(s.statusCode).toBe(409);
      count('challenge refused as held');
      return;
    }
    const pages = await Promise.all(starts.map((s) => readPage(new URL(s.json().url).pathname, real.member)));
    const challenge = gross(CHALLENGE.amount, ledger.tax);
    for (const { page } of pages) {
      expect(page?.amount).toBe(challenge);
      expect(page?.tax).toBe(ledger.tax ? taxIn(CHALLENGE.amount, ledger.tax) : null);
    }
    const results = await Promise.all(
      pages.map(({ page }) =>
        page ? submitPage(t.app, page.path, { ...CARDS['4242'], promise: page.digest }) : null,
      ),
    );
    // However many checkouts were open, the challenge is paid once.
    expect(results.filter((r) => r?.statusCode === 303)).toHaveLength(1);
    count(this.twiceAtOnce ? 'challenge paid from two open checkouts' : 'challenge bought');
    accept(ledger, challenge);
    await portalOf(real);
    await checkInvariants(ledger, real);
  }
  toString = () => `buyChallenge(${this.twiceAtOnce ? 'two checkouts at once' : 'one checkout'})`;
}

export const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;

/** The failed-payment emails the member was sent, oldest first. */
export async function failedPaymentEmails(real: Real): Promise<string[]> {
  const rows = await t.context.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, real.member.email), eq(emailOutbox.template, 'paymentFailed')));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((m) => m.text);
}

export class Advance implements Command {
  readonly days: number;
  readonly hours: number;
  constructor(days: number, hours: number) {
    this.days = days;
    this.hours = hours;
  }
  check = () => true;
  async run(ledger: Ledger, real: Real) {
    const { db } = t.context;
    let left = this.days * DAY + this.hours * HOUR;
    // The clock stops just past each renewal the profile announces, so each charge can be held
    // against the figure the member read before it.
    for (let guard = 0; left > 0 && guard < 60; guard++) {
      const now = await clockNow(db, real.member.id);
      const live = liveOf(await view(real));
      const next = live?.next_charge ?? null;
      if (guard === 0) count(live ? `moves over a ${live.status} subscription` : 'moves without one');
      const due = next ? new Date(next.date).getTime() - now.getTime() + 60_000 : Number.POSITIVE_INFINITY;
      // The member's clock also runs with real time, so a renewal due within a minute of the end
      // of the move is reached by it: the move then goes just past the renewal.
      const renews = live !== null && next !== null && due <= left + 60_000;
      const step = renews ? Math.max(due, 1000) : left;
      if (live && next && renews) {
        const planId = live.scheduled_plan?.id ?? live.plan.id;
        const at = new Date(next.date);
        // A plan of another length, taking over at the renewal, starts its own cycle there.
        if (live.scheduled_plan) ledger.anchorDay = at.getUTCDate();
        if (live.status === 'paused') count('pauses ended at their date');
        // As for a pause's quote: a renewal within the noise of a repeating coupon's end (the offer
        // taken seconds after the anchor) may fall either side of it, the discounted or the full price.
        const exact = renewalPrice(ledger, planId, at, 0);
        const nearEnd = renewalPrice(ledger, planId, at);
        if (exact !== nearEnd) count('renewals within the noise of a coupon end');
        const context = `the renewal of ${planId} on ${next.date}; ${ledger.log.join(' | ')}`;
        expect([gross(exact, ledger.tax), gross(nearEnd, ledger.tax)], context).toContain(next.amount);
        const price = next.amount;
        // The price-list amount it stands for, whose tax the member view states where they pay it.
        const base = price === gross(exact, ledger.tax) ? exact : nearEnd;
        expect(next.tax?.amount, context).toBe(ledger.tax ? taxIn(base, ledger.tax) : undefined);
        if (ledger.tax) count('renewals taxed');
        const failedBefore = ledger.card === '0341' ? await failedPaymentEmails(real) : [];
        await advanceClock(processor, real.member.id, step);
        invoiced(ledger, price);
        if (ledger.card === '0341' && price > 0) {
          ledger.owed = { amount: price, at, tax: ledger.tax };
          ledger.period = null;
          ledger.log.push(`declined ${price} on ${next.date}`);
          count('renewals declined');
          // The failed-payment email asks for what the profile stated: the total, tax included.
          const sent = (await failedPaymentEmails(real)).slice(failedBefore.length);
          expect(sent, context).toEqual([
            expect.stringContaining(`We could not charge ${dollars(price)} for`),
          ]);
          // The move stops at the decline, as a member stops at the failed-payment email: what they
          // do next (a new card, a plan change, nothing) is the next step's.
          left = step;
        } else {
          ledger.period = { charged: base, start: at.getTime() };
          if (price > 0) {
            accept(ledger, price);
            ledger.log.push(`renewed ${price} on ${next.date}`);
            count('renewals charged');
          }
        }
      } else {
        await advanceClock(processor, real.member.id, step);
      }
      left -= step;
      await checkInvariants(ledger, real);
      // Retries on days 3, 5 and 7 after a decline, then the subscription ends, nothing charged.
      const after = liveOf(await view(real));
      if (
        ledger.owed &&
        (await clockNow(db, real.member.id)).getTime() > ledger.owed.at.getTime() + 7 * DAY + HOUR
      ) {
        expect(after).toBeNull();
        ledger.owed = null;
        count('subscriptions ended after the last retry');
      }
    }
  }
  toString = () => `advance(${this.days} d ${this.hours} h)`;
}

/**
 * The member gives another billing country mid-subscription (decision 173). As Stripe Tax does, each
 * invoice is taxed from the address at the time it is made: the next renewal (or the charge that ends
 * a pause, an offer's, a change's) under the new country's rule, while a declined renewal already
 * issued stays due at the total it was issued for.
 */
export class ChangeCountry implements Command {
  readonly country: (typeof COUNTRIES)[number];
  constructor(country: (typeof COUNTRIES)[number]) {
    this.country = country;
  }
  check = (ledger: Readonly<Ledger>) => ledger.settings !== null;
  async run(ledger: Ledger, real: Real) {
    await giveCountry(t.app, real.member.token, this.country);
    const before = ledger.tax;
    ledger.tax = memberTax(ledger.settings, this.country);
    ledger.log.push(`country now ${this.country ?? 'none'}`);
    count(before?.rate === ledger.tax?.rate ? 'countries changed, same rate' : 'countries changed, new rate');
    if (ledger.owed) count('countries changed with a renewal due');
    // The profile states the next renewal under the new rule at once.
    const live = liveOf(await view(real));
    const next = live?.next_charge;
    if (live && next) {
      const planId = live.scheduled_plan?.id ?? live.plan.id;
      const at = new Date(next.date);
      const context = `the next charge of ${planId} on ${next.date}; ${ledger.log.join(' | ')}`;
      const [exact, nearEnd] = [renewalPrice(ledger, planId, at, 0), renewalPrice(ledger, planId, at)];
      expect([gross(exact, ledger.tax), gross(nearEnd, ledger.tax)], context).toContain(next.amount);
      const base = next.amount === gross(exact, ledger.tax) ? exact : nearEnd;
      expect(next.tax?.amount, context).toBe(ledger.tax ? taxIn(base, ledger.tax) : undefined);
    }
    await checkInvariants(ledger, real);
  }
  toString = () => `changeCountry(${this.country ?? 'none'})`;
}
