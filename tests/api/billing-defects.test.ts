import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, CARD, DAY, FAILS_LATER, shownPromise } from './hosted-pages.ts';
import type { Member } from './members.ts';

let t: TestApp;
const billing = billingDriver(() => t);
const { startSession, start, post, customerOf, mailTo, portal, advanceBy } = billing;
const advance = (member: Member, days: number) => billing.advance(member, days);
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

// The demo catalogue's prices, in cents.
const WEEKLY = 1499;
const MONTHLY = 2999;
const QUARTERLY = 7999;
const ANNUAL = 24999;
const CHALLENGE = 4900;

const price = (name: string) => `demo-trainer-price-${name}`;
const read = (path: string) => t.app.inject({ method: 'GET', url: path });
const subscribe = (member: Member, plan: string, card = CARD, coupon?: string) =>
  billing.subscribe(member, price(plan), card, coupon);

async function subscriptionOf(member: Member) {
  const [sub] = (await customerOf(member)).subscriptions.data;
  if (!sub) throw new Error('The member has no subscription');
  return sub;
}

/** What the member was charged, oldest first. */
async function chargedAmounts(member: Member): Promise<number[]> {
  const { charges } = await customerOf(member);
  return [...charges].sort((a, b) => a.created.localeCompare(b.created)).map((c) => c.amount);
}

async function mailEnding(member: Member, subjectEnd: string) {
  const found = (await mailTo(member)).filter((m) => m.subject.endsWith(subjectEnd));
  expect(found).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[0]>;
}

/**
 * The figures a hosted page states in its total's row: what it charges now (the amount the member
 * reads, which its data-amount must repeat), and what it charges next.
 */
function totalOf(body: string) {
  const cell = /<th\b([^>]*\bid="total"[^>]*)>([^<]*)</.exec(body);
  if (!cell) throw new Error('The page shows no total');
  const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(cell[1] ?? '')?.[1];
  // An English page's '$22,000.01' is 2200001 cents.
  const shown = Math.round(Number((cell[2] ?? '').replace(/[^\d.]/g, '')) * 100);
  const data = attribute('data-amount');
  if (data !== undefined) expect(Number(data)).toBe(shown);
  const next = attribute('data-next-amount');
  return {
    amount: shown,
    nextAmount: next === undefined ? null : Number(next),
    nextAt: attribute('data-next-at') ?? null,
  };
}

