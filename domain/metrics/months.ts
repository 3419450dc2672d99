// The figures' calendar: UTC months, written `YYYY-MM`, as the studio's charts and sums count them.

/** The UTC month of a moment, `YYYY-MM`. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The first moment of a `YYYY-MM` month (UTC). */
export function monthStart(month: string): Date {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1));
}

/** Every month from `from`'s to `to`'s, both included. */
export function monthsFrom(from: Date, to: Date): string[] {
  const months: string[] = [];
  const last = to.getUTCFullYear() * 12 + to.getUTCMonth();
  // Months counted from year 0, so a year's end needs no special case.
  for (let index = from.getUTCFullYear() * 12 + from.getUTCMonth(); index <= last; index++) {
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}
