// Random member histories against the real API on the sandbox gateway: subscribe with or without a
// coupon on a card that pays or one that is declined after checkout, open plan-change pages and
// confirm them now or much later, cancel, refund, change the card, buy the challenge (twice, at
// once) and move the member's test clock by random amounts across renewals and month ends.
//
// The oracle is a small ledger kept beside the system, which never asks the billing engine for a
// figure. It holds every amount the member was shown and accepted (a page's total, the next charge
// the profile states before the clock reaches it, the amount a fixed card is asked to pay), what the
// current period was charged and when it began, and the rules of the price list and the coupons
// written here by hand. After every step: at most one live subscription, the charges are exactly the
// ledger's amounts, a renewal costs what the price list and the coupon's duration say, a change page
// credits the unused share of what the current period was charged and charges the new plan by the
// price list and the coupon (Stripe's flexible billing mode, decision 132), each charge has one
// receipt, no charge to a declining card after checkout, the challenge held at most once, and the
// profile and the portal state the same dates. Choosing the plan already held keeps it when a change
// or the end is scheduled, and is refused otherwise (decision 133). A member pauses a monthly plan for
// the months the trainer allows and may resume early (decision 152): the pause begins at the period's
// end and resumes the anchor's day N months later (computed here by hand), nothing is charged inside
// it, and the charge that resumes it is the one stated; at the cancel button they give a reason and
// take or leave the trainer's one offer, a coupon for the next months or a pause (decision 153),
// whose stated next charge is the one made; every answer is recorded. The tax variant (decision 173)
// draws the trainer's tax settings and the member's country per history: the ledger keeps price-list
// figures, and every amount shown (a checkout, a change's two lines, a renewal, a pause, an offer) is
// taxed from this file's own rate table, as Stripe taxes each line, before it is held to the charges.
// Its members also give another billing country mid-subscription: each later charge is taxed under
// the new country, as Stripe taxes each invoice from the address of its day, and a declined renewal
// stays due at the total its failed-payment email stated; every invoice names the country and rate
// its charge was taxed under (a declined renewal's, those of the day it was issued).
//
// `npm test` runs a small budget of sequences; `npm run test:histories -- [--tax] --runs N` runs more,
// and a failure prints fast-check's seed and the shrunk sequence to replay it with `--seed`.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../domain/api-types.ts';
import { toUserView } from '../../server/accounts/member-view.ts';
import {
  cancellationReasons,
  charges,
  coupons,
  emailOutbox,
  invoices,
  subscriptions,
  trainers,
} from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PaymentProcessor } from '../../server/payments/processor.ts';
import { advanceClock, clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember, userRow } from './fixtures.ts';
import { submitPage } from './hosted-pages.ts';
import { giveCountry, type Member } from './members.ts';

const RUNS = Number(process.env.BILLING_HISTORY_RUNS ?? 12);
// The tax variant adds a few to `npm test` (decision 176); `npm run test:histories -- --tax` runs more.
const TAX_RUNS = Number(process.env.BILLING_HISTORY_RUNS ?? 6);
const SEED = process.env.BILLING_HISTORY_SEED ? Number(process.env.BILLING_HISTORY_SEED) : undefined;
const MAX_COMMANDS = Number(process.env.BILLING_HISTORY_STEPS ?? 12);

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// The demo price list, as the seed sells it: the oracle's own copy.
const PLANS = {
  weekly: { id: 'demo-trainer-price-weekly', amount: 1499, trialDays: 0 },
  monthly: { id: 'demo-trainer-price-monthly', amount: 2999, trialDays: 7 },
  quarterly: { id: 'demo-trainer-price-quarterly', amount: 7999, trialDays: 7 },
  biannual: { id: 'demo-trainer-price-biannual', amount: 14999, trialDays: 0 },
  annual: { id: 'demo-trainer-price-annual', amount: 24999, trialDays: 14 },
} as const;
type PlanName = keyof typeof PLANS;
const PLAN_NAMES = Object.keys(PLANS) as PlanName[];
const CHALLENGE = { id: 'demo-trainer-price-challenge', amount: 4900 };