const nextRenewalLine = (body: string) => /<p id="next-renewal">([^<]*)<\/p>/.exec(body)?.[1];

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** The UTC day of an instant, written out as an English-speaking member reads it. */
function utcDay(value: string | Date | number): string {
  const d = new Date(value);
  return `${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

function utcDayEs(value: string | Date | number): string {
  const d = new Date(value);
  return `${d.getUTCDate()} de ${MONTHS_ES[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
}

const isoDay = (value: string | Date | number) => new Date(value).toISOString().slice(0, 10);

describe('1. a plan-change page left open while the renewal is declined', () => {
  it('refuses the old quote, charges nothing, and the new card pays the overdue renewal once', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'weekly', FAILS_LATER);
    const change = await start(member, [price('annual')]);
    const oldPromise = await shownPromise(t.app, change);

    // Day 7 renews the week; 0341 declines it, so on day 8 the subscription is past due.
    await advance(member, 8);
    expect(await subscriptionOf(member)).toMatchObject({
      status: 'past_due',
      plan: { id: price('weekly') },
    });

    const stale = await post(change, { promise: oldPromise ?? '' });
    expect([409, 410]).toContain(stale.statusCode);
    expect(stale.body).toContain('Your last payment did not go through');
    expect(await chargedAmounts(member)).toEqual([WEEKLY]);
    expect(await subscriptionOf(member)).toMatchObject({
      status: 'past_due',
      plan: { id: price('weekly') },
    });
    // Nor can a new change page be opened until the card pays what is due.
    const another = await startSession(member, [price('annual')]);
    expect(another.statusCode).toBe(409);
    expect((another.json() as { message: string }).message).toMatch(/^Your last payment did not go through/);

    const path = await portal(member);
    const sub = await subscriptionOf(member);
    expect((await post(path, { action: 'card', subscription: sub.id, ...CARD })).statusCode).toBe(303);
    // The overdue invoice is the week's renewal: 1499, paid once.
    expect(await chargedAmounts(member)).toEqual([WEEKLY, WEEKLY]);
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', plan: { id: price('weekly') } });
    // The retry the decline scheduled for day 10 has nothing left to collect.
    await advance(member, 3);
    expect(await chargedAmounts(member)).toEqual([WEEKLY, WEEKLY]);

    // The page's quote was made for the first week; its hour is long past, so it still does not stand.
    const again = await post(change, { promise: oldPromise ?? '' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('The amounts changed since this page was shown');
    // The fresh quote: the renewal paid on day 7 runs to day 14, so on day 11 three of its seven days
    // are unused: credit round(1499 × 3 / 7) = round(642.43) = 642, and 24999 − 642 = 24357 due.
    expect(totalOf(again.body).amount).toBe(ANNUAL - 642);

    // Checkout and the overdue renewal, 2 × 1499 = 2998: never the annual price.
    const charged = await chargedAmounts(member);
    expect(charged.reduce((sum, a) => sum + a, 0)).toBe(2 * WEEKLY);
    expect(charged).not.toContain(ANNUAL);
    expect((await subscriptionOf(member)).plan.id).toBe(price('weekly'));
  });
});

describe('2. a one-time product is bought once', () => {
  it('charges once when two checkouts opened before either was paid are both paid', async () => {
    const member = await createMember(t.context);
    const first = await start(member, [price('challenge')]);
    const second = await start(member, [price('challenge')]);
    const firstPromise = await shownPromise(t.app, first);
    const secondPromise = await shownPromise(t.app, second);

    expect((await post(first, { ...CARD, promise: firstPromise ?? '' })).statusCode).toBe(303);
    const refused = await post(second, { ...CARD, promise: secondPromise ?? '' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('You have already purchased this product. Nothing was charged.');
    expect(await chargedAmounts(member)).toEqual([CHALLENGE]);
  });

  it('charges once when the two checkouts are paid at the same moment', async () => {
    const member = await createMember(t.context);
    const paths = [await start(member, [price('challenge')]), await start(member, [price('challenge')])];
    const promises = await Promise.all(paths.map((p) => shownPromise(t.app, p)));
    const results = await Promise.all(paths.map((p, i) => post(p, { ...CARD, promise: promises[i] ?? '' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([303, 409]);
    expect(await chargedAmounts(member)).toEqual([CHALLENGE]);
  });

  it('refuses to start a checkout of a product the member holds, until it is refunded', async () => {
    const member = await createMember(t.context);
    expect((await post(await start(member, [price('challenge')]), CARD)).statusCode).toBe(303);

    const held = await startSession(member, [price('challenge')]);
    expect(held.statusCode).toBe(409);
    expect((held.json() as { message: string }).message).toBe('You have already purchased this product.');

    const path = await portal(member);
    const [charge] = (await customerOf(member)).charges;
    expect((await post(path, { action: 'refund', charge: charge?.id ?? '' })).statusCode).toBe(303);

    expect((await post(await start(member, [price('challenge')]), CARD)).statusCode).toBe(303);
    const { charges } = await customerOf(member);
    expect(charges.map((c) => c.refunded).sort()).toEqual([false, true]);
    expect(charges.map((c) => c.amount)).toEqual([CHALLENGE, CHALLENGE]);
  });
});

describe('3. a plan change in a trial states and charges the new plan at the trial end', () => {
  it('monthly to annual: the page states $249.99 per year from the trial end, and 24999 is charged then', async () => {
    const member = await createMember(t.context);
    await subscribe(member, 'monthly');
    const trialEnd = (await subscriptionOf(member)).trial_end ?? '';

    const change = await start(member, [price('annual')]);
    const page = await read(change);
    const total = totalOf(page.body);
    expect(total.amount).toBe(0);
    const line = nextRenewalLine(page.body);
    expect(line).not.toContain('$0');
    expect(line).toContain('$249.99 per year');
    expect(line).toContain(utcDay(trialEnd));
    expect(total.nextAmount).toBe(ANNUAL);
    expect(total.nextAt).toBe(trialEnd);

    expect((await post(change)).statusCode).toBe(303);
    expect(await subscriptionOf(member)).toMatchObject({
      status: 'trialing',
      plan: { id: price('annual') },
      next_charge: { amount: ANNUAL, date: trialEnd },
    });

    // The 7-day trial ends on day 7; its reminder on day 4 already names the new plan's price.
    await advance(member, 8);
    expect(await chargedAmounts(member)).toEqual([ANNUAL]);
    expect((await mailEnding(member, 'your free trial ends in 3 days')).text).toContain(
      'Your card will then be charged $249.99.',
    );
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', plan: { id: price('annual') } });
  });

  it('annual to monthly: the page states $29.99 per month from the trial end, and 2999 is charged then', async () => {
    const member = await createMember(t.context);
    await subscribe(member, 'annual');
    const trialEnd = (await subscriptionOf(member)).trial_end ?? '';

    const change = await start(member, [price('monthly')]);
    const page = await read(change);
    const total = totalOf(page.body);
    expect(total.amount).toBe(0);
    const line = nextRenewalLine(page.body);
    expect(line).not.toContain('$0');
    expect(line).toContain('$29.99 per month');
    expect(line).toContain(utcDay(trialEnd));
    expect(total.nextAmount).toBe(MONTHLY);

    expect((await post(change)).statusCode).toBe(303);
    // The annual plan's trial is 14 days.
    await advance(member, 15);
    expect(await chargedAmounts(member)).toEqual([MONTHLY]);
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', plan: { id: price('monthly') } });
  });
});

describe('4. a plan-change quote stands for a while, then no longer', () => {
  it("refuses a $0 page read on the trial's last day and confirmed after the trial ended", async () => {
    const member = await createMember(t.context);
    await subscribe(member, 'monthly');
    await advanceBy(member, 6 * DAY + 12 * HOUR);

    const change = await start(member, [price('annual')]);
    const page = await read(change);
    expect(totalOf(page.body).amount).toBe(0);
    const oldPromise = await shownPromise(t.app, change);

    // Day 7 ends the trial and charges the month.
    await advance(member, 1);
    expect(await chargedAmounts(member)).toEqual([MONTHLY]);
    const sub = await subscriptionOf(member);

    const confirmed = await post(change, { promise: oldPromise ?? '' });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.body).toContain('The amounts changed since this page was shown');
    const fresh = totalOf(confirmed.body);
    // The month paid at the trial end (day 7) has half a day used on day 7.5:
    // credit round(2999 × (L − 12 h) / L), L the month's length; due 24999 − credit.
    const length = Date.parse(sub.current_period_end) - Date.parse(sub.trial_end ?? '');
    const credit = Math.round((MONTHLY * (length - 12 * HOUR)) / length);
    expect(Math.abs(fresh.amount - (ANNUAL - credit))).toBeLessThanOrEqual(1);
    expect(await shownPromise(t.app, change)).not.toBe(oldPromise);

    expect(await chargedAmounts(member)).toEqual([MONTHLY]);
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', plan: { id: price('monthly') } });
  });

  it('refuses a page with an amount due confirmed ten days later, charging nothing', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'monthly');
    const change = await start(member, [price('annual')]);
    const page = await read(change);
    // Bought moments ago: the whole month, 2999, is credited; 24999 − 2999 = 22000.
    expect(totalOf(page.body).amount).toBe(ANNUAL - MONTHLY);
    const oldPromise = await shownPromise(t.app, change);

    await advance(member, 10);
    const confirmed = await post(change, { promise: oldPromise ?? '' });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.body).toContain('The amounts changed since this page was shown');
    const sub = await subscriptionOf(member);
    const bought = Date.parse((await customerOf(member)).charges[0]?.created ?? '');
    // Ten days of the month used: credit round(2999 × (L − 10 days) / L); due 24999 − credit.
    const length = Date.parse(sub.current_period_end) - bought;
    const credit = Math.round((MONTHLY * (length - 10 * DAY)) / length);
    expect(Math.abs(totalOf(confirmed.body).amount - (ANNUAL - credit))).toBeLessThanOrEqual(1);

    expect(await chargedAmounts(member)).toEqual([MONTHLY]);
    expect(sub.plan.id).toBe(price('monthly'));
  });

  it('charges exactly the amount shown when the page is confirmed within its hour', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'monthly');
    const change = await start(member, [price('annual')]);
    const shown = totalOf((await read(change)).body).amount;
    // 24999 − 2999: the whole month is credited moments after it was bought.
    expect(shown).toBe(ANNUAL - MONTHLY);
    const promise = await shownPromise(t.app, change);

    // Half an hour later a fresh quote would credit about 2 cents less (2999 × 30 min / 30 days ≈ 2.1)
    // and ask for 22002; the page shown asked for 22000.
    await advanceBy(member, 30 * MINUTE);
    expect((await post(change, { promise: promise ?? '' })).statusCode).toBe(303);
    expect(await chargedAmounts(member)).toEqual([MONTHLY, shown]);
    expect((await subscriptionOf(member)).plan.id).toBe(price('annual'));
  });
});

describe('5. the credit of a plan change is what the current period was billed at', () => {
  it('monthly → quarterly → annual credits the quarterly period, not the monthly charge', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'monthly');

    // Just bought: 7999 − 2999 = 5000.
    const toQuarterly = await start(member, [price('quarterly')]);
    expect(totalOf((await read(toQuarterly)).body).amount).toBe(QUARTERLY - MONTHLY);
    expect((await post(toQuarterly)).statusCode).toBe(303);

    // The quarter just started was billed at 7999 (paid as 5000 after the month's credit), and all
    // of it is unused: 24999 − 7999 = 17000. Crediting the 5000 paid would ask 19999; crediting the
    // monthly 2999 would ask 22000.
    const toAnnual = await start(member, [price('annual')]);
    const page = await read(toAnnual);
    expect(totalOf(page.body).amount).toBe(ANNUAL - QUARTERLY);
    expect(page.body).toMatch(/id="credit"[^>]*>−\$79\.99<\/td>/);
    expect((await post(toAnnual)).statusCode).toBe(303);

    // The three charges share the test clock's moment, so their order in the view is not theirs.
    expect((await chargedAmounts(member)).sort((a, b) => a - b)).toEqual(
      [MONTHLY, QUARTERLY - MONTHLY, ANNUAL - QUARTERLY].sort((a, b) => a - b),
    );
    expect((await subscriptionOf(member)).plan.id).toBe(price('annual'));
  });

  it('credits nothing for a period whose charge was refunded', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'monthly');
    const path = await portal(member);
    const [charge] = (await customerOf(member)).charges;
    expect((await post(path, { action: 'refund', charge: charge?.id ?? '' })).statusCode).toBe(303);

    // The month was given back: no credit, the full 24999 is due.
    const change = await start(member, [price('annual')]);
    const page = await read(change);
    expect(totalOf(page.body).amount).toBe(ANNUAL);
    expect((await post(change)).statusCode).toBe(303);
    const { charges } = await customerOf(member);
    expect(charges.map((c) => [c.amount, c.refunded]).sort(([a], [b]) => Number(a) - Number(b))).toEqual([
      [MONTHLY, true],
      [ANNUAL, false],
    ]);
  });
});

