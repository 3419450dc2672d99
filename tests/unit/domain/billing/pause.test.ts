// The pause's arithmetic (decision 152) and the cancel flow's coupon offer (decision 153), against
// dates and amounts computed by hand. Every period boundary is the plan's anchor moved by whole
// months, the anchor's day clamped to a short month's last day.
import { describe, expect, it } from 'vitest';
import {
  type PauseQuote,
  type PauseRefusal,
  pausedAt,
  pausePromise,
  pauseQuote,
  resumeNow,
} from '../../../../domain/billing/pause.ts';
import { planChangeQuote } from '../../../../domain/billing/quotes.ts';
import { type CouponOfferQuote, couponOfferQuote } from '../../../../domain/billing/retention.ts';
import {
  chargeSchedule,
  pauseBegins,
  renewal,
  type SubscriptionTerms,
  upcomingInvoices,
} from '../../../../domain/billing/subscriptions.ts';
import {
  annual,
  at,
  coupon,
  monthlyLite,
  paidApril,
  quarterly,
  quarterOffFor,
  twentyOffOnce,
} from './fixtures.ts';

const ALL = [1, 2, 3];

/** A monthly plan anchored on January 31, 2027 at 10:00 UTC, in its period ending February 28 (clamped). */
function paidFebruary31st(overrides: Partial<SubscriptionTerms> = {}): SubscriptionTerms {
  return paidApril({
    anchor: at('2027-01-31T10:00:00Z'),
    periodStart: at('2027-01-31T10:00:00Z'),
    periodEnd: at('2027-02-28T10:00:00Z'),
    ...overrides,
  });
}

function quoted(result: PauseQuote | { refused: PauseRefusal }): PauseQuote {
  if ('refused' in result) throw new Error(`The pause was refused: ${result.refused}`);
  return result;
}

describe('pauseQuote', () => {
  it('begins at the end of the period paid for and resumes N renewals later, the anchor day kept', () => {
    // Anchor Jan 31: the boundaries are Feb 28 (31 clamped), Mar 31, Apr 30 (31 clamped), May 31.
    const asked = at('2027-02-10T12:00:00Z');
    const one = quoted(pauseQuote(paidFebruary31st(), 1, ALL, asked));
    expect(one.pause).toEqual({
      startsAt: at('2027-02-28T10:00:00Z'),
      resumesAt: at('2027-03-31T10:00:00Z'),
    });
    expect(one.dueToday).toBe(0);
    // The renewal moves from Feb 28 to Mar 31, at the plan's full price.
    expect(one.schedule.next).toMatchObject({ at: at('2027-03-31T10:00:00Z'), amount: 2999 });
    const three = quoted(pauseQuote(paidFebruary31st(), 3, ALL, asked));
    expect(three.pause.resumesAt).toEqual(at('2027-05-31T10:00:00Z'));
    expect(three.schedule.next?.at).toEqual(at('2027-05-31T10:00:00Z'));
  });

  it('in a leap year, a plan anchored on the 30th renewing on February 29 resumes on March 30', () => {
    const terms = paidApril({
      anchor: at('2028-01-30T00:00:00Z'),
      periodStart: at('2028-01-30T00:00:00Z'),
      periodEnd: at('2028-02-29T00:00:00Z'),
    });
    const quote = quoted(pauseQuote(terms, 1, ALL, at('2028-02-01T00:00:00Z')));
    expect(quote.pause).toEqual({
      startsAt: at('2028-02-29T00:00:00Z'),
      resumesAt: at('2028-03-30T00:00:00Z'),
    });
  });

  it('two months from a May 1 renewal resume on July 1; the invoices after it follow the cycle', () => {
    // paidApril: anchor Apr 1, period Apr 1 – May 1. Pause 2: May 1 → Jun 1 → Jul 1.
    const quote = quoted(pauseQuote(paidApril(), 2, ALL, at('2026-04-20T00:00:00Z')));
    expect(quote.pause.resumesAt).toEqual(at('2026-07-01T00:00:00Z'));
    const invoices = upcomingInvoices(quote.after, 3).map((i) => [i.at.toISOString(), i.amount]);
    // Nothing on May 1 or Jun 1: the pause skips them.
    expect(invoices).toEqual([
      ['2026-07-01T00:00:00.000Z', 2999],
      ['2026-08-01T00:00:00.000Z', 2999],
      ['2026-09-01T00:00:00.000Z', 2999],
    ]);
  });

  it('the quote stands an hour, and never past the period it starts from', () => {
    const quote = quoted(pauseQuote(paidApril(), 1, ALL, at('2026-04-30T23:30:00Z')));
    expect(quote.validUntil).toEqual(at('2026-05-01T00:00:00Z'));
    const early = quoted(pauseQuote(paidApril(), 1, ALL, at('2026-04-10T08:00:00Z')));
    expect(early.validUntil).toEqual(at('2026-04-10T09:00:00Z'));
    expect(pausePromise(early)).toEqual({
      months: 1,
      startsAt: at('2026-05-01T00:00:00Z').getTime(),
      resumesAt: at('2026-06-01T00:00:00Z').getTime(),
      next: { at: at('2026-06-01T00:00:00Z').getTime(), amount: 2999 },
      validUntil: at('2026-04-10T09:00:00Z').getTime(),
    });
  });

  it.each([
    ['a length not allowed by the trainer', paidApril(), 2, [1], 'length'],
    ['four months', paidApril(), 4, [1, 2, 3, 4], 'length'],
    ['half a month', paidApril(), 0.5, ALL, 'length'],
    ['an annual plan', paidApril({ price: annual }), 1, ALL, 'notMonthly'],
    ['a quarterly plan', paidApril({ price: quarterly }), 1, ALL, 'notMonthly'],
    ['a trial', paidApril({ status: 'trialing' }), 1, ALL, 'trialing'],
    ['a payment due', paidApril({ status: 'past_due' }), 1, ALL, 'pastDue'],
    ['retries ran out', paidApril({ status: 'unpaid' }), 1, ALL, 'pastDue'],
    ['set to end', paidApril({ cancelAtPeriodEnd: true }), 1, ALL, 'scheduled'],
    ['a downgrade scheduled', paidApril({ scheduledPrice: monthlyLite }), 1, ALL, 'scheduled'],
    [
      'a pause planned',
      quoted(pauseQuote(paidApril(), 1, ALL, at('2026-04-02T00:00:00Z'))).after,
      1,
      ALL,
      'paused',
    ],
    ['ended', paidApril({ status: 'canceled' }), 1, ALL, 'ended'],
  ] as const)('refuses %s', (_, terms, months, allowed, refused) => {
    expect(pauseQuote(terms, months, allowed, at('2026-04-10T00:00:00Z'))).toEqual({ refused });
  });

  it('a period already over is refused: its renewal is being charged', () => {
    expect(pauseQuote(paidApril(), 1, ALL, at('2026-05-01T00:00:00Z'))).toEqual({ refused: 'ended' });
  });
});