// Coupons this file adds, one per duration Stripe has.
const COUPONS = {
  HIST_ONCE10: { percentOff: 10, amountOff: null, duration: 'once', months: null },
  HIST_REPEAT20: { percentOff: 20, amountOff: null, duration: 'repeating', months: 2 },
  HIST_FOREVER5: { percentOff: null, amountOff: 500, duration: 'forever', months: null },
  /** The cancel flow's offer: half off for the next two months. */
  HIST_STAY50: { percentOff: 50, amountOff: null, duration: 'repeating', months: 2 },
} as const;
/** The lengths the demo trainer allows in these histories, and the offers a history may be made. */
const PAUSE_MONTHS = [1, 2, 3];
type OfferKind = 'coupon' | 'pause' | 'none';
const REASONS = ['too_expensive', 'unused', 'switched_service', 'other', ''] as const;
type CouponCode = keyof typeof COUPONS;

// The tax variant (decision 173): the trainer's settings, one per history, as this file sets them, and
// the countries its members give, some taxed and some not. The oracle's own table: no rate is read
// from the server or the engine.
const TAX_SETTINGS = {
  'exclusive ES 21 %': { mode: 'exclusive', rates: { ES: 2100, FR: 2000 } },
  'inclusive DE 19 %': { mode: 'inclusive', rates: { DE: 1900, IE: 2300 } },
} as const;
type TaxSettingsName = keyof typeof TAX_SETTINGS;
const COUNTRIES = ['ES', 'FR', 'DE', 'IE', 'US', null] as const;
/** The member's tax as the oracle sees it: none where the trainer collects none in their country. */
type MemberTax = { mode: 'exclusive' | 'inclusive'; rate: number; country: string } | null;

function memberTax(settings: TaxSettingsName | null, country: string | null): MemberTax {
  if (!settings || !country) return null;
  const { mode, rates } = TAX_SETTINGS[settings];
  const rate = (rates as Record<string, number>)[country];
  return rate === undefined ? null : { mode, rate, country };
}

/**
 * The tax in a price-list amount, half up to the cent as the hand-computed figures round it
 * (2999 × 21 % = 629.79 → 630; 24999 × 19/119 = 3991.44 → 3991), in integers only.
 */
function taxIn(amount: number, tax: MemberTax): number {
  if (!tax) return 0;
  const [num, den] =
    tax.mode === 'exclusive' ? [amount * tax.rate, 10_000] : [amount * tax.rate, 10_000 + tax.rate];
  return Math.floor((2 * num + den) / (2 * den));
}

/** What the member pays for a price-list amount: exclusive tax is added, inclusive is already in it. */
function gross(amount: number, tax: MemberTax): number {
  return tax?.mode === 'exclusive' ? amount + taxIn(amount, tax) : amount;
}

