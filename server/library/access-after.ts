// What a payment event leaves the member able to open, for the email it causes (a refund, a
// cancellation, an ended subscription): asked of the access rule over the member's holdings as the
// event's own transaction has written them, at the instant that matters (the event's, or a period's
// end to come). So an email never says a product or the library closes when a grant (or another
// holding) keeps it open.
import { type ItemRule, itemAccess } from '../../domain/access/access.ts';
import type { Transaction } from '../db/index.ts';
import { holdingsOf, memberNow } from './holdings.ts';
import { memberAccessRows } from './library.repository.ts';

export interface AccessAfter {
  open: boolean;
  /** When it closes, if open; null: no end. */
  until: Date | null;
}

/** The membership's library, any plan: what a subscription opens. */
const LIBRARY: ItemRule = { kind: 'library', plans: null };

export async function accessAfter(
  tx: Transaction,
  userId: string,
  what: { productId: string } | 'library',
  at: Date,
): Promise<AccessAfter> {
  const rows = await memberAccessRows(tx, userId);
  if (!rows) return { open: false, until: null };
  const rule: ItemRule =
    what === 'library'
      ? LIBRARY
      : { kind: 'challenge', productId: what.productId, startsOn: 'purchase', drip: 'none' };
  // Never before the member's present: an event's time is in whole seconds, and a grant made within
  // that second would not have begun yet.
  const when = new Date(Math.max(at.getTime(), memberNow(rows).getTime()));
  const access = itemAccess(rule, holdingsOf(rows), when);
  return access.open ? { open: true, until: access.until } : { open: false, until: null };
}
