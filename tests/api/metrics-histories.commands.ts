// The figures' histories' steps (decision 144): subscribe, cancel, fix a card, refund, buy, grant,
// mark a unit, move a member's clock; each writes down in the ledger what it counts.

import type fc from 'fast-check';
import { expect } from 'vitest';
import {
  admin,
  api,
  CARDS,
  checkFigures,
  count,
  driver,
  FIRST_UNIT,
  ITEM,
  money,
  now,
  price,
  type Real,
} from './metrics-histories.app.ts';
import {
  addMonths,
  type Card,
  COUPONS,
  type Coupon,
  change,
  DAY,
  HOUR,
  invoice,
  type Ledger,
  liveSub,
  ONE_TIME,
  PLANS,
  type Plan,
  type Product,
  runUntil,
  type Sub,
} from './metrics-model.ts';

export type Command = fc.AsyncCommand<Ledger, Real>;
export const command = (name: string, run: (ledger: Ledger, real: Real) => Promise<void>): Command => ({
  check: () => true,
  async run(ledger, real) {
    ledger.log.push(name);
    await run(ledger, real);
    await checkFigures(ledger, real);
  },
  toString: () => name,
});

export const held = (ledger: Ledger, i: number, product: Product) => {
  const m = ledger.members[i];
  return !!m && (m.grants.has(product) || m.charges.some((c) => c.price === product && !c.refunded));
};

export const subscribe = (i: number, plan: Plan, coupon: Coupon | null, card: Card) =>
  command(`subscribe(#${i}, ${plan}, ${coupon ?? 'no coupon'}, ${card})`, async (ledger, real) => {
    const m = ledger.members[i];
    const member = real.members[i];
    if (!m || !member || liveSub(m)) return;
    await driver.subscribe(member, price(real, plan), CARDS[card], coupon ?? undefined);
    const at = await now(real, i);
    const shown = (await money.live(member)) ?? null;
    expect(shown).not.toBeNull();
    const trial = !m.hadTrial && PLANS[plan].trialDays > 0;
    expect(shown?.status).toBe(trial ? 'trialing' : 'active');
    m.hadTrial ||= trial;
    const anchor = new Date(shown?.current_period_end ?? 0);
    const couponEnd =
      coupon && COUPONS[coupon].duration === 'repeating'
        ? new Date(addMonths(at, COUPONS[coupon].months ?? 0).getTime() - HOUR)
        : null;
    const sub: Sub = {
      plan,
      coupon,
      couponEnd,
      onceUsed: false,
      card,
      status: 'canceled',
      anchor,
      periods: 0,
      periodStart: at,
      periodEnd: anchor,
      cancelAtPeriodEnd: false,
      overdue: null,
      trialed: trial,
      converted: false,
    };
    m.subs.push(sub);
    change(ledger, null, at, () => Object.assign(sub, { status: trial ? 'trialing' : 'active' }));
    if (!trial) {
      const amount = invoice(sub, at);
      ledger.entries.push({ kind: 'charge', at, amount, product: null });
      m.charges.push({ amount, price: plan, refunded: false });
    }
    count(trial ? 'subscriptions into a trial' : 'subscriptions paid at once');
  });

export const cancel = (i: number) =>
  command(`cancelAtPeriodEnd(#${i})`, async (ledger, real) => {
    const m = ledger.members[i];
    const member = real.members[i];
    if (!m || !member) return;
    const sub = liveSub(m);
    expect(await money.cancelAtPeriodEnd(member)).toBe(sub !== null);
    if (sub) {
      sub.cancelAtPeriodEnd = true;
      count('cancellations at period end');
    }
  });

