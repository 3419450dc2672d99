// The figures' reads (decision 144): each one aggregate over an index of the trainer's rows, grouped
// in the database, so the answer's cost follows the number of months, plans and products, not of members.
import { sql } from 'drizzle-orm';
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
  interval: 'day' | 'week' | 'month' | 'year' | null;
  intervalCount: number;
  percentOff: number | null;
  amountOff: number | null;
  duration: 'once' | 'repeating' | 'forever' | null;
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

export interface MovementSums {
  month: string;
  kind: string;
  count: number;
  mrrDelta: number;
  /** The MRR the movements lost: a churn's whole MRR, a change's decrease. */
  lost: number;
}

/** The movements from `from` on, counted and summed per UTC month and kind; later ones as month 'later'. */
export async function movementSums(
  db: Database,
  trainerId: string,
  currency: string,
  from: Date,
  end: Date,
): Promise<MovementSums[]> {
  const found = await rows<Row>(
    db,
    sql`select case when at >= ${end} then 'later' else to_char(at at time zone 'UTC', 'YYYY-MM') end as month,
          kind, count(*) as n, coalesce(sum(mrr_delta), 0) as delta,
          coalesce(sum(greatest(-mrr_delta, 0)), 0) as lost
        from metric_movements
        where trainer_id = ${trainerId} and currency = ${currency} and at >= ${from}
        group by 1, 2`,
  );
  return found.map((r) => ({
    month: String(r.month),
    kind: String(r.kind),
    count: int(r.n),
    mrrDelta: int(r.delta),
    lost: int(r.lost),
  }));
}

/** Money paid and refunded per UTC month in [from, end). */
export async function moneyPerMonth(
  db: Database,
  trainerId: string,
  currency: string,
  from: Date,
  end: Date,
): Promise<{ month: string; revenue: number; refunds: number }[]> {
  const found = await rows<Row>(
    db,
    sql`select month, sum(revenue) as revenue, sum(refunds) as refunds from (
          select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, amount as revenue, 0 as refunds
            from charges
            where trainer_id = ${trainerId} and currency = ${currency} and paid
              and created_at >= ${from} and created_at < ${end}
          union all
          select to_char(refunded_at at time zone 'UTC', 'YYYY-MM'), 0, amount
            from charges
            where trainer_id = ${trainerId} and currency = ${currency} and refunded
              and refunded_at >= ${from} and refunded_at < ${end}
        ) money group by month`,
  );
  return found.map((r) => ({ month: String(r.month), revenue: int(r.revenue), refunds: int(r.refunds) }));
}

/** Payments of invoices that had failed, paid in [from, end): the money recovered. */
export async function recoveredPayments(
  db: Database,
  trainerId: string,
  currency: string,
  from: Date,
  end: Date,
): Promise<{ count: number; amount: number }> {
  const [found] = await rows<Row>(
    db,
    sql`select count(*) as n, coalesce(sum(c.amount), 0) as amount
        from charges c
        where c.trainer_id = ${trainerId} and c.currency = ${currency} and c.paid
          and c.created_at >= ${from} and c.created_at < ${end}
          and exists (select 1 from metric_movements m
                      where m.invoice_id = c.invoice_id and m.kind = 'paymentFailed'
                        and m.trainer_id = ${trainerId})`,
  );
  return { count: int(found?.n), amount: int(found?.amount) };
}

/** One-time products sold in [from, end): how many charges paid and for how much, per product. */
export async function oneTimeSales(
  db: Database,
  trainerId: string,
  currency: string,
  from: Date,
  end: Date,
): Promise<{ productID: string; name: string; count: number; revenue: number }[]> {
  const found = await rows<Row>(
    db,
    sql`select pr.product_id, p.name, count(*) as n, sum(c.amount) as revenue
        from charges c
        join prices pr on pr.id = c.price_id
        join products p on p.id = pr.product_id
        where c.trainer_id = ${trainerId} and c.currency = ${currency} and c.paid and pr.type = 'one_time'
          and c.created_at >= ${from} and c.created_at < ${end}
        group by 1, 2
        order by 2`,
  );
  return found.map((r) => ({
    productID: String(r.product_id),
    name: String(r.name),
    count: int(r.n),
    revenue: int(r.revenue),
  }));
}

/** Per program (`kind/slug`) the members who started it, by how many of its units each has done. */
export async function programReach(
  db: Database,
  trainerId: string,
): Promise<{ item: string; done: number; count: number }[]> {
  const found = await rows<Row>(
    db,
    sql`select s.item, d.done, count(*) as n
        from library_starts s
        cross join lateral (
          select count(*) as done from library_progress p
          where p.user_id = s.user_id and p.item = s.item and p.done_at is not null
        ) d
        where s.trainer_id = ${trainerId} and (s.item like 'challenge/%' or s.item like 'course/%')
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
