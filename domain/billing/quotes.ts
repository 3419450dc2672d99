// What a checkout and a plan change cost, and the promise each page makes: the figures a hosted
// checkout page and a plan-change page state, taken from the subscription's own rules
// (subscriptions.ts), so what a page says is what confirming it charges.
import { addPeriods } from './calendar.ts';
import { type CouponTerms, discountAfterInvoice, discountedLines, invoiceLineAmount } from './discounts.ts';
import {
  type ChargeSchedule,
  chargeSchedule,
  type PriceTerms,
  period,
  QUOTE_HOLD_MS,
  type SubscriptionTerms,
  startSubscription,
} from './subscriptions.ts';

export interface CheckoutLine {
  price: PriceTerms;
  /** After the coupon. */
  amount: number;
}

/** What a hosted checkout page states and what paying it charges. */
export interface CheckoutQuote {
  currency: string;
  lines: CheckoutLine[];
  /** The lines' full prices less their discounted amounts. */
  discount: number;
  trialDays: number;
  dueToday: number;
  /** The subscription the checkout starts, and what it charges afterwards; null for one-time products. */
  subscription: { terms: SubscriptionTerms; schedule: ChargeSchedule } | null;
}

/**
 * A checkout of one recurring price, or of one-time prices. `trialDays` is what the member is
 * granted: zero for anyone who already had a trial.
 */
export function checkoutQuote(input: {
  prices: readonly PriceTerms[];
  coupon: CouponTerms | null;
  trialDays: number;
  at: Date;
}): CheckoutQuote {
  const { prices, coupon, at } = input;
  const currency = prices[0]?.currency ?? 'usd';
  const recurring = prices.find((p) => p.type === 'recurring');
  if (recurring) {
    const trialDays = Math.max(0, input.trialDays);
    const { terms, dueToday } = startSubscription({ price: recurring, coupon, trialDays, at });
    // In a trial the line shows what the first charge will be; today nothing is due.
    const amount =
      trialDays > 0 ? invoiceLineAmount(recurring.amount, terms.discount, terms.periodEnd) : dueToday;
    return {
      currency,
      lines: [{ price: recurring, amount }],
      discount: recurring.amount - amount,
      trialDays,
      dueToday,
      subscription: { terms, schedule: chargeSchedule(terms) },
    };
  }
  const amounts = discountedLines(
    prices.map((p) => p.amount),
    coupon,
  );
  const lines = prices.map((price, i) => ({ price, amount: amounts[i] ?? price.amount }));
  const dueToday = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    currency,
    lines,
    discount: prices.reduce((sum, p) => sum + p.amount, 0) - dueToday,
    trialDays: 0,
    dueToday,
    subscription: null,
  };
}

export type PlanChangeRefusal =
  /** A declined payment is still due: the card must be fixed first. */
  | 'pastDue'
  /** The subscription has ended or never started. */
  | 'ended'
  | 'samePlan'
  /** Paused, or a pause is planned: the member resumes first. */
  | 'paused'
  | 'notRecurring'
  | 'currency';

/** What a plan-change page states and what confirming it charges. */
export interface PlanChangeQuote {
  /** Now (prorated), in a trial (the trial goes on), or at the renewal (a downgrade). */
  kind: 'now' | 'inTrial' | 'atRenewal';
  /** The moment the proration is computed for (Stripe's `proration_date`). */
  at: Date;
  currency: string;
  from: PriceTerms;
  to: PriceTerms;
  /** The unused part of what the current period was billed at. */
  credit: number;
  /** The new plan's first period, from today, after the discount. */
  newPlanCharge: number;
  dueToday: number;
  effectiveAt: Date;
  /** The subscription was set to end; changing the plan renews it instead (as Stripe's portal does). */
  renewsInsteadOfEnding: boolean;
  schedule: ChargeSchedule;
  /** After this the quote no longer stands: the period ends, or the quote is older than {@link QUOTE_HOLD_MS}. */
  validUntil: Date;
  /** The subscription once the change is applied and today's amount paid. */
  after: SubscriptionTerms;
}

/**
 * A change of a live subscription to another recurring price, as Stripe prorates a change that
 * resets the billing cycle (`proration_behavior: always_invoice`, `billing_cycle_anchor: now`): the
 * new plan starts now for a full period, and the unused part of what the current period was billed
 * at is credited, a once coupon's discount included: Stripe's credit in flexible billing mode, the
 * mode our subscriptions are made in (docs.stripe.com/billing/subscriptions/prorations, decision
 * 132). In a trial nothing is charged:
 * the trial goes on and the new plan is charged when it ends. When the credit is more than the new
 * plan costs (a downgrade), the change waits for the renewal, so no paid time is lost and nothing is
 * owed back.
 */
