// What a change to a plan does to its price (decision 117). A price that has been sold keeps what
// was sold: its amount, currency and billing period. Changing any of them archives it and adds a new
// price carrying the change, as Stripe does, so members on the old price keep it and no receipt or
// checkout page shown at the old amount is charged another. What only describes the plan (its names,
// the trial a new member gets) changes in place.

import type { BillingInterval } from '../../openapi/contract-values.ts';
import type { PriceRow } from './admin.repository.ts';

export interface PlanInput {
  interval?: BillingInterval;
  intervalCount?: number;
  amount?: number;
  currency?: string;
  trialDays?: number | null;
  nicknames?: { en: string; es?: string };
}

type Change = Partial<
  Pick<
    PriceRow,
    'amount' | 'interval' | 'intervalCount' | 'currency' | 'trialDays' | 'nickname' | 'nicknames'
  >
>;

export type PlanChange =
  /** The price itself changes. */
  | { kind: 'inPlace'; change: Change }
  /** The price is archived and a copy with the change takes its place in the catalogue. */
  | { kind: 'replace'; change: Change };

/** The fields whose change, on a sold price, needs a new price. */
const SOLD_TERMS = ['amount', 'currency', 'interval', 'intervalCount'] as const;

/** The columns an input changes, leaving out the values it repeats. */
export function changedColumns(price: PriceRow, input: PlanInput): Change {
  const change: Change = {};
  for (const key of SOLD_TERMS) {
    const value = input[key];
    if (value !== undefined && value !== price[key]) Object.assign(change, { [key]: value });
  }
  if (input.trialDays !== undefined && input.trialDays !== price.trialDays)
    change.trialDays = input.trialDays;
  if (input.nicknames) {
    const { en, ...others } = input.nicknames;
    if (en !== price.nickname) change.nickname = en;
    const nicknames = Object.keys(others).length > 0 ? others : null;
    if (JSON.stringify(nicknames) !== JSON.stringify(price.nicknames ?? null)) change.nicknames = nicknames;
  }
  return change;
}

export function planChange(price: PriceRow, sold: boolean, input: PlanInput): PlanChange {
  const change = changedColumns(price, input);
  const touchesSoldTerms = SOLD_TERMS.some((key) => key in change);
  return sold && touchesSoldTerms ? { kind: 'replace', change } : { kind: 'inPlace', change };
}
