// What a member is offered before leaving, read from the trainer's settings and priced by the billing
// engine: the pause lengths the trainer allows (decision 152) and the one offer at the cancel button
// (decision 153). A page states each option with the promise's digest; taking it recomputes the
// quote now and goes ahead only if the digest is the same, so what the member read is what happens.
// The settings and the reasons members give are rows of retention.repository.ts.
import { formatBillingDate } from '../../domain/billing/calendar.ts';
import { isPauseMonths, type PauseQuote, pauseQuote } from '../../domain/billing/pause.ts';
import type { CouponOfferQuote } from '../../domain/billing/retention.ts';
import { couponOfferQuote } from '../../domain/billing/retention.ts';
import type { ChargeSchedule, SubscriptionTerms } from '../../domain/billing/subscriptions.ts';
import type { TaxRule } from '../../domain/billing/tax.ts';
import type { Database, Transaction } from '../db/index.ts';
import { promiseDigest } from './billing-quotes.ts';
import { type CouponRow, couponTerms } from './billing-terms.ts';
import { couponById } from './payments.repository.ts';
import type { RetentionSettings } from './retention.repository.ts';
import { scheduleAsPaid } from './taxes.ts';

type Db = Database | Transaction;

/**
 * What a page states of a schedule, to the day: the digest of it is what taking the option is held
 * to. A coupon's end moves with the instant it is taken, not with the date the page states. Where the
 * member pays tax, the page states the totals and their rule (decision 173): a rate or a country
 * changed since the page was read changes the promise, as it does every money page's; an untaxed
 * promise is what it always was.
 */
function statedSchedule(schedule: ChargeSchedule, rule: TaxRule | null) {
  const day = (date: Date) => formatBillingDate(date, 'en');
  const stated = (s: ChargeSchedule) => ({
    currency: s.currency,
    next: s.next ? { on: day(s.next.at), amount: s.next.amount } : null,
    discounted: s.discounted ? { amount: s.discounted.amount, until: day(s.discounted.until) } : null,
    regular: s.regular,
  });
  return rule
    ? { ...stated(schedule), tax: { ...rule, paid: stated(scheduleAsPaid(schedule, rule)) } }
    : stated(schedule);
}

export interface PauseOption {
  months: number;
  quote: PauseQuote;
  digest: string;
}

/**
 * The pauses the member may choose now, each with its quote; none when the trainer allows none. `rule`
 * is the member's tax rule (decision 173), null when they pay none.
 */
export function pauseOptions(
  terms: SubscriptionTerms,
  allowed: readonly number[],
  at: Date,
  rule: TaxRule | null,
): PauseOption[] {
  return allowed.filter(isPauseMonths).flatMap((months) => {
    const quote = pauseQuote(terms, months, allowed, at);
    if ('refused' in quote) return [];
    const stated = {
      pause: months,
      startsOn: formatBillingDate(quote.pause.startsAt, 'en'),
      resumesOn: formatBillingDate(quote.pause.resumesAt, 'en'),
      schedule: statedSchedule(quote.schedule, rule),
    };
    return [{ months, quote, digest: promiseDigest(stated) }];
  });
}

export type CancelOffer =
  | { kind: 'coupon'; coupon: CouponRow; quote: CouponOfferQuote; digest: string }
  | ({ kind: 'pause' } & PauseOption);

/** The offer the cancel button makes now, if the trainer set one and it applies to this subscription. */
export async function cancelOffer(
  db: Db,
  settings: RetentionSettings,
  terms: SubscriptionTerms,
  at: Date,
  rule: TaxRule | null,
): Promise<CancelOffer | null> {
  const offer = settings.cancelOffer;
  if (!offer) return null;
  if (offer.kind === 'pause') {
    // The offered pause is one length, whatever lengths the member may choose themselves.
    const [option] = pauseOptions(terms, [offer.months], at, rule);
    return option ? { kind: 'pause', ...option } : null;
  }
  const coupon = await couponById(db, offer.couponId);
  if (!coupon || coupon.active === false || (coupon.expiresAt && coupon.expiresAt <= at)) return null;
  const quote = couponOfferQuote(terms, couponTerms(coupon), at);
  if ('refused' in quote) return null;
  const digest = promiseDigest({ offer: coupon.id, schedule: statedSchedule(quote.schedule, rule) });
  return { kind: 'coupon', coupon, quote, digest };
}
