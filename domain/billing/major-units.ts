// An amount as the operator types and reads it: in the currency's major unit, as prices are written
// ("29.99" USD, "1000" JPY, "1.250" KWD), read and written digit by digit so no float rounds a cent
// on the way. Amounts travel in minor units (currency.ts); the command line and the catalogue file
// speak these (decision 134).
import { minorUnitDigits } from './currency.ts';

/** 2999 USD as "29.99", 1000 JPY as "1000", 1250 KWD as "1.250": every decimal the currency has. */
export function majorUnitText(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  const major = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return amount < 0 ? `-${major}` : major;
}

/** 2999 usd as "29.99 USD": how the CLI and the admin API's messages write an amount. */
export function amountWithCode(amount: number, currency: string): string {
  return `${majorUnitText(amount, currency)} ${currency.toUpperCase()}`;
}

const MAJOR = /^(\d{1,9})(?:\.(\d+))?$/;

/**
 * "29.99" (or the number 29.99 a YAML or JSON file holds) in USD as 2999 minor units; undefined when
 * it is not an amount the currency can hold: more decimals than it has (29.999 USD, 1.5 JPY; zeros
 * past them are only zeros), a sign, an exponent, letters.
 */
export function minorUnitsOf(value: string | number, currency: string): number | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  // A number's shortest text is the decimal a person wrote: 29.99, not 29.989999999999998.
  const match = MAJOR.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!match) return undefined;
  const digits = minorUnitDigits(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** What a currency's amounts look like, for a refusal: "at most 2 decimals, such as 29.99". */
export function amountForm(currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return `a whole number: ${currency.toUpperCase()} has no decimals, such as 1000`;
  return `at most ${digits} decimals, such as ${majorUnitText(digits === 3 ? 1250 : 2999, currency)}`;
}
