// The one place that turns a price into text: amounts travel in minor units, as the payment
// provider sends them, and are shown divided by 100 after the currency's symbol.

/** The spec's table; a currency not listed is shown by its upper-case code. */
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

export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase();
  return CURRENCY_SYMBOLS[code] ?? code;
}

export function majorUnits(amount: number): number {
  return amount / 100;
}

/** '$49.99', or '$50' when the amount has no cents. */
export function formatAmount(amount: number, currency: string): string {
  const major = majorUnits(amount);
  const text = Number.isInteger(major) ? String(major) : major.toFixed(2);
  return `${currencySymbol(currency)}${text}`;
}
