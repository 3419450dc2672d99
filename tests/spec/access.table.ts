// The members' area's access rule as a table, written from its words: "a one-time product is held
// from its payment until it is refunded; a subscription opens the library while it is trialing or
// active, stays open until the end of a period that was cancelled, and pauses while a renewal is
// overdue (decision 092); a plan-limited item needs that plan; a grant by the operator opens it until
// its end", and with several holdings, open if any opens it. Each row (access-paid.table.ts,
// access-granted.table.ts) is a member's holdings at an instant, what they may open, and why, in
// words. The shapes are written here, not imported from domain/access: an oracle that read the rule's
// types or constants would move with it.

export const at = (iso: string) => new Date(iso);
const atOrNull = (iso: string | null) => (iso === null ? null : at(iso));

export const SHRED = 'prod_shred';
export const COURSE = 'prod_strength';

export type ItemView =
  | {
      kind: 'challenge' | 'course';
      productId: string;
      startsOn: 'firstOpen' | 'purchase';
      drip: 'daily' | 'weekly' | 'none';
    }
  | { kind: 'library'; plans: string[] | null };

type Status = 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete';
export type HoldingView =
  | { kind: 'purchase'; productId: string; paidAt: Date; refundedAt: Date | null }
  | {
      kind: 'subscription';
      lookupKey: string | null;
      status: Status;
      startedAt: Date;
      currentPeriodEnd: Date;
      cancelAtPeriodEnd: boolean;
      endedAt: Date | null;
    }
  | {
      kind: 'grant';
      target: { productId: string } | 'membership';
      from: Date;
      until: Date | null;
      revokedAt: Date | null;
    };

type Reason = 'notHeld' | 'refunded' | 'ended' | 'overdue' | 'planNotIncluded' | 'grantEnded';
export type AccessView =
  | { open: true; via: 'purchase' | 'subscription' | 'grant'; since: Date; until: Date | null }
  | { open: false; reason: Reason };

export interface AccessCase {
  says: string;
  item: ItemView;
  holdings: HoldingView[];
  now: Date;
  expect: AccessView;
}

export const shred: ItemView = { kind: 'challenge', productId: SHRED, startsOn: 'firstOpen', drip: 'daily' };
export const course: ItemView = { kind: 'course', productId: COURSE, startsOn: 'purchase', drip: 'weekly' };
export const library: ItemView = { kind: 'library', plans: null };
export const annualOnly: ItemView = { kind: 'library', plans: ['annual'] };

export const paid = (productId: string, paidAt: string, refundedAt: string | null = null): HoldingView => ({
  kind: 'purchase',
  productId,
  paidAt: at(paidAt),
  refundedAt: atOrNull(refundedAt),
});

/** A monthly subscription started on January 15, its period ending on April 15. */
export const sub = (
  status: Status,
  change: Partial<Extract<HoldingView, { kind: 'subscription' }>> = {},
): HoldingView => ({
  kind: 'subscription',
  lookupKey: 'monthly',
  status,
  startedAt: at('2027-01-15T08:00:00Z'),
  currentPeriodEnd: at('2027-04-15T08:00:00Z'),
  cancelAtPeriodEnd: false,
  endedAt: null,
  ...change,
});

export const grant = (
  target: { productId: string } | 'membership',
  from: string,
  until: string | null = null,
  revokedAt: string | null = null,
): HoldingView => ({
  kind: 'grant',
  target,
  from: at(from),
  until: atOrNull(until),
  revokedAt: atOrNull(revokedAt),
});

export const open = (
  via: 'purchase' | 'subscription' | 'grant',
  since: string,
  until: string | null = null,
): AccessView => ({
  open: true,
  via,
  since: at(since),
  until: atOrNull(until),
});
export const closed = (reason: Reason): AccessView => ({ open: false, reason });

export const row = (
  says: string,
  item: ItemView,
  holdings: HoldingView[],
  now: string,
  expect: AccessView,
): AccessCase => ({
  says,
  item,
  holdings,
  now: at(now),
  expect,
});
