// The figures' reads (decision 144): the month's sums the payment processor keeps (one row per month
// and key), the live subscriptions grouped by what their MRR depends on, and the programs' progress.
import { sql } from 'drizzle-orm';
import type { BillingInterval, CouponDuration } from '../../openapi/contract-values.ts';
import type { Database } from '../db/index.ts';

type Row = Record<string, unknown>;
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows as T[];
}
const int = (v: unknown) => Number(v ?? 0);

export interface LiveGroup {
  status: 'trialing' | 'active' | 'past_due' | 'unpaid';
  amount: number;
  interval: BillingInterval | null;
  intervalCount: number;
  percentOff: number | null;
  amountOff: number | null;
  duration: CouponDuration | null;
  discountEnded: boolean;
  count: number;
  failing: number;
  atRisk: number;
}

/** The trainer's live subscriptions in the currency, grouped by what their figures depend on. */
export async function liveSubscriptionGroups(
  db: Database,
  trainerId: string,
  currency: string,
): Promise<LiveGroup[]> {
  const found = await rows<Row>(
    db,
    sql`select s.status, p.amount, p.interval, coalesce(p.interval_count, 1) as interval_count,
          c.percent_off, c.amount_off, c.duration,
          (s.discount_end is not null and s.current_period_start is not null
            and s.current_period_start >= s.discount_end) as discount_ended,
          count(*) as n,
          count(s.open_invoice_id) as failing,
          coalesce(sum(s.open_invoice_amount) filter (where s.open_invoice_id is not null), 0) as at_risk
        from subscriptions s
        join prices p on p.id = s.price_id
        left join coupons c on c.id = s.coupon_id
        where s.trainer_id = ${trainerId} and s.status in ('trialing', 'active', 'past_due', 'unpaid')
          and p.currency = ${currency}
        group by 1, 2, 3, 4, 5, 6, 7, 8`,
  );
  return found.map((r) => ({
    status: r.status as LiveGroup['status'],
    amount: int(r.amount),
    interval: r.interval as LiveGroup['interval'],
    intervalCount: int(r.interval_count),
    percentOff: r.percent_off === null ? null : int(r.percent_off),
    amountOff: r.amount_off === null ? null : int(r.amount_off),
    duration: r.duration as LiveGroup['duration'],
    discountEnded: r.discount_ended === true,
    count: int(r.n),
    failing: int(r.failing),
    atRisk: int(r.at_risk),
  }));
}

export interface MonthRow {
  /** `YYYY-MM`, or `later` for every month after the period. */
  month: string;
  key: string;
  count: number;
  amount: number;
  mrrDelta: number;
  mrrLost: number;
}

/**
 * The month's sums the payment processor keeps (metric_months), for the months from `fromMonth` to
 * `toMonth`, and those of later months added up as `later`: one row per month and key.
 */
export async function monthSums(
  db: Database,
  trainerId: string,
  currency: string,
  fromMonth: string,
  toMonth: string,
): Promise<MonthRow[]> {
  const found = await rows<Row>(
    db,
    sql`select case when month > ${toMonth} then 'later' else month end as month, key,
          sum(count) as n, sum(amount) as amount, sum(mrr_delta) as delta, sum(mrr_lost) as lost
        from metric_months
        where trainer_id = ${trainerId} and currency = ${currency} and month >= ${fromMonth}
        group by 1, 2`,
  );
  return found.map((r) => ({
    month: String(r.month),
    key: String(r.key),
    count: int(r.n),
    amount: int(r.amount),
    mrrDelta: int(r.delta),
    mrrLost: int(r.lost),
  }));
}

/** The names of the trainer's products. */
export async function productNames(db: Database, trainerId: string): Promise<Map<string, string>> {
  const found = await rows<Row>(db, sql`select id, name from products where trainer_id = ${trainerId}`);
  return new Map(found.map((r) => [String(r.id), String(r.name)]));
}

/**
 * Per program (`kind/slug`) the members who started it, by how many of its units each has done: the
 * count each mark keeps on the member's start, read from the starts' index alone (decision 161).
 */
export async function programReach(
  db: Database,
  trainerId: string,
): Promise<{ item: string; done: number; count: number }[]> {
  const found = await rows<Row>(
    db,
    sql`select item, units_done as done, count(*) as n from library_starts
        where trainer_id = ${trainerId} and (item like 'challenge/%' or item like 'course/%')
        group by 1, 2`,
  );
  return found.map((r) => ({ item: String(r.item), done: int(r.done), count: int(r.n) }));
}

/** The trainer's challenges and courses, and the trainer's currency. */
export async function trainerPrograms(db: Database, trainerId: string) {
  const [trainer] = await rows<Row>(db, sql`select currency from trainers where id = ${trainerId}`);
  const products = await rows<Row>(
    db,
    sql`select id, kind, slug, name from products
        where trainer_id = ${trainerId} and kind in ('challenge', 'course') and slug is not null
        order by position, name`,
  );
  return {
    currency: trainer ? String(trainer.currency) : null,
    programs: products.map((p) => ({
      id: String(p.id),
      kind: p.kind as 'challenge' | 'course',
      slug: String(p.slug),
      name: String(p.name),
    })),
  };
}