describe('6. a once coupon on a declined trial end', () => {
  it('charges 2699 once when the card is fixed, then 2999 at the next renewal', async () => {
    const member = await createMember(t.context);
    await subscribe(member, 'monthly', FAILS_LATER, 'WELCOME10');
    expect(await chargedAmounts(member)).toEqual([]);

    // The trial ends on day 7; 10% off 2999 is 299.9, rounded 300: 2699, declined on 0341.
    await advance(member, 8);
    expect((await subscriptionOf(member)).status).toBe('past_due');
    expect((await mailEnding(member, 'your payment failed')).text).toContain('We could not charge $26.99');

    const path = await portal(member);
    const sub = await subscriptionOf(member);
    expect((await post(path, { action: 'card', subscription: sub.id, ...CARD })).statusCode).toBe(303);
    expect(await chargedAmounts(member)).toEqual([2699]);

    // The next renewal, a month after the trial end, is at most day 7 + 31 = 38; day 39 is past it and
    // before the one after (day 7 + 59 at the earliest).
    await advance(member, 31);
    expect(await chargedAmounts(member)).toEqual([2699, MONTHLY]);
    expect((await subscriptionOf(member)).next_charge?.amount).toBe(MONTHLY);
  });
});

describe('7. changing the plan of a subscription set to end at the period end', () => {
  it('an upgrade renews it instead, and the page and the email say so', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'monthly');
    const path = await portal(member);
    const sub = await subscriptionOf(member);
    expect((await post(path, { action: 'cancel', subscription: sub.id })).statusCode).toBe(303);
    expect((await subscriptionOf(member)).cancel_at_period_end).toBe(true);

    const change = await start(member, [price('annual')]);
    const page = await read(change);
    const renews = /<p id="renews">([^<]*)<\/p>/.exec(page.body)?.[1];
    const next = nextRenewalLine(page.body);
    expect(page.body).not.toContain('Nothing more is charged');
    expect((await post(change)).statusCode).toBe(303);

    const after = await subscriptionOf(member);
    expect(after).toMatchObject({
      status: 'active',
      plan: { id: price('annual') },
      cancel_at_period_end: false,
      next_charge: { amount: ANNUAL },
    });
    // The annual plan starts on confirming, for a year: the page named the day that year ends.
    const yearEnds = utcDay(after.current_period_end);
    expect(renews).toBe(
      `Your subscription is set to end. With this change it renews instead: the next period ends on ${yearEnds}.`,
    );
    expect(next).toBe(`Then $249.99 per year, from ${yearEnds}`);
    const mail = await mailEnding(member, 'your plan has changed');
    expect(mail.text).toContain('Your subscription was set to end: with the new plan it renews instead.');
    expect(mail.text).toContain(`Then $249.99 per year, from ${utcDay(after.current_period_end)}`);
    expect(mail.text).not.toContain('Nothing more is charged');
  });

  it('a downgrade scheduled for the renewal renews it too, and the email says so', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'annual');
    const path = await portal(member);
    const sub = await subscriptionOf(member);
    expect((await post(path, { action: 'cancel', subscription: sub.id })).statusCode).toBe(303);
    const yearEnds = utcDay(sub.current_period_end);
    expect((await mailEnding(member, 'your subscription has been cancelled')).text).toContain(
      'nothing more will be charged',
    );

    // Monthly is cheaper than the year's unused part: it starts at the renewal, which now happens.
    const change = await start(member, [price('monthly')]);
    const page = await read(change);
    expect(/<p id="renews">([^<]*)<\/p>/.exec(page.body)?.[1]).toBe(
      `Your subscription is set to end. With this change it renews instead: the next period ends on ${yearEnds}.`,
    );
    expect(nextRenewalLine(page.body)).toBe(`Then $29.99 per month, from ${yearEnds}`);
    expect((await post(change)).statusCode).toBe(303);

    expect(await subscriptionOf(member)).toMatchObject({
      plan: { id: price('annual') },
      scheduled_plan: { id: price('monthly') },
      cancel_at_period_end: false,
      next_charge: { amount: MONTHLY },
    });
    // The last email said nothing more would be charged; the member is told it renews.
    const mail = await mailEnding(member, 'your plan has changed');
    expect(mail.text).toContain('Your subscription was set to end: with the new plan it renews instead.');
    expect(mail.text).toContain(`Then $29.99 per month, from ${yearEnds}`);

    // The year ends and monthly takes over: 24999 at checkout, then 2999.
    await advance(member, 366);
    expect(await chargedAmounts(member)).toEqual([ANNUAL, MONTHLY]);
  });
});

