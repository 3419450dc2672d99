// Billing dates as Stripe computes them, and as every surface states them.
//
// A subscription renews on its billing cycle anchor's day: a plan bought on January 31 renews on
// February 28 (or 29), March 31, April 30, and so on. Each period end is computed from the anchor, not
// from the previous end, so the day clamped in a short month comes back in a long one
// (docs.stripe.com/billing/subscriptions/billing-cycle). Days and weeks are exact multiples of 24 h.
//
// Dates are stated in UTC on every screen, hosted page and email, and each says so: a member west of
// UTC who pays in the evening reads the same date everywhere (decision 090).

import type { BillingInterval } from '../../openapi/contract-values.ts';
import type { BillingLocale } from './locale.ts';

export type Interval = BillingInterval;

const DAY_MS = 24 * 60 * 60 * 1000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** `anchor` moved ahead by `n` × `count` intervals, the anchor's day kept and clamped to the month's last day. */
export function addPeriods(anchor: Date, interval: Interval, count: number, n = 1): Date {
  const steps = count * n;
  switch (interval) {
    case 'day':
      return new Date(anchor.getTime() + steps * DAY_MS);
    case 'week':
      return new Date(anchor.getTime() + steps * 7 * DAY_MS);
    case 'month':
    case 'year': {
      const months = interval === 'year' ? steps * 12 : steps;
      const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
      // Stryker disable next-line ArithmeticOperator: Date.UTC carries surplus months into the year, so any split of `total` gives the same date
      const year = Math.floor(total / 12);
      const month = total - year * 12;
      const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
      return new Date(
        Date.UTC(
          year,
          month,
          day,
          anchor.getUTCHours(),
          anchor.getUTCMinutes(),
          anchor.getUTCSeconds(),
          anchor.getUTCMilliseconds(),
        ),
      );
    }
  }
}

/** The first of the anchor's period boundaries after `after`: the end of the period that runs at `after`. */
export function nextBoundary(anchor: Date, interval: Interval, count: number, after: Date): Date {
  if (anchor > after) return anchor;
  // An estimate from the average period length, then stepped to the exact boundary.
  const approx = { day: DAY_MS, week: 7 * DAY_MS, month: 30.436875 * DAY_MS, year: 365.2425 * DAY_MS }[
    interval
  ];
  // Stryker disable next-line MethodExpression,ArithmeticOperator: the estimate only saves steps; the loops below reach the exact boundary from any start
  let n = Math.max(1, Math.floor((after.getTime() - anchor.getTime()) / (approx * count)));
  // The floor of the estimate never passes the boundary (n periods never outrun n average periods by a
  // whole period), so this loop guards the estimate and does not step on any real date.
  // Stryker disable next-line all: no date makes it step; a mutant only steps n down or not at all (n++ keeps the test no date passes), and the loop below climbs back to the same boundary
  while (n > 1 && addPeriods(anchor, interval, count, n - 1) > after) n--;
  while (addPeriods(anchor, interval, count, n) <= after) n++;
  return addPeriods(anchor, interval, count, n);
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

const DATE_LOCALE: Record<BillingLocale, string> = { en: 'en-US', es: 'es-ES' };

/** 'December 2, 2026' or '2 de diciembre de 2026', the day in UTC. */
export function formatBillingDate(value: Date | string, locale: BillingLocale): string {
  // A Date given is copied, a string read: the same instant either way.
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** 'December 2, 2026 at 4:16 PM', in UTC: when a quote stops standing, to the minute. */
export function formatBillingTime(value: Date, locale: BillingLocale): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(value);
}
