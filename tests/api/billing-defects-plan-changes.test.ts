// Defects found in changing a plan, each a test that failed before its fix: a plan-change page left
// open while the renewal is declined, a change during a trial, how long a quote stands, and a change
// to a subscription set to end.
import { describe, expect, it } from 'vitest';
import {
  ANNUAL,
  advance,
  advanceBy,
  billingDefectsApp,
  chargedAmounts,
  customerOf,
  HOUR,
  MINUTE,
  MONTHLY,
  mailEnding,
  nextRenewalLine,
  portal,
  post,
  price,
  read,
  start,
  startSession,
  subscribe,
  subscriptionOf,
  t,
  totalOf,
  utcDay,
  WEEKLY,
} from './billing-defects.fixtures.ts';
import { createMember } from './fixtures.ts';
import { CARD, DAY, FAILS_LATER, shownPromise } from './hosted-pages.ts';

billingDefectsApp();

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
