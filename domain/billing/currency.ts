// Amounts travel in a currency's minor units, as Stripe takes and sends them: cents for USD, but whole
// yen for JPY, which has no minor unit. Every screen, hosted page and email formats money here, so one
// amount reads the same everywhere in one language.
import type { BillingLocale } from './locale.ts';

/** The spec's symbols; a currency not listed is shown by its upper-case code. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  CAD: '$',
  USD: '$',
  EUR: '€',
  CRC: '₡',
  GBP: '£',
  ILS: '₪',
  INR: '₹',
  JPY: '¥',
  KRW: '₩',
  NGN: '₦',
  PHP: '₱',
  PLN: 'zł',
  PYG: '₲',
  THB: '฿',
  UAH: '₴',
  VND: '₫',
};

/**
 * Stripe's zero-decimal currencies: an amount of 1000 JPY is ¥1,000, not ¥10
 * (docs.stripe.com/currencies#zero-decimal).
 */
const ZERO_DECIMAL: ReadonlySet<string> = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Stripe's three-decimal currencies (docs.stripe.com/currencies#three-decimal). */
const THREE_DECIMAL: ReadonlySet<string> = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** How many digits of an amount are the minor unit: 0 for JPY, 3 for KWD, 2 otherwise. */
export function minorUnitDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase();
  return CURRENCY_SYMBOLS[code] ?? `${code} `;
}

/** The amount in the currency's major unit: 2999 USD is 29.99, 1000 JPY is 1000. */
export function majorUnits(amount: number, currency: string): number {
  return amount / 10 ** minorUnitDigits(currency);
}

const NUMBER_LOCALE: Record<BillingLocale, string> = { en: 'en-US', es: 'es-ES' };

/**
 * '$29.99' in English and '$29,99' in Spanish: the spec's symbol before the amount, the language's
 * decimal mark and grouping, and no decimals when the amount is whole ('$50', '¥1,000').
 */
export function formatMoney(
  amount: number,
  currency: string,
  locale: BillingLocale,
  /** Always with the minor units ($49.00): the studio's money, where a refund's words name the exact sum. */
  exact = false,
): string {
  const digits = minorUnitDigits(currency);
  const major = amount / 10 ** digits;
  const whole = Number.isInteger(major) && !exact;
  const text = new Intl.NumberFormat(NUMBER_LOCALE[locale], {
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: whole ? 0 : digits,
  }).format(Math.abs(major));
  return `${major < 0 ? '−' : ''}${currencySymbol(currency)}${text}`;
}
