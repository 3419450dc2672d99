// The member's holdings in the access rule's words (domain/access), read from the rows exactly as
// decision 136 says: a paid one-time charge is a purchase until refunded; a subscription row is a
// subscription on its current price's lookup key; a grant row is a grant; a native subscription
// (the spec's subscribed_plan '1') is a subscription that ends at its end date. And the member's
// time: the sandbox's test clock, as for every billing event, so a moved clock opens the next day.
import type { Holding } from '../../domain/access/access.ts';
import type { AccessRows } from './library.repository.ts';

const date = (value: string) => new Date(value);
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** The member's native subscription: '1' in the spec's `subscribed_plan`. */
const NATIVE_SUBSCRIBED = '1';

export function holdingsOf(rows: AccessRows): Holding[] {
  const holdings: Holding[] = [];
  for (const p of rows.purchases) {
    holdings.push({
      kind: 'purchase',
      productId: p.productId,
      paidAt: date(p.paidAt),
      refundedAt: dateOrNull(p.refundedAt),
    });
  }
  for (const s of rows.subscriptions) {
    holdings.push({
      kind: 'subscription',
      lookupKey: s.lookupKey,
      status: s.status,
      startedAt: date(s.startedAt),
      currentPeriodEnd: date(s.currentPeriodEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      endedAt: dateOrNull(s.endedAt),
      pause:
        s.pauseStartsAt && s.pauseResumesAt
          ? { startsAt: date(s.pauseStartsAt), resumesAt: date(s.pauseResumesAt) }
          : null,
    });
  }
  for (const g of rows.grants) {
    holdings.push({
      kind: 'grant',
      target: g.target === 'membership' ? 'membership' : { productId: g.target },
      from: date(g.from),
      until: dateOrNull(g.until),
      revokedAt: dateOrNull(g.revokedAt),
    });
  }
  if (rows.nativePlan === NATIVE_SUBSCRIBED) {
    // Its plan type is not a price's lookup key: it opens the entries meant for every plan, not a
    // plan-limited one. Without an end date it has none: it is open until one is recorded.
    const end = rows.nativePlanEnd;
    holdings.push({
      kind: 'subscription',
      lookupKey: null,
      status: 'active',
      startedAt: rows.createdAt,
      currentPeriodEnd: end ?? rows.createdAt,
      cancelAtPeriodEnd: end !== null,
      endedAt: null,
    });
  }
  return holdings;
}

/** The member's time: now, plus however far the sandbox's test clock was moved for them. */
export function memberNow(rows: Pick<AccessRows, 'offsetSeconds'>, realNow = Date.now()): Date {
  return new Date(realNow + rows.offsetSeconds * 1000);
}
