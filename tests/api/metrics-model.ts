// The figures' oracle: a small ledger of what happened to a trainer's members, written from
// docs/metrics.md and Stripe's definitions, never from domain/metrics or server/metrics. It keeps
// each member's subscription as the sandbox runs it (renewals on the plan's calendar, the card that
// declines every later charge, retries 3, 5 and 7 days after a decline, then the end; a cancelled
// subscription ends at its period's end) and writes down, at each moment, what the figures count: a
// member starting or stopping to pay and the MRR that moved, a trial started, ended or converted,
// a charge paid or refunded, a payment failed or recovered, a program opened or a unit done.
export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = DAY / 24;

export type Plan = 'weekly' | 'monthly' | 'annual';
export type Coupon = 'FOREVER5' | 'REPEAT20' | 'ONCE10';
export type Card = '4242' | '0341';
export type Product = 'challenge' | 'course';

export const PLANS: Record<Plan, { amount: number; trialDays: number }> = {
  weekly: { amount: 1499, trialDays: 0 },
  monthly: { amount: 2999, trialDays: 7 },
  annual: { amount: 24999, trialDays: 14 },
};
export const ONE_TIME: Record<Product, number> = { challenge: 4900, course: 9900 };

/** The coupons each sequence's trainer gets, as its catalogue holds them. */
export const COUPONS = {
  FOREVER5: { percentOff: null, amountOff: 500, duration: 'forever', months: null },
  REPEAT20: { percentOff: 20, amountOff: null, duration: 'repeating', months: 2 },
  ONCE10: { percentOff: 10, amountOff: null, duration: 'once', months: null },
} as const;

/**
 * Each plan's MRR, by hand: a week is 52/12 of a month, a year 1/12; a forever coupon and a
 * repeating one while it runs lower it, a once coupon never. Rounded to the cent.
 *   weekly 1499 × 52 / 12 = 6495.67; less 5.00: 999 × 52 / 12 = 4329; less 20% (3.00): 1199 × 52 / 12 = 5195.67
 *   monthly 2999; less 5.00: 2499; less 20% (6.00): 2399
 *   annual 24999 / 12 = 2083.25; less 5.00: 24499 / 12 = 2041.58; less 20% (50.00): 19999 / 12 = 1666.58
 */
const MRR: Record<Plan, { full: number; forever: number; repeating: number }> = {
  weekly: { full: 6496, forever: 4329, repeating: 5196 },
  monthly: { full: 2999, forever: 2499, repeating: 2399 },
  annual: { full: 2083, forever: 2042, repeating: 1667 },
};

/** One invoice's amount after a coupon, as written on the coupons above. */
function discounted(amount: number, coupon: Coupon): number {
  const c = COUPONS[coupon];
  return c.percentOff
    ? amount - Math.round((amount * c.percentOff) / 100)
    : Math.max(0, amount - c.amountOff);
}

/** `from` plus `n` calendar months, the day clamped to the month's last day (UTC). */
export function addMonths(from: Date, n: number): Date {
  const total = from.getUTCFullYear() * 12 + from.getUTCMonth() + n;
  const last = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate();
  const d = new Date(from);
  d.setUTCFullYear(Math.floor(total / 12), total % 12, Math.min(from.getUTCDate(), last));
  return d;
}

export interface Sub {
  plan: Plan;
  coupon: Coupon | null;
  /**
   * A repeating coupon's end, less an hour: invoices before it are discounted. A renewal on the
   * window's own end (the same anchor, to within the clocks' noise) is past it, as Stripe's end is exclusive.
   */
  couponEnd: Date | null;
  onceUsed: boolean;
  card: Card;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  anchor: Date;
  periods: number;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  overdue: { amount: number; since: Date } | null;
  trialed: boolean;
  converted: boolean;
}

type Entry =
  | { kind: 'mrr'; at: Date; delta: number }
  | { kind: 'new' | 'churned' | 'trialStarted' | 'trialEnded' | 'trialConverted'; at: Date }
  | { kind: 'charge'; at: Date; amount: number; product: Product | null }
  | { kind: 'refund'; at: Date; amount: number }
  | { kind: 'recovered'; at: Date; amount: number };

