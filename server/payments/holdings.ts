// What a member already holds: a one-time product is bought once, so a checkout for one the member
// has paid for (and not had refunded) is refused when it starts and again when it is paid.
import type { Database, Transaction } from '../db/index.ts';
import { hasPaidUnrefundedCharge, oneTimePriceIds } from './charges.repository.ts';

/** Whether the member holds (paid, not refunded) one of these one-time prices. */
export async function holdsAny(
  db: Database | Transaction,
  userId: string,
  priceIds: string[],
): Promise<boolean> {
  const oneTime = await oneTimePriceIds(db, priceIds);
  if (oneTime.length === 0) return false;
  return hasPaidUnrefundedCharge(db, userId, oneTime);
}