describe('8. what a discounted plan costs, as the page and the email state it', () => {
  beforeAll(async () => {
    await t.context.db.insert(coupons).values({
      id: 'coupon-defects-quarter',
      trainerId: DEMO_TRAINER_ID,
      code: 'QUARTER20',
      percentOff: 20,
      duration: 'repeating',
      durationInMonths: 3,
    });
  });

  it('the trial-started email of a once coupon states $26.99 once, then $29.99 per month', async () => {
    const member = await createMember(t.context);
    await subscribe(member, 'monthly', CARD, 'WELCOME10');
    const trialEnd = (await subscriptionOf(member)).trial_end ?? '';
    const mail = await mailEnding(member, 'your free trial has started');
    expect(mail.text).not.toContain('$26.99 per month');
    // 2999 − 10% (300) = 2699 at the trial end, then the full price.
    expect(mail.text).toContain(
      `Then $26.99 on ${utcDay(trialEnd)}, and $29.99 per month after that, unless you cancel before the trial ends`,
    );
  });

  it('a quarterly checkout with a 3-month coupon states and charges 6399 now, then 7999', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const path = await start(member, [price('quarterly')], 'QUARTER20');
    const page = await read(path);
    // 20% of 7999 is 1599.8, rounded 1600: 6399 today. The next quarter starts on the day the
    // coupon's three months end, so it is charged in full.
    const total = totalOf(page.body);
    expect(total.amount).toBe(6399);
    expect(page.body).toContain('Pay $63.99');
    expect((await post(path, CARD)).statusCode).toBe(303);
    expect(await chargedAmounts(member)).toEqual([6399]);
    // Three months are at most 92 days.
    await advance(member, 93);
    expect(await chargedAmounts(member)).toEqual([6399, QUARTERLY]);

    expect(page.body).toMatch(
      /<p id="then">Then \$79\.99 every 3 months, from [A-Z][a-z]+ \d{1,2}, \d{4}<\/p>/,
    );
    expect(total.nextAmount).toBe(QUARTERLY);
  });

  it('a quarterly checkout with a trial and a 3-month coupon states 6399 at the trial end, then 7999', async () => {
    const member = await createMember(t.context);
    const path = await start(member, [price('quarterly')], 'QUARTER20');
    const page = await read(path);
    const total = totalOf(page.body);
    expect(total.amount).toBe(0);
    expect(page.body).toMatch(
      /<p id="then">Then \$63\.99 on [A-Z][a-z]+ \d{1,2}, \d{4}, and \$79\.99 every 3 months after that<\/p>/,
    );
    // The trial ends on day 7, inside the coupon's three months: 6399. The quarter after starts
    // three months after day 7, past them: 7999.
    expect(total.nextAmount).toBe(6399);
    expect((await post(path, CARD)).statusCode).toBe(303);
    await advance(member, 8);
    expect(await chargedAmounts(member)).toEqual([6399]);
    await advance(member, 93);
    expect(await chargedAmounts(member)).toEqual([6399, QUARTERLY]);
  });
});

