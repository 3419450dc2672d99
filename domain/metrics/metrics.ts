// The studio's figures, defined once (decision 144; docs/metrics.md says each in words). They follow
// Stripe Billing's metric definitions (docs.stripe.com/billing/subscriptions/analytics/glossary):
// - MRR is the sum of the monthly-normalised recurring amounts of the subscriptions that are active or
//   past_due; a trial counts nothing, nor an unpaid, cancelled or incomplete subscription, nor a plan a
//   coupon makes free. A year is 12 months, a week 52/12 of a month, a day 365/12; each subscription's
//   amount is rounded to the minor unit, then summed.
// - Discounts: a `forever` coupon, and a `repeating` one while it still applies to the period billed,
//   lower MRR (Stripe's "subtract recurring discounts" setting). A `once` coupon discounts one payment,
//   never the recurring amount, so it does not.
// - A paying member is one with a subscription counted in MRR; a member whose first payment fails
//   after a trial (past_due) counts, as Stripe counts past_due, until the subscription ends.
// Everything is in the currency's minor units; months are UTC calendar months.

import type { BillingInterval, CouponDuration } from '../../openapi/contract-values.ts';
import { discountedLines } from '../billing/discounts.ts';

export type Interval = BillingInterval;
// A paused subscription (decision 152) pays nothing while paused: it counts in neither MRR nor the
// paying members, so its pause moves as a churn and its resume as a start.
export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'incomplete'
  | 'paused';

export interface RecurringPrice {
  amount: number;
  interval: Interval;
  intervalCount: number;
}

export interface MetricsCoupon {
  percentOff: number | null;
  amountOff: number | null;
  duration: CouponDuration;
}

/** What a subscription's figures depend on, as its row records it. */
export interface SubscriptionFacts {
  status: SubscriptionStatus;
  price: RecurringPrice;
  coupon: MetricsCoupon | null;
  /** A repeating coupon's months were over when the period last billed started. */
  discountEnded: boolean;
}

/** Whether a repeating discount that ends at `end` was over when the period starting at `periodStart` was billed. */
export const discountEndedBy = (end: Date | null, periodStart: Date | null) =>
  end !== null && periodStart !== null && periodStart >= end;

/** A period's amount as a month's share of it, rounded to the minor unit (half up). */
export function monthlyAmount(amount: number, interval: Interval, intervalCount: number): number {
  const count = Math.max(1, intervalCount);
  // Integer numerator and denominator, so 1499 a week is exactly 1499 × 52 / 12.
  const [num, den]: [number, number] = {
    day: [365, 12 * count] as [number, number],
    week: [52, 12 * count] as [number, number],
    month: [1, count] as [number, number],
    year: [1, 12 * count] as [number, number],
  }[interval];
  return Math.round((amount * num) / den);
}

/** Whether the subscription's coupon lowers its MRR. */
export function discountCounts(facts: Pick<SubscriptionFacts, 'coupon' | 'discountEnded'>) {
  const { coupon } = facts;
  if (!coupon || coupon.duration === 'once') return false;
  return coupon.duration === 'forever' || !facts.discountEnded;
}

/** The period's recurring amount after the discount that counts, before normalising. */
export function recurringAmount(facts: SubscriptionFacts): number {
  const { price } = facts;
  if (!discountCounts(facts) || !facts.coupon) return price.amount;
  return (
    discountedLines([price.amount], {
      ...facts.coupon,
      id: '',
      code: '',
      currency: null,
      durationInMonths: null,
    })[0] ?? price.amount
  );
}

/** The subscription's contribution to MRR: its monthly-normalised amount while active or past_due. */
export function subscriptionMrr(facts: SubscriptionFacts): number {
  if (facts.status !== 'active' && facts.status !== 'past_due') return 0;
  return monthlyAmount(recurringAmount(facts), facts.price.interval, facts.price.intervalCount);
}

export type Standing = 'none' | 'trialing' | 'paying';

/** Where a subscription stands for the figures: in a trial, paying (counted in MRR), or neither. */
export function standingOf(facts: SubscriptionFacts): { standing: Standing; mrr: number } {
  if (facts.status === 'trialing') return { standing: 'trialing', mrr: 0 };
  const mrr = subscriptionMrr(facts);
  return mrr > 0 ? { standing: 'paying', mrr } : { standing: 'none', mrr: 0 };
}

/** What the figures last recorded of a subscription: the state its next change is compared with. */
export interface Snapshot {
  standing: Standing;
  mrr: number;
  /** Whether it ever was in a trial, and whether that trial converted (its first paid period). */
  trialed: boolean;
  converted: boolean;
  /** The declined invoice still due, so a retry of the same invoice is not a second failure. */
  openInvoiceId: string | null;
}

export type MovementKind =
  | 'trialStarted'
  | 'trialEnded'
  | 'trialConverted'
  | 'started'
  | 'churned'
  | 'changed'
  | 'paymentFailed';

export interface Movement {
  kind: MovementKind;
  /** What the change did to MRR (positive: gained). */
  mrrDelta: number;
  /** A failed payment's amount due. */
  amount: number;
  invoiceId: string | null;
}

/**
 * The movements a subscription's change makes, from what was recorded of it (`before`, null when new)
 * to its state now, and the snapshot to record. A member has one live subscription at a time, so a
 * subscription starting or ending to pay is a member starting or ending to pay.
 */
