// A subscription's money over time: what a checkout charges today, what each renewal charges and
// when, and what a plan change costs. The sandbox's hosted pages and test clock, the emails and the
// member's screens all take their figures from here, so the amount a member is shown is the amount
// charged. Stripe's own rules are followed where Stripe has them; each function says which.
import { addDays, addPeriods, type Interval, nextBoundary } from './calendar.ts';
import {
  type CouponTerms,
  type Discount,
  discountAfterInvoice,
  discountApplies,
  discountedLines,
  discountStarting,
  invoiceLineAmount,
} from './discounts.ts';
import { periodEnd } from './period-end.ts';

export interface PriceTerms {
  id: string;
  amount: number;
  currency: string;
  type: 'one_time' | 'recurring';
  interval: Interval | null;
  intervalCount: number | null;
  trialDays: number | null;
}

export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'paused'
  | 'canceled'
  | 'incomplete';

/**
 * A pause the member asked for (decision 152): from `startsAt` (the end of the period already paid
 * for) until `resumesAt` (a renewal of the plan's cycle) nothing is charged and the library is closed.
 */
export interface Pause {
  startsAt: Date;
  resumesAt: Date;
}

/** Everything the money of one subscription depends on. */
export interface SubscriptionTerms {
  status: SubscriptionStatus;
  price: PriceTerms;
  /** A cheaper plan that takes over at the renewal. */
  scheduledPrice: PriceTerms | null;
  /** The billing cycle anchor: periods end on its day (the trial's end, or the start of the plan's cycle). */
  anchor: Date;
  periodStart: Date;
  periodEnd: Date;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  discount: Discount | null;
  /** A pause asked for and not over; absent or null: none. */
  pause?: Pause | null;
  /**
   * What the current period was billed at, before any credit from an earlier plan: the value a plan
   * change credits the unused part of. Zero in a trial, and when the period's invoice was refunded or
   * is unpaid.
   */
  periodValue: number;
}

/** One invoice as the clock will create it. */
export interface ProjectedInvoice {
  at: Date;
  price: PriceTerms;
  amount: number;
}

/** The upcoming charges of a subscription, as every surface states them. */
export interface ChargeSchedule {
  currency: string;
  /** The plan the charges are for. */
  price: PriceTerms;
  /** The next charge; null when the subscription ends at the period's end. */
  next: ProjectedInvoice | null;
  /** A repeating discount that goes on after the next charge: its amount, and when it stops. */
  discounted: { amount: number; until: Date } | null;
  /** What each charge is once discounts have run out (a `forever` discount never runs out). */
  regular: number;
}

/** How long a plan-change quote stands, at most: after it, the page asks the member to read a fresh one. */
export const QUOTE_HOLD_MS = 60 * 60 * 1000;

function period(price: PriceTerms): { interval: Interval; count: number } {
  if (price.type !== 'recurring' || !price.interval)
    throw new Error(`Price ${price.id} is not a recurring price`);
  return { interval: price.interval, count: price.intervalCount ?? 1 };
}

/**
 * The subscription a paid checkout starts. With a trial, nothing is charged and the trial's end
 * becomes the billing cycle anchor (Stripe's `trial_end`); without one, the first period is charged
 * now and the plan renews on today's day.
 */
export function startSubscription(input: {
  price: PriceTerms;
  coupon: CouponTerms | null;
  trialDays: number;
  at: Date;
}): { terms: SubscriptionTerms; dueToday: number } {
  const { price, at } = input;
  const { interval, count } = period(price);
  const discount = discountStarting(input.coupon, at);
  if (input.trialDays > 0) {
    const trialEnd = addDays(at, input.trialDays);
    return {
      dueToday: 0,
      terms: {
        status: 'trialing',
        price,
        scheduledPrice: null,
        anchor: trialEnd,
        periodStart: at,
        periodEnd: trialEnd,
        trialEnd,
        cancelAtPeriodEnd: false,
        discount,
        periodValue: 0,
      },
    };
  }
  const dueToday = invoiceLineAmount(price.amount, discount, at);
  return {
    dueToday,
    terms: {
      status: 'active',
      price,
      scheduledPrice: null,
      anchor: at,
      periodStart: at,
      periodEnd: addPeriods(at, interval, count),
      trialEnd: null,
      cancelAtPeriodEnd: false,
      discount: discountAfterInvoice(discount, at, price.amount),
      periodValue: dueToday,
    },
  };
}