describe('9. a returning member gets no second trial', () => {
  it('shows had_trial, and the checkout page offers no trial and charges at once', async () => {
    const member = await createMember(t.context);
    await subscribe(member, 'monthly');
    const path = await portal(member);
    const sub = await subscriptionOf(member);
    expect((await post(path, { action: 'cancel', subscription: sub.id })).statusCode).toBe(303);
    await advance(member, 8);
    expect((await subscriptionOf(member)).status).toBe('canceled');
    expect(await chargedAmounts(member)).toEqual([]);

    expect((await customerOf(member)).had_trial).toBe(true);
    const checkout = await start(member, [price('monthly')]);
    const page = await read(checkout);
    expect(page.body).not.toContain('free trial');
    expect(page.body).not.toContain('Start free trial');
    expect(totalOf(page.body).amount).toBe(MONTHLY);
    expect(page.body).toContain('Pay $29.99');
    expect((await post(checkout, CARD)).statusCode).toBe(303);
    expect(await chargedAmounts(member)).toEqual([MONTHLY]);
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', trial_end: null });
  });

  it('shows had_trial for a member the records mark as having had one', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    expect((await customerOf(member)).had_trial).toBe(true);
    const page = await read(await start(member, [price('monthly')]));
    expect(page.body).not.toContain('free trial');
    expect(totalOf(page.body).amount).toBe(MONTHLY);
  });
});