export function movementsBetween(
  before: Snapshot | null,
  facts: SubscriptionFacts,
  openInvoice: { id: string; amount: number } | null,
): { snapshot: Snapshot; movements: Movement[] } {
  const was: Snapshot = before ?? {
    standing: 'none',
    mrr: 0,
    trialed: false,
    converted: false,
    openInvoiceId: null,
  };
  const now = standingOf(facts);
  const movements: Movement[] = [];
  const move = (kind: MovementKind, mrrDelta = 0, amount = 0, invoiceId: string | null = null) =>
    movements.push({ kind, mrrDelta, amount, invoiceId });

  if (now.standing === 'trialing' && was.standing !== 'trialing' && !was.trialed) move('trialStarted');
  if (was.standing === 'trialing' && now.standing !== 'trialing') move('trialEnded');
  const trialed = was.trialed || now.standing === 'trialing';
  // Converted: the first period after the trial is paid (active), whenever that payment comes.
  const converts = trialed && !was.converted && facts.status === 'active';
  if (converts) move('trialConverted');

  if (was.standing !== 'paying' && now.standing === 'paying') move('started', now.mrr);
  else if (was.standing === 'paying' && now.standing !== 'paying') move('churned', -was.mrr);
  else if (was.standing === 'paying' && now.mrr !== was.mrr) move('changed', now.mrr - was.mrr);

  const live = facts.status === 'active' || facts.status === 'past_due' || facts.status === 'trialing';
  const openInvoiceId = live ? (openInvoice?.id ?? null) : null;
  if (openInvoice && openInvoiceId && openInvoiceId !== was.openInvoiceId)
    move('paymentFailed', 0, openInvoice.amount, openInvoice.id);

  return {
    snapshot: {
      standing: now.standing,
      mrr: now.mrr,
      trialed,
      converted: was.converted || converts,
      openInvoiceId,
    },
    movements,
  };
}

/** MRR lost by a movement: a churn's whole MRR, a change's decrease. */
export const mrrLost = (m: Pick<Movement, 'kind' | 'mrrDelta'>) =>
  m.kind === 'churned' || m.kind === 'changed' ? Math.max(0, -m.mrrDelta) : 0;

/** What one month adds up: from the movements dated in it and the charges paid and refunded in it. */
export interface MonthSums {
  mrrDelta: number;
  newMembers: number;
  churnedMembers: number;
  mrrChurn: number;
  trialsStarted: number;
  trialsEnded: number;
  trialsConverted: number;
  revenue: number;
  refunds: number;
}

export const emptyMonth = (): MonthSums => ({
  mrrDelta: 0,
  newMembers: 0,
  churnedMembers: 0,
  mrrChurn: 0,
  trialsStarted: 0,
  trialsEnded: 0,
  trialsConverted: 0,
  revenue: 0,
  refunds: 0,
});

/**
 * Adds movements of one kind to their month's sums: one movement, or `count` of them whose MRR
 * changes sum to `mrrDelta` and whose losses (mrrLost of each) sum to `lost`.
 */
export function addMovements(
  sums: MonthSums,
  m: { kind: MovementKind; mrrDelta: number; count?: number; lost?: number },
): MonthSums {
  const n = m.count ?? 1;
  const of = (kind: MovementKind) => (m.kind === kind ? n : 0);
  return {
    ...sums,
    mrrDelta: sums.mrrDelta + m.mrrDelta,
    newMembers: sums.newMembers + of('started'),
    churnedMembers: sums.churnedMembers + of('churned'),
    mrrChurn: sums.mrrChurn + (m.lost ?? mrrLost(m)),
    trialsStarted: sums.trialsStarted + of('trialStarted'),
    trialsEnded: sums.trialsEnded + of('trialEnded'),
    trialsConverted: sums.trialsConverted + of('trialConverted'),
  };
}

export interface MonthFigures extends Omit<MonthSums, 'mrrDelta'> {
  month: string;
  /** MRR at the month's end (for the month under way: now). */
  mrr: number;
}

/**
 * The months asked for, each with its MRR at its end. `mrrNow` is MRR now, and `later` the sum of
 * every MRR change dated after the last month asked for (a sandbox clock may be ahead): MRR at a
 * month's end is MRR now less what changed after it.
 */
export function monthFigures(
  months: readonly string[],
  sums: ReadonlyMap<string, MonthSums>,
  mrrNow: number,
  later: number,
): MonthFigures[] {
  let mrr = mrrNow - later;
  const out: MonthFigures[] = [];
  for (const month of [...months].reverse()) {
    const { mrrDelta, ...rest } = sums.get(month) ?? emptyMonth();
    out.push({ month, mrr, ...rest });
    mrr -= mrrDelta;
  }
  return out.reverse();
}

/** Trial-to-paid conversion over some months: the trials converted over the trials that ended. */
export function conversionRate(months: readonly Pick<MonthSums, 'trialsEnded' | 'trialsConverted'>[]) {
  const ended = months.reduce((n, m) => n + m.trialsEnded, 0);
  const converted = months.reduce((n, m) => n + m.trialsConverted, 0);
  return ended === 0 ? null : converted / ended;
}

/**
 * A program's members by how far they got: `reached` units done (at most the program's `units`, when
 * known), `count` members, from the members counted per number of units done.
 */
export function reachedDistribution(
  counted: readonly { done: number; count: number }[],
  units: number | null,
): { reached: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const { done, count } of counted) {
    const reached = units === null ? done : Math.min(done, units);
    counts.set(reached, (counts.get(reached) ?? 0) + count);
  }
  return [...counts].sort(([a], [b]) => a - b).map(([reached, count]) => ({ reached, count }));
}