type Card = '4242' | '0341';
const CARDS: Record<Card, Record<string, string>> = {
  '4242': { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  '0341': { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' },
};

/** A price after a coupon, as Stripe discounts one line: percent rounded to the cent, or a fixed amount. */
function discounted(amount: number, code: CouponCode): number {
  const c = COUPONS[code];
  if (c.percentOff) return amount - Math.round((amount * c.percentOff) / 100);
  return Math.max(0, amount - (c.amountOff ?? 0));
}

/** `from` plus `n` calendar months, the day clamped to the month's last day (UTC). */
function addMonths(from: Date, n: number): Date {
  const total = from.getUTCFullYear() * 12 + from.getUTCMonth() + n;
  const last = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate();
  const d = new Date(from);
  d.setUTCFullYear(Math.floor(total / 12), total % 12, Math.min(from.getUTCDate(), last));
  return d;
}

/**
 * The end of the monthly period `n` months after one ending at `periodEnd`: the anchor's day, clamped
 * to the month's last day. A period that ends before its month's last day ended on the anchor's day;
 * one that ends on the last day may have been clamped, and only the history's anchor day says. Null
 * when the history cannot say.
 */
function monthsAfter(periodEnd: Date, n: number, anchorDay: number | null): Date | null {
  const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const [year, month, day] = [periodEnd.getUTCFullYear(), periodEnd.getUTCMonth(), periodEnd.getUTCDate()];
  const anchor = day === lastDay(year, month) ? anchorDay : day;
  if (anchor === null) return null;
  const total = year * 12 + month + n;
  const [y, m] = [Math.floor(total / 12), total % 12];
  const d = new Date(periodEnd);
  d.setUTCFullYear(y, m, Math.min(anchor, lastDay(y, m)));
  return d;
}

const utcDay = (iso: string | number | Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

interface OpenPage {
  path: string;
  digest: string;
  amount: number;
  /** A change now: the new plan's first period and the credit, as the page states them. */
  now: { newPlanCharge: number; credit: number } | null;
  /** The member's clock when the page was read: the moment its quote is for. */
  readAt: number;
  /** The tax row's amount, null when the page states none. */
  tax: number | null;
}

interface Ledger {
  /** Every amount the member was shown and that must have been charged, in order. */
  expected: number[];
  /** Each accepted charge with the country and rate its invoice names (see accept). */
  rules: string[];
  /** Charges a 0341 card may have: the ones made when it was entered at checkout. */
  enteredOn0341: number;
  hadTrial: boolean;
  card: Card | null;
  coupon: { code: CouponCode; start: Date; usedOnce: boolean } | null;
  /** A declined renewal still due: what the member was shown, and when it was declined. */
  owed: { amount: number; at: Date; tax: MemberTax } | null;
  /**
   * What the current period was charged (0 in a trial) and when it began; null once the ledger
   * cannot say (a refund, a declined renewal).
   */
  period: { charged: number; start: number } | null;
  pages: OpenPage[];
  /**
   * The day of the month a monthly plan's periods end on, before clamping (the billing cycle
   * anchor's); null where this history cannot say.
   */
  anchorDay: number | null;
  /** The times the subscription was paused: nothing of it may be charged inside one. */
  pauses: { from: number; to: number }[];
  /** The cancel flow's offer the trainer makes in this history. */
  offer: OfferKind;
  /** Answers given at the cancel button. */
  answers: number;
  /** Why the last renewal cost what it did, for a failure message. */
  log: string[];
  /** The member's tax: every figure above is before exclusive tax, every amount shown after it. */
  tax: MemberTax;
  /** The trainer's tax settings in this history, which the member's country is taxed under. */
  settings: TaxSettingsName | null;
}

interface Real {
  member: Member;
  portal: string | null;
}

let t: TestApp;
let processor: PaymentProcessor;
/** What the runs exercised, printed at the end so a run that tested little shows it. */
const seen: Record<string, number> = {};
const count = (what: string) => {
  seen[what] = (seen[what] ?? 0) + 1;
};

beforeAll(async () => {
  t = await startTestApp();
  processor = new PaymentProcessor(
    t.context.db,
    'sandbox',
    t.context.mail,
    t.context.config.publicUrl,
    t.context.memberViews,
  );
  for (const [code, c] of Object.entries(COUPONS)) {
    await t.context.db.insert(coupons).values({
      id: `hist-${code}`,
      trainerId: DEMO_TRAINER_ID,
      code,
      percentOff: c.percentOff,
      amountOff: c.amountOff,
      currency: c.amountOff ? 'usd' : null,
      duration: c.duration,
      durationInMonths: c.months,
    });
  }
});
afterAll(() => t.close());

async function view(real: Real): Promise<User> {
  return toUserView(t.context.db, await userRow(t.context, real.member.id), real.member.token);
}

type LiveSubscription = User['customer']['subscriptions']['data'][number];

function liveOf(user: User): LiveSubscription | null {
  return user.customer.subscriptions.data.find((s) => s.status !== 'canceled') ?? null;
}

/** Whether the member scheduled something that takes the plan away: then choosing it again keeps it. */
const keepable = (live: LiveSubscription) => live.cancel_at_period_end || live.scheduled_plan !== null;

/**
 * A subscriber asked for `plan` (a checkout started): the plan held is kept or refused, an overdue
 * one refused, any other opens a change page, read and held to the ledger.
 */
async function askedForPlan(
  ledger: Ledger,
  real: Real,
  live: LiveSubscription,
  plan: PlanName,
  res: Awaited<ReturnType<typeof startCheckout>>,
) {
  const overdue = live.status === 'past_due' || live.status === 'unpaid';
  if (live.status === 'paused' || live.pause) {
    // Paused, or a pause planned: the member resumes before changing the plan (decision 152).
    expect(res.statusCode).toBe(409);
    count('plan changes refused while paused');
    return;
  }
  if (live.plan.id === PLANS[plan].id) {
    if (keepable(live) && !overdue) {
      expect(res.statusCode).toBe(201);
      expect(res.json().url).toBe('http://site.test/confirmation');
      const kept = liveOf(await view(real));
      expect(kept).toMatchObject({ cancel_at_period_end: false, scheduled_plan: null });
      count('plans kept by choosing them again');
    } else {
      expect(res.statusCode).toBe(409);
    }
    return;
  }
  if (overdue) {
    expect(res.statusCode).toBe(409);
    return;
  }
  expect(res.statusCode).toBe(201);
  const path = new URL(res.json().url).pathname;
  expect(path).toMatch(/\/change$/);
  const { page } = await readPage(path, real.member);
  expect(page).not.toBeNull();
  if (!page) return;
  // A change never costs more than the new plan's first period.
  expect(page.amount).toBeLessThanOrEqual(gross(PLANS[plan].amount, ledger.tax));
  checkChangePage(ledger, live, PLANS[plan].id, page);
  ledger.pages.push(page);
}

async function startCheckout(real: Real, prices: string[], coupon?: CouponCode) {
  return t.app.inject({
    method: 'POST',
    url: `/api/user/startGatewayStripeSession${coupon ? `?coupon=${coupon}` : ''}`,
    headers: { token: real.member.token },
    payload: { prices, trainerID: DEMO_TRAINER_ID, route: '/', campaign: null },
  });
}

/** The tax row a page states (its amount), or null when it states none. */
const taxRowOf = (body: string) => {
  const found = /id="tax" data-amount="(\d+)"/.exec(body)?.[1];
  return found === undefined ? null : Number(found);
};

/** The page's total, its change-now figures and the digest its form carries. */
async function readPage(
  path: string,
  member: Member,
): Promise<{ status: number; body: string; page: OpenPage | null }> {
  const res = await t.app.inject({ method: 'GET', url: path });
  const readAt = (await clockNow(t.context.db, member.id)).getTime();
  const figure = (id: string) => {
    const found = new RegExp(`id="${id}" data-amount="(\\d+)"`).exec(res.body)?.[1];
    return found === undefined ? undefined : Number(found);
  };
  const [amount, newPlanCharge, credit] = [figure('total'), figure('new-plan-charge'), figure('credit')];
  const digest = /name="promise" value="([^"]+)"/.exec(res.body)?.[1];
  const now = newPlanCharge !== undefined && credit !== undefined ? { newPlanCharge, credit } : null;
  return {
    status: res.statusCode,
    body: res.body,
    page:
      amount !== undefined && digest ? { path, digest, amount, now, readAt, tax: taxRowOf(res.body) } : null,
  };
}

async function portalOf(real: Real): Promise<string> {
  if (real.portal) return real.portal;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/openGatewayStripePortal',
    headers: { token: real.member.token },
    payload: { trainerID: DEMO_TRAINER_ID },
  });
  expect(res.statusCode).toBe(201);
  real.portal = new URL((res.json() as { url: string }).url).pathname;
  return real.portal;
}

