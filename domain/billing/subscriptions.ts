// A subscription's money over time: what each renewal charges and when, and what it charges
// from its next renewal on. A checkout's and a plan change's figures (quotes.ts) build on these.
// The sandbox's hosted pages and test clock, the emails and the member's screens all take their
// figures from here, so the amount a member is shown is the amount charged. Stripe's own rules are
// followed where Stripe has them; each function says which.
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

export function period(price: PriceTerms): { interval: Interval; count: number } {
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