describe('10. dates of an evening checkout in California', () => {
  /** Moves the member's clock to the next 03:30 UTC: 19:30 or 20:30 of the day before in California. */
  async function toCaliforniaEvening(member: Member): Promise<number> {
    const now = Date.now();
    const d = new Date(now);
    let target = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 3, 30);
    if (target <= now + MINUTE) target += DAY;
    await advanceBy(member, target - now);
    const california = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'long',
      timeZone: 'America/Los_Angeles',
    }).format(target);
    // The setting this test is about: California's date is the day before the UTC date.
    expect(california).not.toBe(utcDay(target));
    return target;
  }

  it('a paid checkout: the receipt, the member view and the portal state the same UTC days', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const paidAt = await toCaliforniaEvening(member);
    await subscribe(member, 'weekly');

    const { charges, subscriptions } = await customerOf(member);
    const created = charges[0]?.created ?? '';
    expect(isoDay(created)).toBe(isoDay(paidAt));
    const receipt = await mailEnding(member, 'your receipt');
    expect(receipt.text).toContain(`Date: ${utcDay(paidAt)}`);

    // A week later, at the same UTC time.
    const periodEnd = subscriptions.data[0]?.current_period_end ?? '';
    expect(isoDay(periodEnd)).toBe(isoDay(paidAt + 7 * DAY));
    const portalPage = await read(await portal(member));
    expect(portalPage.body).toContain(`Renews on ${utcDay(paidAt + 7 * DAY)}`);
    expect(portalPage.body).toContain(`Sandbox time for this member: ${utcDay(paidAt)}`);
    // Each surface says which day it means.
    expect(receipt.text).toContain('Dates are in UTC.');
    expect(portalPage.body).toContain('Dates are in UTC.');
  });

  it('a trial: the page, the trial-started email and the member view state the same trial end', async () => {
    const member = await createMember(t.context);
    const startedAt = await toCaliforniaEvening(member);
    const path = await start(member, [price('monthly')]);
    const trialEndDay = utcDay(startedAt + 7 * DAY);
    const page = (await read(path)).body;
    expect((await post(path, CARD)).statusCode).toBe(303);

    const sub = await subscriptionOf(member);
    expect(isoDay(sub.trial_end ?? '')).toBe(isoDay(startedAt + 7 * DAY));
    const mail = await mailEnding(member, 'your free trial has started');
    expect(mail.text).toContain(`Trial ends: ${trialEndDay}`);
    expect(page).toContain(trialEndDay);
    expect(page).toContain(`Then $29.99 per month, from ${trialEndDay}`);
    expect(mail.text).toContain(`Then $29.99 per month, from ${trialEndDay}`);
    expect(isoDay(sub.next_charge?.date ?? '')).toBe(isoDay(startedAt + 7 * DAY));
  });
});

