// The billing histories' oracle (tests/api/billing-histories.test.ts): the price list, the coupons,
// the tax rates and the calendar written here by hand, never asked of the billing engine, and the
// ledger of what a member was shown and accepted.

import type { Member } from './members.ts';

export const RUNS = Number(process.env.BILLING_HISTORY_RUNS ?? 12);
// The tax variant adds a few to `npm test` (decision 176); `npm run test:histories -- --tax` runs more.
export const TAX_RUNS = Number(process.env.BILLING_HISTORY_RUNS ?? 6);
export const SEED = process.env.BILLING_HISTORY_SEED ? Number(process.env.BILLING_HISTORY_SEED) : undefined;
export const MAX_COMMANDS = Number(process.env.BILLING_HISTORY_STEPS ?? 12);

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

// The demo price list, as the seed sells it: the oracle's own copy.
export const PLANS = {
  weekly: { id: 'demo-trainer-price-weekly', amount: 1499, trialDays: 0 },
  monthly: { id: 'demo-trainer-price-monthly', amount: 2999, trialDays: 7 },
  quarterly: { id: 'demo-trainer-price-quarterly', amount: 7999, trialDays: 7 },
  biannual: { id: 'demo-trainer-price-biannual', amount: 14999, trialDays: 0 },
  annual: { id: 'demo-trainer-price-annual', amount: 24999, trialDays: 14 },
} as const;
export type PlanName = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as PlanName[];
export const CHALLENGE = { id: 'demo-trainer-price-challenge', amount: 4900 };

// Coupons this file adds, one per duration Stripe has.
export const COUPONS = {
  HIST_ONCE10: { percentOff: 10, amountOff: null, duration: 'once', months: null },
  HIST_REPEAT20: { percentOff: 20, amountOff: null, duration: 'repeating', months: 2 },
  HIST_FOREVER5: { percentOff: null, amountOff: 500, duration: 'forever', months: null },
  /** The cancel flow's offer: half off for the next two months. */
  HIST_STAY50: { percentOff: 50, amountOff: null, duration: 'repeating', months: 2 },
} as const;
/** The lengths the demo trainer allows in these histories, and the offers a history may be made. */
export const PAUSE_MONTHS = [1, 2, 3];
export type OfferKind = 'coupon' | 'pause' | 'none';
export const REASONS = ['too_expensive', 'unused', 'switched_service', 'other', ''] as const;
export type CouponCode = keyof typeof COUPONS;

// The tax variant (decision 173): the trainer's settings, one per history, as this file sets them, and
// the countries its members give, some taxed and some not. The oracle's own table: no rate is read
// from the server or the engine.
export const TAX_SETTINGS = {
  'exclusive ES 21 %': { mode: 'exclusive', rates: { ES: 2100, FR: 2000 } },
  'inclusive DE 19 %': { mode: 'inclusive', rates: { DE: 1900, IE: 2300 } },
} as const;
export type TaxSettingsName = keyof typeof TAX_SETTINGS;
export const COUNTRIES = ['ES', 'FR', 'DE', 'IE', 'US', null] as const;
/** The member's tax as the oracle sees it: none where the trainer collects none in their country. */
export type MemberTax = { mode: 'exclusive' | 'inclusive'; rate: number; country: string } | null;

export function memberTax(settings: TaxSettingsName | null, country: string | null): MemberTax {
  if (!settings || !country) return null;
  const { mode, rates } = TAX_SETTINGS[settings];
  const rate = (rates as Record<string, number>)[country];
  return rate === undefined ? null : { mode, rate, country };
}

/**
 * The tax in a price-list amount, half up to the cent as the hand-computed figures round it
 * (2999 × 21 % = 629.79 → 630; 24999 × 19/119 = 3991.44 → 3991), in integers only.
 */
export function taxIn(amount: number, tax: MemberTax): number {
  if (!tax) return 0;
  const [num, den] =
    tax.mode === 'exclusive' ? [amount * tax.rate, 10_000] : [amount * tax.rate, 10_000 + tax.rate];
  return Math.floor((2 * num + den) / (2 * den));
}