export interface MemberModel {
  hadTrial: boolean;
  subs: Sub[];
  /** Paid charges, newest last: what a refund can take back. */
  charges: { amount: number; price: Plan | Product; refunded: boolean }[];
  grants: Set<Product>;
  /** Per program: opened, and the units done. */
  programs: Map<Product, Set<string>>;
}

export interface Ledger {
  members: MemberModel[];
  entries: Entry[];
  log: string[];
}

export const newLedger = (members: number, hadTrial: boolean[]): Ledger => ({
  members: Array.from({ length: members }, (_, i) => ({
    hadTrial: hadTrial[i] ?? false,
    subs: [],
    charges: [],
    grants: new Set(),
    programs: new Map(),
  })),
  entries: [],
  log: [],
});

export const liveSub = (m: MemberModel) => m.subs.find((s) => s.status !== 'canceled') ?? null;

/** What a subscription counts in MRR now: active or past_due, at its plan's rate after the coupon that counts. */
export function mrrOf(sub: Sub): number {
  if (sub.status !== 'active' && sub.status !== 'past_due') return 0;
  const rate = MRR[sub.plan];
  if (sub.coupon === 'FOREVER5') return rate.forever;
  if (sub.coupon === 'REPEAT20' && sub.couponEnd && sub.periodStart < sub.couponEnd) return rate.repeating;
  return rate.full;
}

/** What an invoice of the subscription created at `at` charges, using a once coupon up. */
export function invoice(sub: Sub, at: Date): number {
  const full = PLANS[sub.plan].amount;
  let amount = full;
  if (sub.coupon === 'FOREVER5') amount = discounted(full, 'FOREVER5');
  if (sub.coupon === 'REPEAT20' && sub.couponEnd && at < sub.couponEnd) amount = discounted(full, 'REPEAT20');
  if (sub.coupon === 'ONCE10' && !sub.onceUsed) amount = discounted(full, 'ONCE10');
  sub.onceUsed = true;
  return amount;
}

/** Changes a subscription at `at` and writes down what the change counts. */
export function change(ledger: Ledger, sub: Sub | null, at: Date, apply: () => Sub) {
  const wasPaying = sub ? mrrOf(sub) > 0 : false;
  const wasMrr = sub ? mrrOf(sub) : 0;
  const wasTrialing = sub?.status === 'trialing';
  const after = apply();
  const mrr = mrrOf(after);
  if (mrr !== wasMrr) ledger.entries.push({ kind: 'mrr', at, delta: mrr - wasMrr });
  if (!wasPaying && mrr > 0) ledger.entries.push({ kind: 'new', at });
  if (wasPaying && mrr === 0) ledger.entries.push({ kind: 'churned', at });
  if (!wasTrialing && after.status === 'trialing') ledger.entries.push({ kind: 'trialStarted', at });
  if (wasTrialing && after.status !== 'trialing') ledger.entries.push({ kind: 'trialEnded', at });
  if (after.trialed && !after.converted && after.status === 'active') {
    after.converted = true;
    ledger.entries.push({ kind: 'trialConverted', at });
  }
}

const nextEnd = (sub: Sub, periods: number) =>
  sub.plan === 'weekly'
    ? new Date(sub.anchor.getTime() + 7 * periods * DAY)
    : addMonths(sub.anchor, (sub.plan === 'annual' ? 12 : 1) * periods);

/** The member's subscriptions up to `now`: renewals, declines, retries and ends, in order. */
export function runUntil(ledger: Ledger, member: MemberModel, now: Date) {
  for (const sub of member.subs) {
    for (let guard = 0; guard < 500 && sub.status !== 'canceled'; guard++) {
      if (sub.status === 'past_due' && sub.overdue) {
        // The declining card declines each retry; the subscription ends at the last, 7 days on.
        const last = new Date(sub.overdue.since.getTime() + 7 * DAY);
        if (last > now) break;
        change(ledger, sub, last, () => Object.assign(sub, { status: 'canceled', overdue: null }));
        break;
      }
      const at = sub.periodEnd;
      if (at > now) break;
      if (sub.cancelAtPeriodEnd) {
        change(ledger, sub, at, () => Object.assign(sub, { status: 'canceled' }));
        break;
      }
      const amount = invoice(sub, at);
      const periods = sub.periods + 1;
      const period = { periods, periodStart: at, periodEnd: nextEnd(sub, periods) };
      if (sub.card === '0341' && amount > 0) {
        change(ledger, sub, at, () =>
          Object.assign(sub, period, { status: 'past_due', overdue: { amount, since: at } }),
        );
        ledger.log.push(`declined ${amount} ${at.toISOString()}`);
      } else {
        change(ledger, sub, at, () => Object.assign(sub, period, { status: 'active' }));
        if (amount > 0) {
          ledger.entries.push({ kind: 'charge', at, amount, product: null });
          member.charges.push({ amount, price: sub.plan, refunded: false });
        }
        ledger.log.push(`renewed ${amount} ${at.toISOString()}`);
      }
    }
  }
}

