// A pause instead of a cancellation (decision 152), as Stripe's `pause_collection` with
// `behavior: void` and a `resumes_at` has it: the billing cycle is kept, the renewals inside the
// pause are not charged, and collection resumes at a renewal of the same cycle. The member keeps the
// period they already paid for: the pause begins at its end, so nothing paid is lost and nothing is
// owed back. A pause of N months skips N monthly renewals, so the renewal date moves by exactly N
// of the plan's months, the anchor's day kept and clamped as every renewal is (calendar.ts).
//
// Only plans billed every month can pause: an annual plan has no renewal inside three months to
// skip, and skipping its one renewal would give a year away.
import { nextBoundary } from './calendar.ts';
import {
  type ChargeSchedule,
  chargeSchedule,
  type Pause,
  QUOTE_HOLD_MS,
  type SubscriptionTerms,
} from './subscriptions.ts';

/** The lengths a trainer may allow, in months. */
export const PAUSE_MONTHS = [1, 2, 3] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];

export type PauseRefusal =
  /** Not a length the trainer allows. */
  | 'length'
  /** Only a plan billed every month pauses (see above). */
  | 'notMonthly'
  /** In a trial: the first charge has not been made, there is no paid period to keep. */
  | 'trialing'
  /** A declined payment is still due. */
  | 'pastDue'
  /** Already paused, or a pause is planned. */
  | 'paused'
  /** Set to end, or a plan change is scheduled: the member keeps the plan first. */
  | 'scheduled'
  | 'ended';

/** What a pause page states and what confirming it does. */
export interface PauseQuote {
  months: number;
  pause: Pause;
  /** Today's charge: always none. */
  dueToday: 0;
  /** The subscription with the pause planned, and what it charges from then on. */
  after: SubscriptionTerms;
  schedule: ChargeSchedule;
  /** After this the quote no longer stands (the period it starts from ends, or an hour passed). */
  validUntil: Date;
}

export function isPauseMonths(value: number): value is PauseMonths {
  return (PAUSE_MONTHS as readonly number[]).includes(value);
}

/**
 * A pause of `months` asked for at `at`. It begins at the current period's end; it resumes `months`
 * renewals later: each step is the next boundary of the plan's cycle from the anchor, so a plan
 * anchored on the 31st that renews on February 28 resumes on March 31, not March 28.
 */
export function pauseQuote(
  terms: SubscriptionTerms,
  months: number,
  allowed: readonly number[],
  at: Date,
): PauseQuote | { refused: PauseRefusal } {
  if (!Number.isInteger(months) || !isPauseMonths(months) || !allowed.includes(months))
    return { refused: 'length' };
  if (terms.status === 'paused' || terms.pause) return { refused: 'paused' };
  if (terms.status === 'past_due' || terms.status === 'unpaid') return { refused: 'pastDue' };
  if (terms.status === 'trialing') return { refused: 'trialing' };
  if (terms.status !== 'active' || at >= terms.periodEnd) return { refused: 'ended' };
  if (terms.cancelAtPeriodEnd || terms.scheduledPrice) return { refused: 'scheduled' };
  const { price } = terms;
  if (price.interval !== 'month' || (price.intervalCount ?? 1) !== 1) return { refused: 'notMonthly' };
  let resumesAt = terms.periodEnd;
  for (let i = 0; i < months; i++) resumesAt = nextBoundary(terms.anchor, 'month', 1, resumesAt);
  const pause = { startsAt: terms.periodEnd, resumesAt };
  const after = { ...terms, pause };
  return {
    months,
    pause,
    dueToday: 0,
    after,
    schedule: chargeSchedule(after),
    validUntil: new Date(Math.min(at.getTime() + QUOTE_HOLD_MS, terms.periodEnd.getTime())),
  };
}

/** The promise a pause page makes, stored with the page and compared when it is confirmed. */
export function pausePromise(quote: PauseQuote) {
  return {
    months: quote.months,
    startsAt: quote.pause.startsAt.getTime(),
    resumesAt: quote.pause.resumesAt.getTime(),
    next: quote.schedule.next
      ? { at: quote.schedule.next.at.getTime(), amount: quote.schedule.next.amount }
      : null,
    validUntil: quote.validUntil.getTime(),
  };
}
export type PausePromise = ReturnType<typeof pausePromise>;

/**
 * The subscription resumed at `at`, before the pause's end. A pause that has not begun is dropped:
 * the plan renews at the period's end as before. A pause under way ends now, as clearing Stripe's
 * `pause_collection` does: the billing cycle is kept, so the next charge is the cycle's next renewal
 * after `at`, and the time until it is the remainder of a period that was not charged. Null when
 * there is no pause to end.
 */
export function resumeNow(terms: SubscriptionTerms, at: Date): SubscriptionTerms | null {
  if (terms.status !== 'paused') {
    if (!terms.pause || at >= terms.pause.resumesAt) return null;
    return { ...terms, pause: null };
  }
  if (at >= terms.periodEnd) return null;
  const { price } = terms;
  const periodEnd = nextBoundary(terms.anchor, price.interval ?? 'month', price.intervalCount ?? 1, at);
  return {
    ...terms,
    status: 'active',
    periodStart: at,
    periodEnd,
    pause: null,
    periodValue: 0,
  };
}

/** Whether the member is in a pause at `at`: it has begun and not ended (whatever the status still says). */
export function pausedAt(pause: Pause | null | undefined, at: Date): boolean {
  return !!pause && pause.startsAt <= at && at < pause.resumesAt;
}
