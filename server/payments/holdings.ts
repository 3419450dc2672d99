// What a member already holds: a one-time product is bought once, so a checkout for one the member
// has paid for (and not had refunded) is refused when it starts and again when it is paid.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index.ts';
import { charges, prices } from '../db/schema.ts';

/** Whether the member holds (paid, not refunded) one of these one-time prices. */
export async function holdsAny(
  db: Database | Transaction,
  userId: string,
  priceIds: string[],
): Promise<boolean> {
  const oneTime = await db
    .select({ id: prices.id })
    .from(prices)
    .where(and(inArray(prices.id, priceIds), eq(prices.type, 'one_time')));
  if (oneTime.length === 0) return false;
  const [held] = await db
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        eq(charges.userId, userId),
        inArray(
          charges.priceId,
          oneTime.map((p) => p.id),
        ),
        eq(charges.paid, true),
        eq(charges.refunded, false),
      ),
    )
    .limit(1);
  return Boolean(held);
}