export interface Figures {
  mrr: number;
  activeMembers: number;
  trialingMembers: number;
  failing: { count: number; amountAtRisk: number };
  recovered: { count: number; amount: number };
  months: {
    month: string;
    mrr: number;
    newMembers: number;
    churnedMembers: number;
    mrrChurn: number;
    trialsStarted: number;
    trialsEnded: number;
    trialsConverted: number;
    revenue: number;
    refunds: number;
  }[];
  oneTimeSales: { product: Product; count: number; revenue: number }[];
  programs: { product: Product; members: { reached: number; count: number }[] }[];
}

const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The figures the ledger says, for the months `months` (each entry is in the period asked). */
export function figuresOf(ledger: Ledger, months: string[]): Figures {
  const live = ledger.members.map(liveSub).filter((s): s is Sub => s !== null);
  const inMonth = (m: string) => ledger.entries.filter((e) => monthOf(e.at) === m);
  const sum = (list: Entry[], kind: Entry['kind'], value: (e: Entry) => number = () => 1) =>
    list.filter((e) => e.kind === kind).reduce((n, e) => n + value(e), 0);
  const amount = (e: Entry) => ('amount' in e ? e.amount : 0);
  const delta = (e: Entry) => ('delta' in e ? e.delta : 0);
  const endOf = (m: string) => addMonths(new Date(`${m}-01T00:00:00Z`), 1);
  const sales = (['challenge', 'course'] as const)
    .map((product) => {
      const sold = ledger.entries.filter((e) => e.kind === 'charge' && e.product === product);
      return { product, count: sold.length, revenue: sold.reduce((n, e) => n + amount(e), 0) };
    })
    .filter((s) => s.count > 0);
  return {
    mrr: live.reduce((n, s) => n + mrrOf(s), 0),
    activeMembers: live.filter((s) => mrrOf(s) > 0).length,
    trialingMembers: live.filter((s) => s.status === 'trialing').length,
    failing: {
      count: live.filter((s) => s.overdue).length,
      amountAtRisk: live.reduce((n, s) => n + (s.overdue?.amount ?? 0), 0),
    },
    recovered: {
      count: sum(ledger.entries, 'recovered'),
      amount: sum(ledger.entries, 'recovered', amount),
    },
    months: months.map((month) => {
      const list = inMonth(month);
      return {
        month,
        mrr: ledger.entries.filter((e) => e.at < endOf(month)).reduce((n, e) => n + delta(e), 0),
        newMembers: sum(list, 'new'),
        churnedMembers: sum(list, 'churned'),
        mrrChurn: list.reduce((n, e) => n + Math.max(0, -delta(e)), 0),
        trialsStarted: sum(list, 'trialStarted'),
        trialsEnded: sum(list, 'trialEnded'),
        trialsConverted: sum(list, 'trialConverted'),
        revenue: sum(list, 'charge', amount),
        refunds: sum(list, 'refund', amount),
      };
    }),
    oneTimeSales: sales,
    programs: (['challenge', 'course'] as const).map((product) => {
      const reached = new Map<number, number>();
      for (const m of ledger.members) {
        const done = m.programs.get(product);
        if (done) reached.set(done.size, (reached.get(done.size) ?? 0) + 1);
      }
      return {
        product,
        members: [...reached].sort(([a], [b]) => a - b).map(([r, count]) => ({ reached: r, count })),
      };
    }),
  };
}