export function planChangeQuote(
  terms: SubscriptionTerms,
  to: PriceTerms,
  at: Date,
): PlanChangeQuote | { refused: PlanChangeRefusal } {
  if (to.type !== 'recurring' || !to.interval) return { refused: 'notRecurring' };
  if (terms.status === 'past_due' || terms.status === 'unpaid') return { refused: 'pastDue' };
  // A paused subscription is resumed first: a change prorates a period that is being paid for.
  if (terms.status === 'paused' || terms.pause) return { refused: 'paused' };
  if (terms.status !== 'active' && terms.status !== 'trialing') return { refused: 'ended' };
  if (to.id === terms.price.id) return { refused: 'samePlan' };
  if (to.currency.toLowerCase() !== terms.price.currency.toLowerCase()) return { refused: 'currency' };
  if (at >= terms.periodEnd) return { refused: 'ended' };
  const base = {
    at,
    currency: to.currency,
    from: terms.price,
    to,
    renewsInsteadOfEnding: terms.cancelAtPeriodEnd,
    validUntil: new Date(Math.min(at.getTime() + QUOTE_HOLD_MS, terms.periodEnd.getTime())),
  };
  const renewing = { ...terms, cancelAtPeriodEnd: false };

  if (terms.status === 'trialing') {
    const after = { ...renewing, price: to, scheduledPrice: null };
    return {
      ...base,
      kind: 'inTrial',
      credit: 0,
      newPlanCharge: 0,
      dueToday: 0,
      effectiveAt: at,
      schedule: chargeSchedule(after),
      after,
    };
  }

  const length = terms.periodEnd.getTime() - terms.periodStart.getTime();
  const unused = terms.periodEnd.getTime() - at.getTime();
  const credit = length > 0 ? Math.round((terms.periodValue * unused) / length) : 0;
  const newPlanCharge = invoiceLineAmount(to.amount, terms.discount, at);
  if (credit > newPlanCharge) {
    const after = { ...renewing, scheduledPrice: to };
    return {
      ...base,
      kind: 'atRenewal',
      credit: 0,
      newPlanCharge: 0,
      dueToday: 0,
      effectiveAt: terms.periodEnd,
      schedule: chargeSchedule(after),
      after,
    };
  }
  const { interval, count } = period(to);
  const after: SubscriptionTerms = {
    ...renewing,
    status: 'active',
    price: to,
    scheduledPrice: null,
    anchor: at,
    periodStart: at,
    periodEnd: addPeriods(at, interval, count),
    discount: discountAfterInvoice(terms.discount, at, to.amount),
    periodValue: newPlanCharge,
  };
  return {
    ...base,
    kind: 'now',
    credit,
    newPlanCharge,
    dueToday: newPlanCharge - credit,
    effectiveAt: at,
    schedule: chargeSchedule(after),
    after,
  };
}

/** What a page states of a schedule: two pages stating the same are the same promise. */
function stated(schedule: ChargeSchedule) {
  return {
    currency: schedule.currency,
    priceId: schedule.price.id,
    next: schedule.next ? { at: schedule.next.at.getTime(), amount: schedule.next.amount } : null,
    discounted: schedule.discounted
      ? { amount: schedule.discounted.amount, until: schedule.discounted.until.getTime() }
      : null,
    regular: schedule.regular,
  };
}

/** The promise a plan-change page makes, as stored with the page and compared when it is confirmed. */
export function planChangePromise(quote: PlanChangeQuote) {
  return {
    kind: quote.kind,
    at: quote.at.getTime(),
    fromPriceId: quote.from.id,
    toPriceId: quote.to.id,
    credit: quote.credit,
    newPlanCharge: quote.newPlanCharge,
    dueToday: quote.dueToday,
    effectiveAt: quote.effectiveAt.getTime(),
    renewsInsteadOfEnding: quote.renewsInsteadOfEnding,
    validUntil: quote.validUntil.getTime(),
    schedule: stated(quote.schedule),
  };
}

/**
 * The promise a checkout page makes. Dates that follow from the moment of payment (a trial's end) are
 * left out: they move with the clock; every amount, the trial's length and the currency are in.
 */
export function checkoutPromise(quote: CheckoutQuote) {
  const schedule = quote.subscription?.schedule;
  // A checkout's subscription always has a next charge; a one-time checkout has no schedule.
  const next = schedule?.next;
  return {
    currency: quote.currency,
    lines: quote.lines.map((l) => ({ priceId: l.price.id, amount: l.amount })),
    trialDays: quote.trialDays,
    dueToday: quote.dueToday,
    next: next ? next.amount : null,
    discounted: schedule?.discounted?.amount ?? null,
    regular: schedule?.regular ?? null,
  };
}

export type PlanChangePromise = ReturnType<typeof planChangePromise>;
export type CheckoutPromise = ReturnType<typeof checkoutPromise>;