/**
 * What the ledger says a charge of `plan` made at `at` costs, by the price list and the coupon's
 * rules. `noise` is how far before the repeating window's end a charge still counts as past it.
 */
function renewalPrice(ledger: Ledger, planId: string, at: Date, noise = HOUR): number {
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
function checkChangePage(ledger: Ledger, live: LiveSubscription, planId: string, page: OpenPage) {
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
function accept(ledger: Ledger, amount: number, tax: MemberTax = ledger.tax) {
  ledger.expected.push(amount);
  ledger.rules.push(ruleKey(amount, tax ? `${tax.country} ${tax.rate}` : 'none'));
}

const ruleKey = (amount: number, rule: string) => `${amount} ${amount < 10 ? '*' : rule}`;

/** A charge of the subscription was made or attempted: a `once` coupon is used by it. */
function invoiced(ledger: Ledger, amount: number) {
  if (ledger.coupon && amount > 0) ledger.coupon.usedOnce = true;
}

async function checkInvariants(ledger: Ledger, real: Real) {
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

type Command = fc.AsyncCommand<Ledger, Real>;

class Subscribe implements Command {
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

class OpenChange implements Command {
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

class ConfirmPage implements Command {
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

class Cancel implements Command {
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

class KeepPlan implements Command {
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

/** The pause options the portal states: months, the promise's digest, the resuming charge and its date. */
function pauseOptionsOn(body: string) {
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
const pausable = (live: LiveSubscription) =>
  live.status === 'active' &&
  !live.cancel_at_period_end &&
  !live.scheduled_plan &&
  !live.pause &&
  live.plan.id === PLANS.monthly.id;

/** A pause begun by the member: the period's end, the charge that resumes it, held to the ledger. */
async function checkPaused(
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

class Pause implements Command {
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

class Resume implements Command {
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
class CancelFlow implements Command {
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

class Refund implements Command {
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

class UpdateCard implements Command {
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

class BuyChallenge implements Command {
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

const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;

/** The failed-payment emails the member was sent, oldest first. */
async function failedPaymentEmails(real: Real): Promise<string[]> {
  const rows = await t.context.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, real.member.email), eq(emailOutbox.template, 'paymentFailed')));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((m) => m.text);
}

class Advance implements Command {
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
class ChangeCountry implements Command {
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

// Monthly is drawn three times as often: only a monthly plan pauses (decision 152).
const subscribe = fc
  .tuple(
    fc.constantFrom<PlanName>(...PLAN_NAMES, 'monthly', 'monthly'),
    fc.option(fc.constantFrom(...(Object.keys(COUPONS) as CouponCode[])), { nil: null }),
    fc.constantFrom<Card>('4242', '4242', '0341'),
  )
  .map(([plan, coupon, card]) => new Subscribe(plan, coupon, card));
const openChange = fc.constantFrom(...PLAN_NAMES).map((plan) => new OpenChange(plan));
const confirmPage = fc.nat(5).map((i) => new ConfirmPage(i));
// Renewals, retries and month ends need time: most moves are days, some cross several periods.
const advance = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 10 }),
      fc.integer({ min: 0, max: 70 }),
    ),
    fc.integer({ min: 0, max: 23 }),
  )
  .map(([d, h]) => new Advance(d, h));

const pause = fc.constantFrom(...PAUSE_MONTHS).map((months) => new Pause(months));
const cancelFlow = fc
  .tuple(fc.constantFrom(...REASONS), fc.boolean())
  .map(([reason, take]) => new CancelFlow(reason, take));

// Each arbitrary is drawn as often as it is listed: money moves on subscriptions, changes and time.
const commands = [
  subscribe,
  subscribe,
  openChange,
  openChange,
  confirmPage,
  confirmPage,
  confirmPage,
  advance,
  advance,
  advance,
  fc.constant(new Cancel()),
  fc.constant(new KeepPlan()),
  fc.constant(new Refund()),
  fc.constantFrom<Card>('4242', '0341').map((card) => new UpdateCard(card)),
  fc.constantFrom<Card>('4242', '0341').map((card) => new UpdateCard(card)),
  fc.boolean().map((twice) => new BuyChallenge(twice)),
  pause,
  pause,
  pause,
  fc.constant(new Resume()),
  fc.constant(new Resume()),
  cancelFlow,
  cancelFlow,
];
// The tax variant's members also move: twice, so a history may cross a renewal under each country.
const changeCountry = fc.constantFrom(...COUNTRIES).map((country) => new ChangeCountry(country));
const taxedCommands = [...commands, changeCountry, changeCountry];

/**
 * The histories, untaxed or (`taxed`) under tax settings and a member's country drawn per history;
 * the tax variant draws none untaxed, and a country outside the settings pays the price alone.
 */
async function runHistories(runs: number, taxed: boolean) {
  let steps = 0;
  let taxedHistories = 0;
  const startCharges = (await t.context.db.select().from(charges)).length;
  // Three members in four in a country the settings tax; the rest in one they do not, or in none.
  const taxDraw = taxed
    ? fc.constantFrom(...(Object.keys(TAX_SETTINGS) as TaxSettingsName[])).chain((settings) =>
        fc.tuple(
          fc.constant(settings),
          fc.oneof(
            { arbitrary: fc.constantFrom(...Object.keys(TAX_SETTINGS[settings].rates)), weight: 3 },
            {
              arbitrary: fc.constantFrom(
                ...COUNTRIES.filter((c) => !c || !(c in TAX_SETTINGS[settings].rates)),
              ),
              weight: 1,
            },
          ),
        ),
      )
    : fc.constant([null, null] as const);
  await fc.assert(
    fc.asyncProperty(
      fc.commands(taxed ? taxedCommands : commands, { maxCommands: MAX_COMMANDS, size: 'max' }),
      fc.boolean(),
      fc.constantFrom<OfferKind>('coupon', 'pause', 'none'),
      // Half the histories start on a paid monthly plan: the one a pause and the offers apply to.
      fc.boolean(),
      taxDraw,
      async (cmds, hadTrialDrawn, offer, startsPaidMonthly, [settings, country]) => {
        const hadTrial = hadTrialDrawn || startsPaidMonthly;
        // The trainer's settings for this history: every length allowed, one offer or none, the tax.
        await t.context.db
          .update(trainers)
          .set({
            pauseMonths: PAUSE_MONTHS,
            cancelOffer:
              offer === 'coupon'
                ? { kind: 'coupon', couponId: 'hist-HIST_STAY50' }
                : offer === 'pause'
                  ? { kind: 'pause', months: 1 }
                  : null,
            tax: settings
              ? { mode: TAX_SETTINGS[settings].mode, rates: { ...TAX_SETTINGS[settings].rates } }
              : null,
          })
          .where(eq(trainers.id, DEMO_TRAINER_ID));
        const member = await createMember(t.context, { hadTrial });
        if (settings) await giveCountry(t.app, member.token, country);
        const tax = memberTax(settings, country);
        if (tax) taxedHistories++;
        const ledger: Ledger = {
          expected: [],
          rules: [],
          enteredOn0341: 0,
          hadTrial,
          card: null,
          coupon: null,
          owed: null,
          period: null,
          pages: [],
          anchorDay: null,
          pauses: [],
          offer,
          answers: 0,
          log: settings ? [`${settings}, member in ${country ?? 'no country'}`] : [],
          tax,
          settings,
        };
        const real: Real = { member, portal: null };
        if (startsPaidMonthly) await new Subscribe('monthly', null, '4242').run(ledger, real);
        await fc.asyncModelRun(() => ({ model: ledger, real }), cmds);
        steps += [...cmds].length;
      },
    ),
    { numRuns: runs, ...(SEED !== undefined ? { seed: SEED } : {}) },
  );
  const charged = (await t.context.db.select().from(charges)).length - startCharges;
  console.info(
    `billing histories${taxed ? ` with tax (${taxedHistories} members taxed)` : ''}: ${runs} sequences, ${steps} steps, ${charged} charges checked; ${Object.entries(
      seen,
    )
      .map(([what, n]) => `${what} ${n}`)
      .join(', ')}`,
  );
  for (const what of Object.keys(seen)) delete seen[what];
}

describe('random member histories on the sandbox', () => {
  it(
    `keep the money invariants over ${RUNS} random sequences of up to ${MAX_COMMANDS} steps`,
    () => runHistories(RUNS, false),
    Math.max(120_000, RUNS * 10_000),
  );
});

describe('random member histories with tax', () => {
  it(
    `keep the money invariants, every amount shown with its tax, over ${TAX_RUNS} sequences`,
    () => runHistories(TAX_RUNS, true),
    Math.max(120_000, TAX_RUNS * 10_000),
  );
});
