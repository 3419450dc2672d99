// Random histories of a trainer's members against the figures (decision 144): fast-check's commands
// drive the real API on the sandbox gateway, as billing-histories.test.ts and access-histories.test.ts
// do (subscribe with or without a coupon, into a trial or paying at once, on a card that pays or one
// declined after checkout; cancel at the period's end; fix the card of an overdue renewal; refund a
// plan's or a product's charge; buy the challenge or the course; the operator's grants; a program
// opened and its first unit marked done or not; each member's test clock moved across trials,
// renewals, retries and month ends). Beside it, the ledger of metrics-model.ts, which never asks the
// code under test, writes down what each step counts. After every step the operator's figures
// (adminMetrics, checked against the contract) equal the ledger's: MRR now and at each month's end,
// active and trialing members, new and churned members, MRR churn, trials started, ended and
// converted, revenue, refunds, payments failing now and their amount, payments recovered, one-time
// sales per product, and how far members got in each program.
//
// Each sequence has a trainer of its own (the demo catalogue under a new id) and two members.
// `npm test` runs a small budget; `npm run test:metrics-histories -- --runs N [--database-url URL]
// [--seed S]` runs more, and a failure prints the seed and the shrunk sequence to replay.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../server/db/schema.ts';
import { seedTrainer } from '../../server/db/seed.ts';
import { clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { CONTENT } from './access-model.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { libraryCalls, moneyDriver } from './library-calls.ts';
import { type Member, TEST_ENV } from './members.ts';
import {
  addMonths,
  type Card,
  COUPONS,
  type Coupon,
  change,
  DAY,
  figuresOf,
  HOUR,
  invoice,
  type Ledger,
  liveSub,
  newLedger,
  ONE_TIME,
  PLANS,
  type Plan,
  type Product,
  runUntil,
  type Sub,
} from './metrics-model.ts';

const RUNS = Number(process.env.METRICS_HISTORY_RUNS ?? 4);
const SEED = process.env.METRICS_HISTORY_SEED ? Number(process.env.METRICS_HISTORY_SEED) : undefined;
const MAX_COMMANDS = Number(process.env.METRICS_HISTORY_STEPS ?? 10);
const MEMBERS = 2;
const ADMIN = { 'admin-token': 'metrics-histories-admin-token-0123456789', 'admin-actor': 'Histories' };
const CARDS: Record<Card, { number: string; expiry: string; cvc: string }> = {
  '4242': { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  '0341': { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' },
};
const FIRST_UNIT: Record<Product, string> = {
  challenge: CONTENT.days[0] ?? '',
  course: CONTENT.lessons[0]?.key ?? '',
};
const ITEM: Record<Product, string> = {
  challenge: 'challenge/30-day-shred',
  course: 'course/strength-foundations',
};

let t: TestApp;
const driver = billingDriver(() => t);
const money = moneyDriver(driver);
const api = libraryCalls(() => t);
const admin = adminCalls(() => t, ADMIN);
const seen: Record<string, number> = {};
const count = (what: string) => {
  seen[what] = (seen[what] ?? 0) + 1;
};
let trainers = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: ADMIN['admin-token'] } });
});
afterAll(() => t.close());

interface Real {
  trainerId: string;
  members: Member[];
  /** Each member's clock as last read: the figures' period reaches the latest. */
  clocks: Date[];
  /** When the sequence began: the figures' period starts with its month. */
  start: Date;
}

const price = (real: Real, what: Plan | Product) => `${real.trainerId}-price-${what}`;

async function now(real: Real, i: number): Promise<Date> {
  const at = await clockNow(t.context.db, real.members[i]?.id ?? '');
  real.clocks[i] = at;
  return at;
}

