// What may be bought in one checkout: the trainer's active prices, each once; one plan at a time,
// never with one-time products; one currency; a coupon only if usable for it; a one-time product
// not already held. Whether an unverified member may pay is the CMS's setting (mayCheckOut). The
// trial only once, an older open checkout superseded, and a plan change instead of a second
// subscription are decided when the checkout starts (start-checkout.ts, plan-change.ts), which also
// refuses prices the operator changed while it ran (decision 117).
import { couponUsable } from '../../domain/billing/discounts.ts';
import type { Database } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { type CouponRow, couponTerms, type PriceRow } from '../payments/billing-terms.ts';
import { holdsAny } from '../payments/holdings.ts';
import { activeTrainerPrices, couponByCode, couponRedemptions } from './checkout.repository.ts';

/** The member may start a checkout for this trainer: their own, and verified if the CMS asks it. */
export async function mayCheckOut(
  user: UserRow,
  trainerId: string,
  verificationRequired: () => Promise<boolean>,
): Promise<void> {
  if (trainerId !== user.trainerId) throw forbidden('checkout.otherTrainer');
  if (!user.emailVerified && (await verificationRequired())) {
    throw forbidden('checkout.verifyEmail');
  }
}

/** What a checkout sells, in the order asked: the prices, their currency and the plan among them. */
export interface Purchase {
  prices: PriceRow[];
  currency: string;
  /** The one recurring price, when the checkout sells a plan. */
  plan: PriceRow | undefined;
}

export async function purchaseOf(db: Database, trainerId: string, priceIds: string[]): Promise<Purchase> {
  if (new Set(priceIds).size !== priceIds.length) throw badRequest('checkout.priceTwice');
  const found = await activeTrainerPrices(db, trainerId, priceIds);
  const rows = priceIds.map((id) => {
    const row = found.find((p) => p.id === id);
    if (!row) throw badRequest('checkout.unknownPrice', { id });
    return row;
  }) as PriceRow[];
  const recurring = rows.filter((p) => p.type === 'recurring');
  if (recurring.length > 0 && recurring.length < rows.length) {
    throw badRequest('checkout.mixedCart');
  }
  if (recurring.length > 1) throw badRequest('checkout.oneSubscription');
  const currency = rows[0]?.currency ?? 'usd';
  if (rows.some((p) => p.currency !== currency)) throw badRequest('checkout.oneCurrency');
  return { prices: rows, currency, plan: recurring[0] };
}

/**
 * The prices still as the purchase read them: none archived, none whose amount, currency, period or
 * trial changed since. Otherwise the member would be sent to pay what they were not shown (409).
 */
export function refuseChangedPrices(purchase: Purchase, now: readonly PriceRow[]): void {
  const same = (a: PriceRow, b: PriceRow | undefined) =>
    b !== undefined &&
    a.amount === b.amount &&
    a.currency === b.currency &&
    a.interval === b.interval &&
    a.intervalCount === b.intervalCount &&
    a.trialDays === b.trialDays;
  if (
    !purchase.prices.every((price) =>
      same(
        price,
        now.find((p) => p.id === price.id),
      ),
    )
  ) {
    throw conflict('checkout.pricesChanged');
  }
}

/**
 * The coupon of this code, refused (400, never ignored) when unknown or not usable now in this
 * currency, on these prices (when it names the ones it applies to), or once it has been redeemed its
 * maximum number of times (completed checkouts).
 */
export async function usableCoupon(
  db: Database,
  trainerId: string,
  code: string | undefined,
  purchase: Pick<Purchase, 'currency' | 'prices'>,
): Promise<CouponRow | null> {
  if (code === undefined) return null;
  const row = await couponByCode(db, trainerId, code);
  if (!row || !couponUsable(couponTerms(row), purchase.currency, new Date())) {
    throw badRequest('checkout.unknownCoupon', { code });
  }
  const { priceIds } = row;
  if (priceIds && !purchase.prices.every((price) => priceIds.includes(price.id))) {
    throw badRequest('checkout.couponNotForPrice', { code });
  }
  if (row.maxRedemptions !== null && (await couponRedemptions(db, row.id)) >= row.maxRedemptions) {
    throw badRequest('checkout.couponUsedUp', { code });
  }
  return row;
}

/** A one-time product is bought once: a second checkout for it would charge for what is held. */
export async function refuseHeld(db: Database, userId: string, purchase: Purchase): Promise<void> {
  const priceIds = purchase.prices.map((p) => p.id);
  if (!purchase.plan && (await holdsAny(db, userId, priceIds))) {
    throw conflict('checkout.alreadyPurchased');
  }
}
