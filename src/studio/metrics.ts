// The figures as the studio's figures operation answers them (amounts in minor units), and the
// period the dashboard asks for.
import type { components } from '../../openapi/schema.d.ts';

export type Metrics = components['schemas']['Metrics'];
export type MonthFigures = Metrics['months'][number];

/** The default period: the last 12 whole months and this one, as `YYYY-MM-DD` days (UTC). */
export function defaultPeriod(now: Date): { from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1));
  return { from: from.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

/** The first day of a month typed as `YYYY-MM`, or the last day for the end of a period. */
export function monthBound(month: string, end: boolean): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const day = end ? new Date(Date.UTC(year, index, 0)) : new Date(Date.UTC(year, index - 1, 1));
  return day.toISOString().slice(0, 10);
}
