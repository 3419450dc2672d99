// Tax on a charge (decision 173): whether the trainer's prices include it, and at what rate it is
// collected from a member's country. The rates are the trainer's settings, never this code's: the
// engine only does the arithmetic, once, so that every surface states the same net, tax and total.

/** How a trainer's prices relate to tax. */
export type TaxMode = 'inclusive' | 'exclusive';

/** ISO 3166-1 alpha-2, upper case ('ES'). */
export const COUNTRY = /^[A-Z]{2}$/;

/** The highest rate a setting may hold, in basis points (50 %): a higher one is a typo, not a tax. */
export const MAX_RATE_BASIS_POINTS = 5000;

/** A trainer's tax settings: the mode, and the rate (basis points) in each country tax is collected in. */
export interface TaxSettings {
  mode: TaxMode;
  rates: Record<string, number>;
}

/** The tax that applies to one member's charges. */
export interface TaxRule {
  mode: TaxMode;
  country: string;
  rateBasisPoints: number;
}

/**
 * The tax an invoice holds and the rule it was computed under, fixed when the invoice is issued: a
 * payment made later (a retry, a new card) states these, whatever the member's country has become.
 */
export interface IssuedTax extends TaxRule {
  amount: number;
}

/** One charge split into what the trainer keeps, the tax, and what the member pays. */
export interface TaxedAmount {
  net: number;
  tax: number;
  total: number;
}

/** Half up on a positive quotient of integers, in integers only: no float is ever rounded. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The tax on one amount in minor units, rounded half up to the minor unit, as Stripe rounds the tax
 * of each line. Exclusive: the tax is added (tax = round(amount × rate)). Inclusive: the amount is
 * what the member pays and the tax is the part of it the rate makes up (tax = round(amount × rate /
 * (1 + rate))); the net is the rest, so net + tax = total holds in both modes, to the unit.
 */
export function taxFor(amount: number, rateBasisPoints: number, mode: TaxMode): TaxedAmount {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`Not an amount: ${amount}`);
  if (mode === 'exclusive') {
    const tax = roundHalfUp(amount * rateBasisPoints, 10_000);
    return { net: amount, tax, total: amount + tax };
  }
  const tax = roundHalfUp(amount * rateBasisPoints, 10_000 + rateBasisPoints);
  return { net: amount - tax, tax, total: amount };
}

/** The rule for a member in `country`; null when the trainer collects no tax there (or at all). */
export function taxRuleFor(settings: TaxSettings | null, country: string | null): TaxRule | null {
  if (!settings || !country) return null;
  const rate = settings.rates[country];
  return rate === undefined ? null : { mode: settings.mode, country, rateBasisPoints: rate };
}

/** A charge under a rule; without one, the amount is the net and the total, and there is no tax. */
export function taxed(amount: number, rule: TaxRule | null): TaxedAmount {
  return rule ? taxFor(amount, rule.rateBasisPoints, rule.mode) : { net: amount, tax: 0, total: amount };
}

/** A rate in basis points as the percent a page states, in the page's locale ('21', '19,5'). */
export function formatTaxRate(rateBasisPoints: number, locale: string): string {
  return (rateBasisPoints / 100).toLocaleString(locale);
}

/**
 * One charge's tax and total shared among the lines it paid, in proportion to their prices: each
 * line's tax is rounded down and the last line takes what rounding leaves, so the lines add up to the
 * charge to the unit. Exclusive tax is paid on top of a line's price; inclusive tax is inside it.
 */
export function shareCharge(
  prices: readonly number[],
  charge: { tax: number; total: number },
  mode: TaxMode,
): { tax: number; total: number }[] {
  const net = prices.reduce((sum, price) => sum + price, 0);
  let left = charge;
  return prices.map((price, i) => {
    const last = i === prices.length - 1;
    const tax = last || net === 0 ? left.tax : Math.floor((charge.tax * price) / net);
    const total = last ? left.total : price + (mode === 'exclusive' ? tax : 0);
    left = { tax: left.tax - tax, total: left.total - total };
    return { tax, total };
  });
}

export type TaxSettingsRefusal = 'taxMode' | 'taxCountry' | 'taxRate' | 'taxNoCountries';

/** The settings as given, or the first rule they break. */
export function checkTaxSettings(input: {
  mode: string;
  rates: Record<string, number>;
}): { ok: true; settings: TaxSettings } | { ok: false; refusal: TaxSettingsRefusal } {
  if (input.mode !== 'inclusive' && input.mode !== 'exclusive') return { ok: false, refusal: 'taxMode' };
  const entries = Object.entries(input.rates);
  if (entries.length === 0) return { ok: false, refusal: 'taxNoCountries' };
  const rates: Record<string, number> = {};
  for (const [country, rate] of entries) {
    if (!COUNTRY.test(country)) return { ok: false, refusal: 'taxCountry' };
    if (!Number.isInteger(rate) || rate < 0 || rate > MAX_RATE_BASIS_POINTS)
      return { ok: false, refusal: 'taxRate' };
    rates[country] = rate;
  }
  return { ok: true, settings: { mode: input.mode, rates } };
}
