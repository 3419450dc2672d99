// The figures of one trainer's business, as the studio's dashboard and the operator read them
// (decision 144; each defined in domain/metrics and in words in docs/metrics.md). The current state
// (MRR, members, failing payments) is read from the live subscriptions; the months' history from the
// movements the payment processor records; money from the charges; progress from the members' area.
import {
  addMovements,
  emptyMonth,
  type MonthSums,
  type MovementKind,
  monthFigures,
  reachedDistribution,
  standingOf,
} from '../../domain/metrics/metrics.ts';
import { monthsFrom } from '../../domain/metrics/months.ts';
import type { ContentService } from '../content/content-service.ts';
import type { Database } from '../db/index.ts';
import { badRequest, notFound } from '../errors.ts';
import {
  liveSubscriptionGroups,
  monthSums,
  productNames,
  programReach,
  trainerPrograms,
} from './metrics.repository.ts';

const MOVEMENT_KINDS: ReadonlySet<string> = new Set<MovementKind>([
  'trialStarted',
  'trialEnded',
  'trialConverted',
  'started',
  'churned',
  'changed',
  'paymentFailed',
]);

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest period asked at once, in months: five years of monthly figures. */
export const MAX_MONTHS = 60;

export interface MetricsQuery {
  from?: string | undefined;
  to?: string | undefined;
}

/** A `YYYY-MM-DD` day as its first moment (UTC), refused when it is not a day of the calendar. */
function day(name: 'from' | 'to', value: string): Date {
  const at = new Date(`${value}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(at.getTime()) ||
    at.toISOString().slice(0, 10) !== value
  )
    throw badRequest('metrics.badDay', { name, value });
  return at;
}

const monthStartOf = (at: Date, plus = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plus, 1));

/**
 * The period asked, in whole UTC months (the figures are kept per month): from the first day of
 * `from`'s month to the end of `to`'s month; the last 12 whole months and this one unless given.
 */
export function periodOf(query: MetricsQuery, now: Date): { from: Date; end: Date; months: string[] } {
  const from = monthStartOf(query.from ? day('from', query.from) : now, query.from ? 0 : -12);
  if (query.from && query.to && day('from', query.from) > day('to', query.to))
    throw badRequest('metrics.fromAfterTo', { from: query.from, to: query.to });
  const end = monthStartOf(query.to ? day('to', query.to) : now, 1);
  if (from >= end) throw badRequest('metrics.fromAfterTo', { from: query.from ?? '', to: query.to ?? '' });
  const months = monthsFrom(from, new Date(end.getTime() - 1));
  if (months.length > MAX_MONTHS) throw badRequest('metrics.tooLong', { months: MAX_MONTHS });
  return { from, end, months };
}

export interface MetricsDeps {
  db: Database;
  content: ContentService;
}

export async function trainerMetrics(
  deps: MetricsDeps,
  trainerId: string,
  query: MetricsQuery,
  now = new Date(),
) {
  const { db } = deps;
  const { currency, programs } = await trainerPrograms(db, trainerId);
  if (!currency) throw notFound('accounts.unknownTrainer');
  const { from, end, months } = periodOf(query, now);

  const fromMonth = months[0] ?? '';
  const toMonth = months.at(-1) ?? '';
  const [groups, sums, names, reach] = await Promise.all([
    liveSubscriptionGroups(db, trainerId, currency),
    monthSums(db, trainerId, currency, fromMonth, toMonth),
    productNames(db, trainerId),
    programReach(db, trainerId),
  ]);
  let mrr = 0;
  let activeMembers = 0;
  let trialingMembers = 0;
  const failing = { count: 0, amountAtRisk: 0 };
  for (const g of groups) {
    failing.count += g.failing;
    failing.amountAtRisk += g.atRisk;
    if (!g.interval) continue;
    const { standing, mrr: each } = standingOf({
      status: g.status,
      price: { amount: g.amount, interval: g.interval, intervalCount: g.intervalCount },
      coupon: g.duration ? { percentOff: g.percentOff, amountOff: g.amountOff, duration: g.duration } : null,
      discountEnded: g.discountEnded,
    });
    if (standing === 'paying') {
      activeMembers += g.count;
      mrr += each * g.count;
    }
    if (standing === 'trialing') trialingMembers += g.count;
  }

  const perMonth = new Map<string, MonthSums>();
  let later = 0;
  const recovered = { count: 0, amount: 0 };
  const sales = new Map<string, { count: number; revenue: number }>();
  for (const row of sums) {
    if (row.month === 'later') {
      later += row.mrrDelta;
      continue;
    }
    const month = perMonth.get(row.month) ?? emptyMonth();
    if (MOVEMENT_KINDS.has(row.key)) {
      const kind = row.key as MovementKind;
      perMonth.set(
        row.month,
        addMovements(month, { kind, mrrDelta: row.mrrDelta, count: row.count, lost: row.mrrLost }),
      );
    } else if (row.key === 'revenue')
      perMonth.set(row.month, { ...month, revenue: month.revenue + row.amount });
    else if (row.key === 'refunds')
      perMonth.set(row.month, { ...month, refunds: month.refunds + row.amount });
    else if (row.key === 'recovered') {
      recovered.count += row.count;
      recovered.amount += row.amount;
    } else if (row.key.startsWith('sale:')) {
      const sale = sales.get(row.key.slice(5)) ?? { count: 0, revenue: 0 };
      sales.set(row.key.slice(5), { count: sale.count + row.count, revenue: sale.revenue + row.amount });
    }
  }

  const units = await Promise.all(
    programs.map(async (p) => {
      try {
        if (p.kind === 'challenge') return (await deps.content.program(p.slug))?.days.length ?? 0;
        const course = await deps.content.course(p.slug);
        return course?.modules.reduce((n, m) => n + m.lessons.length, 0) ?? 0;
      } catch {
        // The content store being down leaves the money figures readable: the units are then unknown.
        return 0;
      }
    }),
  );

  return {
    currency,
    asOf: now.toISOString(),
    from: from.toISOString().slice(0, 10),
    to: new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10),
    mrr,
    activeMembers,
    trialingMembers,
    failing,
    recovered,
    months: monthFigures(months, perMonth, mrr, later),
    oneTimeSales: [...sales]
      .map(([productID, sale]) => ({ productID, name: names.get(productID) ?? productID, ...sale }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    programs: programs.map((p, i) => {
      const item = `${p.kind}/${p.slug}`;
      const total = units[i] ?? 0;
      const counted = reach.filter((r) => r.item === item);
      return {
        productID: p.id,
        name: p.name,
        units: total,
        members: reachedDistribution(counted, total || null),
      };
    }),
  };
}

export type TrainerMetrics = Awaited<ReturnType<typeof trainerMetrics>>;
