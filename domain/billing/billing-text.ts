// The words around the engine's figures that every billing surface shares (hosted pages, emails,
// the member's screens): a plan's name in the member's language, its billing period, and the
// sentence that says what a subscription charges next. One wording, so a page and an email that
// state the same schedule say it the same way.
import { formatBillingDate } from './calendar.ts';
import { formatMoney, type MoneyFormat } from './currency.ts';
import type { BillingLocale } from './locale.ts';
import type { ChargeSchedule, PriceTerms } from './subscriptions.ts';

const words = {
  en: {
    per: { day: 'per day', week: 'per week', month: 'per month', year: 'per year' },
    units: { day: 'days', week: 'weeks', month: 'months', year: 'years' },
    everyN: (n: number, unit: string) => `every ${n} ${unit}`,
    steady: (amount: string, every: string, date: string) => `Then ${amount} ${every}, from ${date}`,
    firstThen: (amount: string, date: string, regular: string, every: string) =>
      `Then ${amount} on ${date}, and ${regular} ${every} after that`,
    discountedThen: (amount: string, every: string, date: string, regular: string) =>
      `Then ${amount} ${every} until ${date}, and ${regular} ${every} after that`,
    ends: (date: string) => `Nothing more is charged: the subscription ends on ${date}`,
    utc: 'Dates are in UTC.',
  },
  es: {
    per: { day: 'al día', week: 'a la semana', month: 'al mes', year: 'al año' },
    units: { day: 'días', week: 'semanas', month: 'meses', year: 'años' },
    everyN: (n: number, unit: string) => `cada ${n} ${unit}`,
    steady: (amount: string, every: string, date: string) =>
      `Después ${amount} ${every}, a partir del ${date}`,
    firstThen: (amount: string, date: string, regular: string, every: string) =>
      `Después ${amount} el ${date}, y ${regular} ${every} a partir de entonces`,
    discountedThen: (amount: string, every: string, date: string, regular: string) =>
      `Después ${amount} ${every} hasta el ${date}, y ${regular} ${every} a partir de entonces`,
    ends: (date: string) => `No se cobra nada más: la suscripción termina el ${date}`,
    utc: 'Las fechas están en UTC.',
  },
} as const;

/** The sentence each billing surface puts beside its dates. */
export function datesInUtc(locale: BillingLocale): string {
  return words[locale].utc;
}

/** 'per month', 'every 3 months'; empty for a one-time price. */
export function intervalPhrase(
  price: Pick<PriceTerms, 'interval' | 'intervalCount'>,
  locale: BillingLocale,
): string {
  const w = words[locale];
  if (!price.interval) return '';
  const count = price.intervalCount ?? 1;
  return count === 1 ? w.per[price.interval] : w.everyN(count, w.units[price.interval]);
}

/** '$29.99 per month'; `money` formats the amount as the figures shown beside it (moneyFormatFor). */
export function recurringAmount(
  amount: number,
  price: PriceTerms,
  locale: BillingLocale,
  money: MoneyFormat = (n) => formatMoney(n, price.currency, locale),
): string {
  return `${money(amount)} ${intervalPhrase(price, locale)}`.trim();
}

/** The product's name in the member's language: its name there, else its English one. */
export function productNameIn(
  product: { name: string; names?: Partial<Record<string, string>> | null },
  locale: BillingLocale,
): string {
  return product.names?.[locale] ?? product.name;
}

/** The plan's name in the member's language: its nickname there, else its English one. */
export function nicknameIn(
  price: { nickname: string | null; nicknames?: Partial<Record<string, string>> | null },
  locale: BillingLocale,
): string | null {
  return price.nicknames?.[locale] ?? price.nickname;
}

/** 'Coaching Membership: Monthly', or the product's name alone. */
export function planName(
  productName: string,
  price: { nickname: string | null; nicknames?: Partial<Record<string, string>> | null },
  locale: BillingLocale,
): string {
  const nickname = nicknameIn(price, locale);
  // A one-time product's price is often named after it: '30-Day Shred', not '30-Day Shred: 30-Day Shred'.
  return nickname && nickname !== productName ? `${productName}: ${nickname}` : productName;
}

/**
 * What the subscription charges from its next renewal on, in one sentence; `money` formats its
 * amounts as the figures shown beside it (moneyFormatFor).
 */
export function schedulePhrase(
  schedule: ChargeSchedule,
  locale: BillingLocale,
  endsOn?: Date,
  money: MoneyFormat = (n) => formatMoney(n, schedule.currency, locale),
): string {
  const w = words[locale];
  const every = intervalPhrase(schedule.price, locale);
  const { next, discounted, regular } = schedule;
  if (!next) return endsOn ? w.ends(formatBillingDate(endsOn, locale)) : '';
  if (discounted)
    return w.discountedThen(
      money(discounted.amount),
      every,
      formatBillingDate(discounted.until, locale),
      money(regular),
    );
  if (next.amount !== regular)
    return w.firstThen(money(next.amount), formatBillingDate(next.at, locale), money(regular), every);
  return w.steady(money(regular), every, formatBillingDate(next.at, locale));
}
