// Who may open what, and from when until when: the one access rule of the members' area (decision
// 136). The server asks it on every content request; the SPA asks it only to explain a closed item,
// never to decide. Pure: a member's holdings and an instant in, an answer out. The days of a
// challenge or a course (the drip) are drip.ts's; a unit's state and progress are progress.ts's.
import { pausedAt } from '../billing/pause.ts';
import type { Pause, SubscriptionStatus } from '../billing/subscriptions.ts';

/** What a member holds, as the payment records and the operator's grants say it. */
export type Holding =
  /** A one-time product, from a paid charge of one of its prices; `refundedAt` from the charge's refund. */
  | { kind: 'purchase'; productId: string; paidAt: Date; refundedAt: Date | null }
  /** A subscription row: the lookup key of its current price (null: the price has none). */
  | {
      kind: 'subscription';
      lookupKey: string | null;
      status: SubscriptionStatus;
      startedAt: Date;
      currentPeriodEnd: Date;
      cancelAtPeriodEnd: boolean;
      endedAt: Date | null;
      /** A pause the member asked for (decision 152); absent or null: none. */
      pause?: Pause | null;
    }
  /** The operator's grant ("comp") of one product or of the membership. */
  | {
      kind: 'grant';
      target: { productId: string } | 'membership';
      from: Date;
      until: Date | null;
      revokedAt: Date | null;
    };

/** What an item needs, as its content says. */
export type ItemRule =
  | {
      kind: 'challenge' | 'course';
      productId: string;
      /** When day 1 counts from: the member's first opening, or the purchase (drip.ts). */
      startsOn: 'firstOpen' | 'purchase';
      /** daily: unit N opens N-1 days after the start; weekly: module N, 7·(N-1) days; none: all at once. */
      drip: 'daily' | 'weekly' | 'none';
    }
  /** A library entry of the membership; `plans` are price lookup keys, and null or empty means every plan. */
  | { kind: 'library'; plans: readonly string[] | null };

export type LockReason =
  | 'notHeld'
  | 'refunded'
  | 'ended'
  | 'overdue'
  | 'paused'
  | 'planNotIncluded'
  | 'grantEnded';

export type OpenAccess = {
  open: true;
  /** The holding that keeps it open the longest. */
  via: Holding['kind'];
  /** The start of the earliest holding that opens it now (a purchase-started drip counts from it). */
  since: Date;
  /** When it closes unless something changes (the end of a cancelled period, a grant's end); null: no end. */
  until: Date | null;
};

export type Access = OpenAccess | { open: false; reason: LockReason };

type OpenVerdict = { open: true; holding: Holding; since: Date; until: Date | null };
type Verdict = OpenVerdict | { open: false; reason: LockReason };

/**
 * When several holdings leave an item closed, the reason the member is told: first what they can
 * mend while they still hold something (pay what is overdue, change the plan), then what they lost;
 * 'notHeld' when none of them ever opened it.
 */
const REASON_ORDER: readonly LockReason[] = [
  'overdue',
  'paused',
  'planNotIncluded',
  'refunded',
  'ended',
  'grantEnded',
];

function earliest(...dates: (Date | null)[]): Date | null {
  const times = dates.flatMap((date) => (date === null ? [] : [date.getTime()]));
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/**
 * A holding open from `since` until `until` (null: no end), seen at `now`; null before it begins: a
 * holding that has not begun says no more than none.
 */
function span(
  holding: Holding,
  since: Date,
  until: Date | null,
  endReason: LockReason,
  now: Date,
): Verdict | null {
  if (until !== null && until <= now) return { open: false, reason: endReason };
  if (since > now) return null;
  return { open: true, holding, since, until };
}

function planIncluded(plans: readonly string[] | null, lookupKey: string | null): boolean {
  if (plans === null || plans.length === 0) return true;
  return plans.some((plan) => plan === lookupKey);
}

/** What the subscription says of a library entry: the gateway's status first, then its period, then the plan. */
function subscriptionVerdict(
  sub: Extract<Holding, { kind: 'subscription' }>,
  plans: readonly string[] | null,
  now: Date,
): Verdict | null {
  // Its first payment never went through: it never opened anything.
  if (sub.status === 'incomplete') return null;
  if (sub.status === 'canceled') return { open: false, reason: 'ended' };
  const periodEnd = sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null;
  const verdict = span(sub, sub.startedAt, earliest(periodEnd, sub.endedAt), 'ended', now);
  if (!verdict?.open) return verdict;
  // A plan that never opens the entry is the answer even while a payment is overdue: paying would not open it.
  if (!planIncluded(plans, sub.lookupKey)) return { open: false, reason: 'planNotIncluded' };
  // Decision 092: paused while a renewal is overdue, open again the moment it is paid.
  if (sub.status === 'past_due' || sub.status === 'unpaid') return { open: false, reason: 'overdue' };
  // Decision 152: closed while paused, whichever says it first: the gateway's status, or the pause's
  // own dates (Stripe's `pause_collection` leaves the status active; the period paid for stays open).
  if (sub.status === 'paused' || pausedAt(sub.pause, now)) return { open: false, reason: 'paused' };
  return verdict;
}

/**
 * What one holding says of one item at `now`; null when it is about another item. An item is named
 * by its product, the library by null: the membership's.
 */
function verdictOf(item: ItemRule, holding: Holding, now: Date): Verdict | null {
  const product = item.kind === 'library' ? null : item.productId;
  switch (holding.kind) {
    case 'purchase':
      if (holding.productId !== product) return null;
      return span(holding, holding.paidAt, holding.refundedAt, 'refunded', now);
    case 'subscription':
      return item.kind === 'library' ? subscriptionVerdict(holding, item.plans, now) : null;
    case 'grant': {
      const granted = holding.target === 'membership' ? null : holding.target.productId;
      if (granted !== product) return null;
      // A membership grant names no plan: it opens the whole library, plan-limited entries included.
      return span(holding, holding.from, earliest(holding.until, holding.revokedAt), 'grantEnded', now);
    }
  }
}

const endOf = (until: Date | null) => (until === null ? Number.POSITIVE_INFINITY : until.getTime());

/** Whether `a` keeps the item open longer than `b`; on equal ends, the member's own payment is named rather than a grant. */
function outlasts(a: OpenVerdict, b: OpenVerdict): boolean {
  const [endA, endB] = [endOf(a.until), endOf(b.until)];
  return endA > endB || (endA === endB && a.holding.kind !== 'grant');
}

/** Whether the member may open `item` at `now`, through which holding, since and until when; or why not. */
export function itemAccess(item: ItemRule, holdings: readonly Holding[], now: Date): Access {
  const open: OpenVerdict[] = [];
  const reasons = new Set<LockReason>();
  for (const holding of holdings) {
    const verdict = verdictOf(item, holding, now);
    if (verdict?.open) open.push(verdict);
    else if (verdict) reasons.add(verdict.reason);
  }
  const [first, ...rest] = open;
  if (first) {
    const lasting = rest.reduce((best, v) => (outlasts(v, best) ? v : best), first);
    const since = new Date(Math.min(...open.map((v) => v.since.getTime())));
    return { open: true, via: lasting.holding.kind, since, until: lasting.until };
  }
  return { open: false, reason: REASON_ORDER.find((r) => reasons.has(r)) ?? 'notHeld' };
}