/** What the member pays for a price-list amount: exclusive tax is added, inclusive is already in it. */
export function gross(amount: number, tax: MemberTax): number {
  return tax?.mode === 'exclusive' ? amount + taxIn(amount, tax) : amount;
}

export type Card = '4242' | '0341';
export const CARDS: Record<Card, Record<string, string>> = {
  '4242': { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  '0341': { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' },
};

/** A price after a coupon, as Stripe discounts one line: percent rounded to the cent, or a fixed amount. */
export function discounted(amount: number, code: CouponCode): number {
  const c = COUPONS[code];
  if (c.percentOff) return amount - Math.round((amount * c.percentOff) / 100);
  return Math.max(0, amount - (c.amountOff ?? 0));
}

/** `from` plus `n` calendar months, the day clamped to the month's last day (UTC). */
export function addMonths(from: Date, n: number): Date {
  const total = from.getUTCFullYear() * 12 + from.getUTCMonth() + n;
  const last = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate();
  const d = new Date(from);
  d.setUTCFullYear(Math.floor(total / 12), total % 12, Math.min(from.getUTCDate(), last));
  return d;
}

/**
 * The end of the monthly period `n` months after one ending at `periodEnd`: the anchor's day, clamped
 * to the month's last day. A period that ends before its month's last day ended on the anchor's day;
 * one that ends on the last day may have been clamped, and only the history's anchor day says. Null
 * when the history cannot say.
 */
export function monthsAfter(periodEnd: Date, n: number, anchorDay: number | null): Date | null {
  const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const [year, month, day] = [periodEnd.getUTCFullYear(), periodEnd.getUTCMonth(), periodEnd.getUTCDate()];
  const anchor = day === lastDay(year, month) ? anchorDay : day;
  if (anchor === null) return null;
  const total = year * 12 + month + n;
  const [y, m] = [Math.floor(total / 12), total % 12];
  const d = new Date(periodEnd);
  d.setUTCFullYear(y, m, Math.min(anchor, lastDay(y, m)));
  return d;
}

export const utcDay = (iso: string | number | Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

export interface OpenPage {
  path: string;
  digest: string;
  amount: number;
  /** A change now: the new plan's first period and the credit, as the page states them. */
  now: { newPlanCharge: number; credit: number } | null;
  /** The member's clock when the page was read: the moment its quote is for. */
  readAt: number;
  /** The tax row's amount, null when the page states none. */
  tax: number | null;
}

export interface Ledger {
  /** Every amount the member was shown and that must have been charged, in order. */
  expected: number[];
  /** Each accepted charge with the country and rate its invoice names (see accept). */
  rules: string[];
  /** Charges a 0341 card may have: the ones made when it was entered at checkout. */
  enteredOn0341: number;
  hadTrial: boolean;
  card: Card | null;
  coupon: { code: CouponCode; start: Date; usedOnce: boolean } | null;
  /** A declined renewal still due: what the member was shown, and when it was declined. */
  owed: { amount: number; at: Date; tax: MemberTax } | null;
  /**
   * What the current period was charged (0 in a trial) and when it began; null once the ledger
   * cannot say (a refund, a declined renewal).
   */
  period: { charged: number; start: number } | null;
  pages: OpenPage[];
  /**
   * The day of the month a monthly plan's periods end on, before clamping (the billing cycle
   * anchor's); null where this history cannot say.
   */
  anchorDay: number | null;
  /** The times the subscription was paused: nothing of it may be charged inside one. */
  pauses: { from: number; to: number }[];
  /** The cancel flow's offer the trainer makes in this history. */
  offer: OfferKind;
  /** Answers given at the cancel button. */
  answers: number;
  /** Why the last renewal cost what it did, for a failure message. */
  log: string[];
  /** The member's tax: every figure above is before exclusive tax, every amount shown after it. */
  tax: MemberTax;
  /** The trainer's tax settings in this history, which the member's country is taxed under. */
  settings: TaxSettingsName | null;
}

export interface Real {
  member: Member;
  portal: string | null;
}