describe('the pause under way', () => {
  const planned = quoted(pauseQuote(paidFebruary31st(), 3, ALL, at('2027-02-10T00:00:00Z'))).after;

  it('begins at the period end: nothing billed for it, the period is the pause', () => {
    expect(pauseBegins(planned)).toMatchObject({
      status: 'paused',
      periodStart: at('2027-02-28T10:00:00Z'),
      periodEnd: at('2027-05-31T10:00:00Z'),
      periodValue: 0,
    });
    // A period that ends before the pause begins renews as usual.
    expect(pauseBegins({ ...planned, periodEnd: at('2027-02-20T10:00:00Z') })).toBeNull();
  });

  it('renews at its end, at full price, and the pause is over', () => {
    const paused = pauseBegins(planned);
    if (!paused) throw new Error('no pause');
    const next = renewal(paused);
    expect(next?.invoice).toMatchObject({ at: at('2027-05-31T10:00:00Z'), amount: 2999 });
    expect(next?.paid).toMatchObject({
      status: 'active',
      pause: null,
      periodStart: at('2027-05-31T10:00:00Z'),
      periodEnd: at('2027-06-30T10:00:00Z'),
      periodValue: 2999,
    });
  });

  it('a repeating coupon counts calendar months through the pause, as Stripe counts them', () => {
    // 25 % for 3 months from Jan 31: ends Apr 30 10:00. Paused Feb 28 – Mar 31: the Mar 31 charge
    // is 2999 - round(749.75) = 2249; Apr 30 is the discount's end, so it is 2999.
    const discount = { coupon: quarterOffFor(3), end: at('2027-04-30T10:00:00Z') };
    const terms = quoted(
      pauseQuote(paidFebruary31st({ discount }), 1, ALL, at('2027-02-10T00:00:00Z')),
    ).after;
    expect(upcomingInvoices(terms, 2).map((i) => i.amount)).toEqual([2249, 2999]);
  });

  it('a once coupon is kept for the first charge after the pause: the skipped renewals charge nothing', () => {
    const discount = { coupon: twentyOffOnce, end: null };
    const terms = quoted(pauseQuote(paidApril({ discount }), 1, ALL, at('2026-04-10T00:00:00Z'))).after;
    // 2999 - round(599.8) = 2399 on Jun 1, then 2999.
    expect(upcomingInvoices(terms, 2).map((i) => [i.at.toISOString(), i.amount])).toEqual([
      ['2026-06-01T00:00:00.000Z', 2399],
      ['2026-07-01T00:00:00.000Z', 2999],
    ]);
  });

  it('a cancellation while paused ends it at the pause end, with nothing charged', () => {
    const paused = pauseBegins(planned);
    if (!paused) throw new Error('no pause');
    expect(renewal({ ...paused, cancelAtPeriodEnd: true })).toBeNull();
    expect(chargeSchedule({ ...paused, cancelAtPeriodEnd: true }).next).toBeNull();
  });

  it('no plan change while a pause is planned or under way', () => {
    expect(planChangeQuote(planned, monthlyLite, at('2027-02-11T00:00:00Z'))).toEqual({ refused: 'paused' });
  });

  it('pausedAt: from the start, before the resume', () => {
    const pause = { startsAt: at('2027-02-28T10:00:00Z'), resumesAt: at('2027-05-31T10:00:00Z') };
    expect(pausedAt(pause, at('2027-02-28T09:59:59Z'))).toBe(false);
    expect(pausedAt(pause, at('2027-02-28T10:00:00Z'))).toBe(true);
    expect(pausedAt(pause, at('2027-05-31T09:59:59Z'))).toBe(true);
    expect(pausedAt(pause, at('2027-05-31T10:00:00Z'))).toBe(false);
    expect(pausedAt(null, at('2027-03-01T00:00:00Z'))).toBe(false);
  });
});

