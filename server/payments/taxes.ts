// The tax one member's charges carry (decision 173): the trainer's settings and the member's
// country, read where a charge is quoted and again where it is taken, so both state the same rule.
import type { CheckoutPromise, PlanChangeQuote } from '../../domain/billing/quotes.ts';
import type { ChargeSchedule } from '../../domain/billing/subscriptions.ts';
import { type IssuedTax, type TaxedAmount, type TaxRule, taxed } from '../../domain/billing/tax.ts';
import type { Database, Transaction } from '../db/index.ts';
import type { ChargeTax } from '../invoices/issue-invoices.ts';
import { memberTaxRule } from './taxes.repository.ts';

type Db = Database | Transaction;

/**
 * The tax of an invoice as the gateway computed it, with the rate and country of the rule it was
 * issued under to print beside it: the rule kept with an invoice left due (`issued`), else the
 * member's as it stands, which is the rule of an invoice finalised now. Null when the invoice holds
 * none. Without a rule (Stripe Tax found tax for a member the settings do not name) the rate is the
 * one the amounts imply.
 */
export async function invoiceTax(
  db: Db,
  trainerId: string,
  userId: string,
  taxes: readonly { amount: number; tax_behavior: 'inclusive' | 'exclusive' }[] | null | undefined,
  paid: number,
  issued: TaxRule | null = null,
): Promise<ChargeTax | null> {
  const amount = (taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  const first = taxes?.[0];
  if (!first || amount === 0) return null;
  const mode = first.tax_behavior;
  const rule = issued ?? (await memberTaxRule(db, trainerId, userId));
  // What was paid holds the tax in both modes: the net is the rest.
  const net = paid - amount;
  return {
    amount,
    mode,
    rateBasisPoints: rule?.rateBasisPoints ?? (net > 0 ? Math.round((amount * 10_000) / net) : 0),
    label: rule?.country ?? '',
  };
}

/** An invoice's tax as it is kept with the invoice while it is due. */
export const keptTax = (tax: ChargeTax | null): IssuedTax | null =>
  tax && { amount: tax.amount, mode: tax.mode, country: tax.label, rateBasisPoints: tax.rateBasisPoints };

/** What a promise states of the tax: the rule and each taxed figure; absent when there is no tax. */
export interface TaxPromise {
  mode: TaxRule['mode'];
  country: string;
  rateBasisPoints: number;
  lines: TaxedAmount[];
  dueToday: TaxedAmount;
  next: TaxedAmount | null;
  discounted: TaxedAmount | null;
  regular: TaxedAmount | null;
}

/** A checkout's promise: the engine's figures, and the tax on them where the member pays tax. */
export type TaxedCheckoutPromise = CheckoutPromise & { tax?: TaxPromise };

/** Each line taxed on its own (Stripe rounds the tax of each line), and the day's sum of them. */
export function taxPromise(
  rule: TaxRule,
  figures: {
    lines: number[];
    next: number | null;
    discounted: number | null;
    regular: number | null;
    trial: boolean;
  },
): TaxPromise {
  const lines = figures.lines.map((amount) => taxed(amount, rule));
  const sum = (key: keyof TaxedAmount) => (figures.trial ? 0 : lines.reduce((s, l) => s + l[key], 0));
  return {
    mode: rule.mode,
    country: rule.country,
    rateBasisPoints: rule.rateBasisPoints,
    lines,
    dueToday: { net: sum('net'), tax: sum('tax'), total: sum('total') },
    next: figures.next === null ? null : taxed(figures.next, rule),
    discounted: figures.discounted === null ? null : taxed(figures.discounted, rule),
    regular: figures.regular === null ? null : taxed(figures.regular, rule),
  };
}

/**
 * A schedule as the member pays it: each charge's total under the rule (Stripe taxes each renewal's
 * line). Without a rule it is the engine's schedule unchanged, so an untaxed surface is as it was.
 */
export function scheduleAsPaid(schedule: ChargeSchedule, rule: TaxRule | null): ChargeSchedule {
  if (!rule) return schedule;
  const total = (amount: number) => taxed(amount, rule).total;
  return {
    ...schedule,
    next: schedule.next && { ...schedule.next, amount: total(schedule.next.amount) },
    discounted: schedule.discounted && { ...schedule.discounted, amount: total(schedule.discounted.amount) },
    regular: total(schedule.regular),
  };
}

/** What a plan-change page states of the tax: each of its lines taxed, today's sum, the schedule's. */
export interface PlanChangeTax {
  mode: TaxRule['mode'];
  country: string;
  rateBasisPoints: number;
  newPlanCharge: TaxedAmount;
  credit: TaxedAmount;
  dueToday: TaxedAmount;
  next: TaxedAmount | null;
  discounted: TaxedAmount | null;
  regular: TaxedAmount;
}

/**
 * The tax of a plan change: the new plan's line and the credit line are taxed each on its own, as
 * Stripe taxes a proration invoice's lines (the credit's tax is given back), and today's figures are
 * the first less the second, so net + tax = total still holds to the unit.
 */
export function planChangeTax(quote: PlanChangeQuote, rule: TaxRule): PlanChangeTax {
  const charge = taxed(quote.newPlanCharge, rule);
  const credit = taxed(quote.credit, rule);
  const { schedule } = quote;
  return {
    mode: rule.mode,
    country: rule.country,
    rateBasisPoints: rule.rateBasisPoints,
    newPlanCharge: charge,
    credit,
    dueToday: {
      net: charge.net - credit.net,
      tax: charge.tax - credit.tax,
      total: charge.total - credit.total,
    },
    next: schedule.next && taxed(schedule.next.amount, rule),
    discounted: schedule.discounted && taxed(schedule.discounted.amount, rule),
    regular: taxed(schedule.regular, rule),
  };
}

/** How a charge's total is made up under the member's rule, in the contract's words. */
export interface ChargeSplit {
  net: number;
  amount: number;
  mode: TaxRule['mode'];
  country: string;
  rate_basis_points: number;
}

/**
 * How an invoice left due of `total` is made up, in the contract's words, from the tax kept with it
 * when it was issued (decision 173); undefined when it holds none.
 */
export function issuedSplit(total: number, kept: IssuedTax | null): ChargeSplit | undefined {
  return kept
    ? {
        net: total - kept.amount,
        amount: kept.amount,
        mode: kept.mode,
        country: kept.country,
        rate_basis_points: kept.rateBasisPoints,
      }
    : undefined;
}

/**
 * A charge of `amount` at the price list as the member pays it, in the contract's words: the total,
 * and under a tax rule how it is made up (the member view's next charge, and the pause options' in
 * the API and on the sandbox's portal).
 */
export function chargeAsPaid(amount: number, rule: TaxRule | null): { amount: number; tax?: ChargeSplit } {
  if (!rule) return { amount };
  const { net, tax, total } = taxed(amount, rule);
  return {
    amount: total,
    tax: {
      net,
      amount: tax,
      mode: rule.mode,
      country: rule.country,
      rate_basis_points: rule.rateBasisPoints,
    },
  };
}
