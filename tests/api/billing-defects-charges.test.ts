// Defects found in what a member is charged, each a test that failed before its fix: a one-time
// product bought once, the credit of a plan change, a once coupon on a declined trial end, a
// discounted plan's cost, and no second trial.
import { beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import {
  ANNUAL,
  advance,
  billingDefectsApp,
  CHALLENGE,
  chargedAmounts,
  customerOf,
  MONTHLY,
  mailEnding,
  portal,
  post,
  price,
  QUARTERLY,
  read,
  start,
  startSession,
  subscribe,
  subscriptionOf,
  t,
  totalOf,
  utcDay,
} from './billing-defects.fixtures.ts';
import { createMember } from './fixtures.ts';
import { CARD, FAILS_LATER, shownPromise } from './hosted-pages.ts';

billingDefectsApp();

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
