// How the CLI prints: JSON for scripts (--json), aligned columns for people.
import { minorUnitDigits } from '../domain/billing/currency.ts';

/** Columns padded to their widest cell, the header first. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** 2999 usd as "29.99 USD", 1000 jpy as "1000 JPY": the amount exactly, in the currency's major unit. */
export function money(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const text = digits === 0 ? String(amount) : (amount / 10 ** digits).toFixed(digits);
  return `${text} ${currency.toUpperCase()}`;
}

/**
 * "29.99" in a currency with two decimals as 2999 minor units; undefined when the text is not an
 * amount the currency can hold (more decimals than it has, a sign, letters).
 */
export function parseMoney(text: string, currency: string): number | undefined {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