/**
 * The invoice created when the current period ends, and the subscription once it is paid. A plan
 * scheduled for the renewal takes over then; a plan of another length starts its own cycle there.
 * Null when the subscription is set to end instead.
 */
export function renewal(
  terms: SubscriptionTerms,
): { invoice: ProjectedInvoice; paid: SubscriptionTerms } | null {
  if (terms.cancelAtPeriodEnd) return null;
  // A pause that begins at this period's end skips the renewals inside it: the next invoice is the
  // one at the pause's end (as Stripe voids the invoices of a `pause_collection` with `behavior: void`).
  const paused = pauseBegins(terms);
  if (paused) return renewal(paused);
  const at = terms.periodEnd;
  const price = terms.scheduledPrice ?? terms.price;
  const { interval, count } = period(price);
  const current = terms.price;
  const sameCycle = current.interval === price.interval && (current.intervalCount ?? 1) === count;
  const anchor = sameCycle ? terms.anchor : at;
  const amount = invoiceLineAmount(price.amount, terms.discount, at);
  return {
    invoice: { at, price, amount },
    paid: {
      ...terms,
      status: 'active',
      price,
      scheduledPrice: null,
      anchor,
      periodStart: at,
      periodEnd: nextBoundary(anchor, interval, count, at),
      discount: discountAfterInvoice(terms.discount, at, price.amount),
      pause: null,
      periodValue: amount,
    },
  };
}

/**
 * The subscription once a pause that begins at the current period's end has begun: paused from the
 * period's end until the pause resumes, with nothing billed for that time. Null when no pause begins
 * at this period's end (none asked for, already paused, or a renewal the pause does not cover).
 */
export function pauseBegins(terms: SubscriptionTerms): SubscriptionTerms | null {
  const pause = terms.pause;
  if (!pause || terms.status === 'paused') return null;
  if (terms.periodEnd < pause.startsAt || terms.periodEnd >= pause.resumesAt) return null;
  return {
    ...terms,
    status: 'paused',
    periodStart: terms.periodEnd,
    periodEnd: pause.resumesAt,
    periodValue: 0,
  };
}

/** The next `count` invoices, each assumed paid. */
export function upcomingInvoices(terms: SubscriptionTerms, count: number): ProjectedInvoice[] {
  const invoices: ProjectedInvoice[] = [];
  let state = terms;
  for (let i = 0; i < count; i++) {
    const next = renewal(state);
    if (!next) break;
    invoices.push(next.invoice);
    state = next.paid;
  }
  return invoices;
}

/** What the subscription charges from its next renewal on. */
export function chargeSchedule(terms: SubscriptionTerms): ChargeSchedule {
  const end = periodEnd({ cancelAtPeriodEnd: terms.cancelAtPeriodEnd, scheduled: terms.scheduledPrice });
  const price = end.kind === 'changes' ? end.to : terms.price;
  const next = renewal(terms);
  const regularDiscount = terms.discount?.coupon.duration === 'forever' ? terms.discount : null;
  const regular = discountApplies(regularDiscount, new Date(8.64e15))
    ? (discountedLines([price.amount], regularDiscount.coupon)[0] ?? price.amount)
    : price.amount;
  let discounted: ChargeSchedule['discounted'] = null;
  if (
    next &&
    terms.discount?.end &&
    next.paid.discount &&
    discountApplies(next.paid.discount, next.paid.periodEnd)
  ) {
    discounted = { amount: next.invoice.amount, until: terms.discount.end };
  }
  return { currency: price.currency, price, next: next?.invoice ?? null, discounted, regular };
}

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
  return {
    currency: quote.currency,
    lines: quote.lines.map((l) => ({ priceId: l.price.id, amount: l.amount })),
    trialDays: quote.trialDays,
    dueToday: quote.dueToday,
    // Stryker disable next-line OptionalChaining: a checkout's subscription renews, so its schedule always has a next charge
    next: schedule?.next?.amount ?? null,
    discounted: schedule?.discounted?.amount ?? null,
    regular: schedule?.regular ?? null,
  };
}

export type PlanChangePromise = ReturnType<typeof planChangePromise>;
export type CheckoutPromise = ReturnType<typeof checkoutPromise>;