describe('11. a Spanish-speaking member', () => {
  it('reads the Spanish plan names and money on the hosted pages and in the emails', async () => {
    const member = await createMember(t.context, { locale: 'es' });
    const checkout = await start(member, [price('monthly')]);
    const page = await read(checkout);
    expect(page.body).toContain('Membresía de coaching: Mensual');
    expect(page.body).toContain('$29,99 al mes');
    expect(page.body).not.toContain('Monthly');
    expect(page.body).not.toContain('$29.99');
    expect((await post(checkout, CARD)).statusCode).toBe(303);
    const trialEnd = (await subscriptionOf(member)).trial_end ?? '';

    const started = await mailEnding(member, 'tu prueba gratuita ha comenzado');
    expect(started.text).toContain('Tu prueba gratuita de Membresía de coaching: Mensual ha comenzado');
    expect(started.text).toContain(`Después $29,99 al mes, a partir del ${utcDayEs(trialEnd)}`);
    expect(started.text).not.toContain('Monthly');

    const change = await start(member, [price('annual')]);
    const changePage = await read(change);
    expect(changePage.body).toContain('Membresía de coaching: Mensual');
    expect(changePage.body).toContain('Membresía de coaching: Anual');
    expect(changePage.body).toContain('$249,99 al año');
    expect(changePage.body).not.toContain('Annual');
    expect((await post(change)).statusCode).toBe(303);

    const changed = await mailEnding(member, 'tu plan ha cambiado');
    expect(changed.text).toContain(
      'Tu suscripción ha cambiado de Membresía de coaching: Mensual a Membresía de coaching: Anual.',
    );
    expect(changed.text).toContain(`Después $249,99 al año, a partir del ${utcDayEs(trialEnd)}`);

    await advance(member, 8);
    expect((await mailEnding(member, 'tu prueba gratuita termina en 3 días')).text).toContain(
      'Tu prueba gratuita de Membresía de coaching: Anual termina el',
    );
    expect((await mailEnding(member, 'tu recibo')).text).toContain('Importe pagado: $249,99');
    const portalPage = await read(await portal(member));
    expect(portalPage.body).toContain('Membresía de coaching: Anual');
    expect(portalPage.body).toContain('$249,99');
  });

  it('reads the overdue amount, the plan and the retry date in Spanish', async () => {
    const member = await createMember(t.context, { locale: 'es', hadTrial: true });
    const checkout = await start(member, [price('monthly')]);
    expect((await read(checkout)).body).toContain('Pagar $29,99');
    expect((await post(checkout, FAILS_LATER)).statusCode).toBe(303);
    const renewsAt = (await subscriptionOf(member)).current_period_end;

    // Just past the renewal, which 0341 declines; the first retry is 3 days after it.
    await advanceBy(member, Date.parse(renewsAt) - Date.now() + HOUR);
    const failed = await mailEnding(member, 'tu pago no se ha podido realizar');
    expect(failed.text).toContain('No hemos podido cobrar $29,99 por Membresía de coaching: Mensual.');
    expect(failed.text).toContain(`Lo intentaremos de nuevo el ${utcDayEs(Date.parse(renewsAt) + 3 * DAY)}.`);
    const portalPage = await read(await portal(member));
    expect(portalPage.body).toContain('Membresía de coaching: Mensual');
    expect(portalPage.body).not.toContain('Monthly');
  });
});