export const updateCard = (i: number, card: Card) =>
  command(`updateCard(#${i}, ${card})`, async (ledger, real) => {
    const m = ledger.members[i];
    const member = real.members[i];
    if (!m || !member) return;
    const sub = liveSub(m);
    const status = await money.changeCard(member, CARDS[card]);
    if (!sub) return expect(status).toBeNull();
    if (sub.overdue && card === '0341')
      return expect(status, 'a declining card cannot pay what is due').toBe(400);
    expect(status).toBe(303);
    sub.card = card;
    const owed = sub.overdue;
    if (owed) {
      const at = await now(real, i);
      change(ledger, sub, at, () => Object.assign(sub, { status: 'active', overdue: null }));
      ledger.entries.push({ kind: 'charge', at, amount: owed.amount, product: null });
      ledger.entries.push({ kind: 'recovered', at, amount: owed.amount });
      m.charges.push({ amount: owed.amount, price: sub.plan, refunded: false });
      count('failed payments recovered');
    }
  });

export const refund = (i: number, what: Plan | Product) =>
  command(`refund(#${i}, ${what})`, async (ledger, real) => {
    const m = ledger.members[i];
    const member = real.members[i];
    if (!m || !member) return;
    const charge = m.charges.findLast((c) => c.price === what && !c.refunded);
    expect(await money.refund(member, price(real, what))).toBe(charge !== undefined);
    if (!charge) return;
    charge.refunded = true;
    ledger.entries.push({ kind: 'refund', at: await now(real, i), amount: charge.amount });
    count('refunds');
  });

export const buy = (i: number, product: Product) =>
  command(`buy(#${i}, ${product})`, async (ledger, real) => {
    const m = ledger.members[i];
    const member = real.members[i];
    if (!m || !member) return;
    const bought = m.charges.some((c) => c.price === product && !c.refunded);
    const res = await driver.startSession(member, [price(real, product)]);
    if (bought) return expect(res.statusCode, 'a product held is not sold again').toBe(409);
    const paid = await driver.post(new URL(res.json().url).pathname, CARDS['4242']);
    expect(paid.statusCode).toBe(303);
    const at = await now(real, i);
    ledger.entries.push({ kind: 'charge', at, amount: ONE_TIME[product], product });
    m.charges.push({ amount: ONE_TIME[product], price: product, refunded: false });
    count(`${product} bought`);
  });

export const grant = (i: number, product: Product) =>
  command(`grant(#${i}, ${product})`, async (ledger, real) => {
    const m = ledger.members[i];
    const member = real.members[i];
    if (!m || !member) return;
    const slug = ITEM[product].split('/')[1];
    const url = `/api/admin/trainers/${real.trainerId}/members/${member.id}/grants`;
    const { res } = await admin('adminGrantAccess', 'POST', url, { target: slug });
    expect(res.statusCode, res.body).toBe(201);
    m.grants.add(product);
    count('grants');
  });

export const mark = (i: number, product: Product, done: boolean | null) =>
  command(`${done === null ? 'open' : `mark(${done})`}(#${i}, ${product})`, async (ledger, real) => {
    const m = ledger.members[i];
    const member = real.members[i];
    if (!m || !member) return;
    const open = held(ledger, i, product);
    const answer =
      done === null
        ? await api.unit(member, ITEM[product], FIRST_UNIT[product])
        : await api.mark(member, ITEM[product], FIRST_UNIT[product], done);
    expect(answer.status, answer.res.body).toBe(open ? 200 : 403);
    if (!open) return;
    const units = m.programs.get(product) ?? new Set<string>();
    if (done === true) units.add(FIRST_UNIT[product]);
    if (done === false) units.delete(FIRST_UNIT[product]);
    m.programs.set(product, units);
    count(done === null ? 'programs opened' : 'units marked');
  });

export const advance = (i: number, days: number, hours: number) =>
  command(`advance(#${i}, ${days} d ${hours} h)`, async (ledger, real) => {
    const m = ledger.members[i];
    const member = real.members[i];
    if (!m || !member) return;
    const moved = await driver.advanceBy(member, days * DAY + hours * HOUR);
    real.clocks[i] = moved.now;
    const before = ledger.entries.length;
    runUntil(ledger, m, moved.now);
    count('clock moves');
    for (const e of ledger.entries.slice(before)) count(`moves that brought ${e.kind}`);
  });