describe('resumeNow', () => {
  const planned = quoted(pauseQuote(paidFebruary31st(), 3, ALL, at('2027-02-10T00:00:00Z'))).after;

  it('before the pause begins, drops it: the renewal is back on the period end', () => {
    const resumed = resumeNow(planned, at('2027-02-15T00:00:00Z'));
    expect(resumed).toMatchObject({ status: 'active', pause: null, periodEnd: at('2027-02-28T10:00:00Z') });
    expect(resumed && chargeSchedule(resumed).next?.at).toEqual(at('2027-02-28T10:00:00Z'));
  });

  it('under way, keeps the cycle: the next charge is its next renewal, nothing charged now', () => {
    const paused = pauseBegins(planned);
    if (!paused) throw new Error('no pause');
    // Resumed Apr 5: the cycle's next boundary from the Jan 31 anchor is Apr 30 (31 clamped).
    const resumed = resumeNow(paused, at('2027-04-05T08:00:00Z'));
    expect(resumed).toMatchObject({
      status: 'active',
      pause: null,
      periodStart: at('2027-04-05T08:00:00Z'),
      periodEnd: at('2027-04-30T10:00:00Z'),
      periodValue: 0,
    });
    if (!resumed) throw new Error('not resumed');
    expect(upcomingInvoices(resumed, 2).map((i) => [i.at.toISOString(), i.amount])).toEqual([
      ['2027-04-30T10:00:00.000Z', 2999],
      ['2027-05-31T10:00:00.000Z', 2999],
    ]);
    // Resumed on a boundary itself (Mar 31 10:00): the period runs to the next one, Apr 30.
    expect(resumeNow(paused, at('2027-03-31T10:00:00Z'))?.periodEnd).toEqual(at('2027-04-30T10:00:00Z'));
  });

  it('nothing to resume: no pause, or it is over', () => {
    expect(resumeNow(paidApril(), at('2026-04-10T00:00:00Z'))).toBeNull();
    const paused = pauseBegins(planned);
    if (!paused) throw new Error('no pause');
    expect(resumeNow(paused, at('2027-05-31T10:00:00Z'))).toBeNull();
  });
});

describe('couponOfferQuote', () => {
  function offered(result: CouponOfferQuote | { refused: string }): CouponOfferQuote {
    if ('refused' in result) throw new Error(`The offer was refused: ${result.refused}`);
    return result;
  }
  const halfFor2 = coupon({
    id: 'half_2m',
    code: 'STAY',
    percentOff: 50,
    duration: 'repeating',
    durationInMonths: 2,
  });

  it('discounts the next N monthly renewals from now, replacing the discount there was', () => {
    // Taken Apr 10: the coupon runs to Jun 10. May 1 and Jun 1: 2999 - round(1499.5) = 1499; Jul 1: 2999.
    const quote = offered(
      couponOfferQuote(
        paidApril({ discount: { coupon: twentyOffOnce, end: null } }),
        halfFor2,
        at('2026-04-10T00:00:00Z'),
      ),
    );
    expect(quote.after.discount).toEqual({ coupon: halfFor2, end: at('2026-06-10T00:00:00Z') });
    expect(quote.schedule.next).toMatchObject({ at: at('2026-05-01T00:00:00Z'), amount: 1499 });
    expect(quote.schedule.discounted).toEqual({ amount: 1499, until: at('2026-06-10T00:00:00Z') });
    expect(quote.schedule.regular).toBe(2999);
    expect(upcomingInvoices(quote.after, 3).map((i) => i.amount)).toEqual([1499, 1499, 2999]);
  });

  it.each([
    ['a once coupon', paidApril(), twentyOffOnce, 'coupon'],
    [
      'an amount in another currency',
      paidApril(),
      coupon({ amountOff: 500, currency: 'eur', duration: 'repeating', durationInMonths: 2 }),
      'coupon',
    ],
    ['a trial', paidApril({ status: 'trialing' }), halfFor2, 'notRenewing'],
    ['a payment due', paidApril({ status: 'past_due' }), halfFor2, 'notRenewing'],
    ['already set to end', paidApril({ cancelAtPeriodEnd: true }), halfFor2, 'notRenewing'],
  ] as const)('refuses %s', (_, terms, offer, refused) => {
    expect(couponOfferQuote(terms, offer, at('2026-04-10T00:00:00Z'))).toEqual({ refused });
  });
});