/** After every step: the operator's figures over every month any member's clock has reached. */
async function checkFigures(ledger: Ledger, real: Real) {
  const first = real.start;
  const last = new Date(Math.max(...real.clocks.map((c) => c.getTime())));
  const from = `${first.toISOString().slice(0, 7)}-01`;
  const to = new Date(
    addMonths(new Date(`${last.toISOString().slice(0, 7)}-01T00:00:00Z`), 1).getTime() - DAY,
  )
    .toISOString()
    .slice(0, 10);
  const months: string[] = [];
  for (let m = new Date(`${from}T00:00:00Z`); m.toISOString().slice(0, 10) <= to; m = addMonths(m, 1))
    months.push(m.toISOString().slice(0, 7));
  const url = `/api/admin/trainers/${real.trainerId}/metrics?from=${from}&to=${to}`;
  const { res, body } = await admin('adminMetrics', 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  const shown = body.metrics as Record<string, unknown> & {
    oneTimeSales: { productID: string; count: number; revenue: number }[];
    programs: { productID: string; members: unknown[] }[];
  };
  const expected = figuresOf(ledger, months);
  const context = ledger.log.join(' | ');
  expect(
    {
      mrr: shown.mrr,
      activeMembers: shown.activeMembers,
      trialingMembers: shown.trialingMembers,
      failing: shown.failing,
      recovered: shown.recovered,
      months: shown.months,
      oneTimeSales: shown.oneTimeSales.map((s) => ({
        product: s.productID,
        count: s.count,
        revenue: s.revenue,
      })),
      programs: shown.programs.map((p) => ({ product: p.productID, members: p.members })),
    },
    context,
  ).toEqual({
    ...expected,
    oneTimeSales: expected.oneTimeSales.map((s) => ({ ...s, product: `${real.trainerId}-${s.product}` })),
    programs: expected.programs.map((p) => ({ ...p, product: `${real.trainerId}-${p.product}` })),
  });
}

type Command = fc.AsyncCommand<Ledger, Real>;
const command = (name: string, run: (ledger: Ledger, real: Real) => Promise<void>): Command => ({
  check: () => true,
  async run(ledger, real) {
    ledger.log.push(name);
    await run(ledger, real);
    await checkFigures(ledger, real);
  },
  toString: () => name,
});

const held = (ledger: Ledger, i: number, product: Product) => {
  const m = ledger.members[i];
  return !!m && (m.grants.has(product) || m.charges.some((c) => c.price === product && !c.refunded));
};

const subscribe = (i: number, plan: Plan, coupon: Coupon | null, card: Card) =>
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

const cancel = (i: number) =>
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

const updateCard = (i: number, card: Card) =>
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

const refund = (i: number, what: Plan | Product) =>
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

const buy = (i: number, product: Product) =>
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

const grant = (i: number, product: Product) =>
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

const mark = (i: number, product: Product, done: boolean | null) =>
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

const advance = (i: number, days: number, hours: number) =>
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

const who = fc.nat(MEMBERS - 1);
const product = fc.constantFrom<Product>('challenge', 'course');
const card = fc.constantFrom<Card>('4242', '0341');
const subscribeTo = fc
  .tuple(
    who,
    fc.constantFrom<Plan>('weekly', 'monthly', 'annual'),
    fc.option(fc.constantFrom<Coupon>('FOREVER5', 'REPEAT20', 'ONCE10'), { nil: null }),
    card,
  )
  .map(([i, p, c, k]) => subscribe(i, p, c, k));
const move = fc
  .tuple(
    who,
    fc.oneof(fc.nat(4), fc.integer({ min: 5, max: 20 }), fc.integer({ min: 20, max: 80 })),
    fc.nat(23),
  )
  .map(([i, d, h]) => advance(i, d, h));
// Each arbitrary is drawn as often as it is listed: the figures move with subscriptions and time
// (trials, renewals, declines and their retries, ends), and a declined renewal is fixed by a card.
const commands = [
  subscribeTo,
  subscribeTo,
  subscribeTo,
  move,
  move,
  move,
  move,
  who.map(cancel),
  fc.tuple(who, fc.constantFrom<Card>('4242', '4242', '0341')).map(([i, c]) => updateCard(i, c)),
  fc.tuple(who, fc.constantFrom<Card>('4242', '4242', '0341')).map(([i, c]) => updateCard(i, c)),
  fc
    .tuple(who, fc.constantFrom<Plan | Product>('weekly', 'monthly', 'annual', 'challenge', 'course'))
    .map(([i, w]) => refund(i, w)),
  fc.tuple(who, product).map(([i, p]) => buy(i, p)),
  fc.tuple(who, product).map(([i, p]) => grant(i, p)),
  fc.tuple(who, product, fc.option(fc.boolean(), { nil: null })).map(([i, p, d]) => mark(i, p, d)),
];

/** A trainer of its own for a sequence: the demo catalogue under a new id, and this file's coupons. */
async function newTrainer(): Promise<string> {
  const id = `metrics-${process.pid}-${++trainers}`;
  await seedTrainer(t.context.db, { id, name: `Metrics ${trainers}` });
  await t.context.db.insert(coupons).values(
    Object.entries(COUPONS).map(([code, c]) => ({
      id: `${id}-${code}`,
      trainerId: id,
      code,
      percentOff: c.percentOff,
      amountOff: c.amountOff,
      currency: c.amountOff ? 'usd' : null,
      duration: c.duration,
      durationInMonths: c.months,
    })),
  );
  return id;
}

describe('the figures over random member histories on the sandbox', () => {
  it(
    `equal the ledger's over ${RUNS} random sequences of up to ${MAX_COMMANDS} steps`,
    async () => {
      let steps = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max' }),
          fc.array(fc.boolean(), { minLength: MEMBERS, maxLength: MEMBERS }),
          async (cmds, hadTrial) => {
            const trainerId = await newTrainer();
            const members = await Promise.all(
              hadTrial.map((h) => createMember(t.context, { trainerId, hadTrial: h })),
            );
            const real: Real = { trainerId, members, clocks: [], start: new Date() };
            for (let i = 0; i < MEMBERS; i++) await now(real, i);
            const ledger = newLedger(MEMBERS, hadTrial);
            await checkFigures(ledger, real);
            await fc.asyncModelRun(() => ({ model: ledger, real }), cmds);
            steps += [...cmds].length;
          },
        ),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
      console.info(
        `metrics histories: ${RUNS} sequences, ${steps} steps; ${Object.entries(seen)
          .map(([what, n]) => `${what} ${n}`)
          .join(', ')}`,
      );
    },
    Math.max(120_000, RUNS * 15_000),
  );
});