describe('12. month ends', () => {
  const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

  /** Noon UTC on the first 31st of a month after `after`, and that month. */
  function nextThirtyFirst(after: number): { at: number; year: number; month: number } {
    const from = new Date(after);
    for (let k = 0; ; k++) {
      const year = from.getUTCFullYear() + Math.floor((from.getUTCMonth() + k) / 12);
      const month = (from.getUTCMonth() + k) % 12;
      const at = Date.UTC(year, month, 31, 12);
      if (daysIn(year, month) === 31 && at > after) return { at, year, month };
    }
  }

  /** Noon UTC on the anchor day 31 of `count` months from (year, month) on, clamped to each month's last day. */
  function monthEnds(year: number, month: number, count: number, every = 1): number[] {
    return Array.from({ length: count }, (_, k) => {
      const y = year + Math.floor((month + k * every) / 12);
      const m = (month + k * every) % 12;
      return Date.UTC(y, m, Math.min(31, daysIn(y, m)), 12);
    });
  }

  async function chargeDays(member: Member): Promise<string[]> {
    return (await customerOf(member)).charges.map((c) => isoDay(c.created)).sort();
  }

  it('a plan bought on the 31st renews on the last day of each shorter month and on the 31st again', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const { at: bought, year, month } = nextThirtyFirst(Date.now() + MINUTE);
    await advanceBy(member, bought - Date.now());

    // Bought on the 31st, then renewed on the 31st or on the last day of a month that has fewer days.
    const expected = monthEnds(year, month, 8);
    const checkout = await start(member, [price('monthly')]);
    const page = (await read(checkout)).body;
    expect((await post(checkout, CARD)).statusCode).toBe(303);
    expect(isoDay((await subscriptionOf(member)).current_period_end)).toBe(isoDay(expected[1] ?? 0));

    // Through the sixth renewal, and a day more.
    await advanceBy(member, (expected[6] ?? 0) - bought + DAY);
    expect(await chargeDays(member)).toEqual(expected.slice(0, 7).map(isoDay));
    expect(await chargedAmounts(member)).toEqual(Array(7).fill(MONTHLY));
    expect(isoDay((await subscriptionOf(member)).current_period_end)).toBe(isoDay(expected[7] ?? 0));
    expect(page).toContain(`Then $29.99 per month, from ${utcDay(expected[1] ?? 0)}`);
    const receipts = (await mailTo(member)).filter((m) => m.subject.endsWith('your receipt'));
    expect(receipts).toHaveLength(7);
    expect(receipts.map((r) => /Date: (.+)/.exec(r.text)?.[1]).sort()).toEqual(
      expected.slice(0, 7).map(utcDay).sort(),
    );
  });

  it('a quarterly plan bought on the 31st renews on the 31st or the last day, three months apart', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const { at: bought, year, month } = nextThirtyFirst(Date.now() + MINUTE);
    await advanceBy(member, bought - Date.now());
    await subscribe(member, 'quarterly');

    const expected = monthEnds(year, month, 6, 3);
    // Through the fourth renewal, a year later, and a day more.
    await advanceBy(member, (expected[4] ?? 0) - bought + DAY);
    expect(await chargeDays(member)).toEqual(expected.slice(0, 5).map(isoDay));
    expect(isoDay((await subscriptionOf(member)).current_period_end)).toBe(isoDay(expected[5] ?? 0));
  });

  it('a trial that ends on the 31st anchors the renewals there', async () => {
    const member = await createMember(t.context);
    // Seven days before a 31st, so that the monthly plan's trial ends on it.
    const { at: trialEnds, year, month } = nextThirtyFirst(Date.now() + 7 * DAY + MINUTE);
    await advanceBy(member, trialEnds - 7 * DAY - Date.now());
    await subscribe(member, 'monthly');
    expect(isoDay((await subscriptionOf(member)).trial_end ?? '')).toBe(isoDay(trialEnds));

    const expected = monthEnds(year, month, 5);
    await advanceBy(member, (expected[3] ?? 0) - (trialEnds - 7 * DAY) + DAY);
    expect(await chargeDays(member)).toEqual(expected.slice(0, 4).map(isoDay));
    expect(isoDay((await subscriptionOf(member)).current_period_end)).toBe(isoDay(expected[4] ?? 0));
  });
});
