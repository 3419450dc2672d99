// Amounts, dates and billing periods as the member reads them, in their language: one formatter for
// the sandbox's hosted pages and the billing emails, so a page and an email never disagree.
import { type SandboxLocale, sandboxMessages } from '../sandbox/sandbox-messages.ts';
import type { PriceRow } from './pricing.ts';

export function money(amount: number, currency: string, locale: SandboxLocale): string {
  return new Intl.NumberFormat(locale === 'es' ? 'es-ES' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

export function date(value: Date, locale: SandboxLocale): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(value);
}

/** 'per month', 'every 3 months'; empty for a one-time price. */
export function intervalText(
  price: Pick<PriceRow, 'interval' | 'intervalCount'>,
  locale: SandboxLocale,
): string {
  const { t } = sandboxMessages(locale);
  const { interval, intervalCount } = price;
  if (!interval) return '';
  const count = intervalCount ?? 1;
  return count === 1 ? (t.intervals[interval] ?? '') : t.everyN(count, t.units[interval] ?? interval);
}

/** '$24.99 per month'. */
export function recurringAmount(amount: number, price: PriceRow, locale: SandboxLocale): string {
  return `${money(amount, price.currency, locale)} ${intervalText(price, locale)}`.trim();
}

/** 'Membership: Monthly', or the product's name alone. */
export function planName(productName: string, price: Pick<PriceRow, 'nickname'>): string {
  return price.nickname ? `${productName}: ${price.nickname}` : productName;
}
