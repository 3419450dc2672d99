// A trainer's catalogue as a catalogue file (decision 121): what is on sale, each item under the key
// that names it from one file to the next, its amounts as prices are written (decision 134). The
// import compares through the same functions, so an exported file imported again changes nothing.
import type { Database } from '../db/index.ts';
import { notFound } from '../errors.ts';
import { findTrainer, type PlanRow, type PriceRow, plansOf } from './admin.repository.ts';
import {
  CATALOGUE_FILE_VERSION,
  type CatalogueFile,
  type FileCoupon,
  type FilePrice,
  PAGE_FIELDS,
  writtenCatalogueFile,
} from './catalogue-file.ts';
import { type CouponWithUse, couponsOf } from './coupons.repository.ts';
import { type ProductRow, productsOfTrainer } from './products.repository.ts';
import { namesOf } from './products.ts';

/** A product's key: its slug (the address of a challenge or course page), or its id when it has none. */
export const productKey = (row: Pick<ProductRow, 'slug' | 'id'>) => row.slug ?? row.id;
/** A price's key: its lookup key, which passes to the price replacing it, or its id. */
export const priceKey = (row: Pick<PriceRow, 'lookupKey' | 'id'>) => row.lookupKey ?? row.id;

export function filePrice(row: PlanRow): FilePrice {
  const { en, ...others } = { en: row.nickname ?? '', ...row.nicknames };
  return {
    key: priceKey(row),
    name: { en, ...others },
    amount: row.amount,
    currency: row.currency,
    ...(row.type === 'recurring' && {
      interval: row.interval ?? 'month',
      intervalCount: row.intervalCount ?? 1,
      trialDays: row.trialDays,
    }),
  };
}

/**
 * A coupon's terms as a file writes them: only what it has, its prices by key, its expiry as an
 * instant. The import compares a file's coupon to the stored one in this shape.
 */
export function couponTerms(
  coupon: Omit<FileCoupon, 'prices'> & { prices?: readonly string[] | null },
): FileCoupon {
  const prices = [...new Set(coupon.prices ?? [])].sort();
  return {
    code: coupon.code,
    ...(coupon.percentOff != null && { percentOff: coupon.percentOff }),
    ...(coupon.amountOff != null && { amountOff: coupon.amountOff, currency: coupon.currency }),
    duration: coupon.duration,
    ...(coupon.durationInMonths != null && { durationInMonths: coupon.durationInMonths }),
    ...(coupon.expiresAt != null && { expiresAt: new Date(coupon.expiresAt).toISOString() }),
    ...(coupon.maxRedemptions != null && { maxRedemptions: coupon.maxRedemptions }),
    ...(prices.length > 0 && { prices }),
  };
}

export function storedCouponTerms(row: CouponWithUse, keyOfPrice: ReadonlyMap<string, string>): FileCoupon {
  return couponTerms({
    code: row.code,
    percentOff: row.percentOff ?? undefined,
    amountOff: row.amountOff ?? undefined,
    currency: row.currency ?? undefined,
    duration: row.duration,
    durationInMonths: row.durationInMonths ?? undefined,
    expiresAt: row.expiresAt?.toISOString(),
    maxRedemptions: row.maxRedemptions ?? undefined,
    prices: row.priceIds?.map((id) => keyOfPrice.get(id) ?? id) ?? null,
  });
}

export async function exportCatalogue(db: Database, trainerId: string): Promise<CatalogueFile> {
  const trainer = await findTrainer(db, trainerId);
  if (!trainer) throw notFound('accounts.unknownTrainer');
  const [products, plans, coupons] = await Promise.all([
    productsOfTrainer(db, trainerId),
    plansOf(db, trainerId),
    couponsOf(db, trainerId),
  ]);
  const keyOfPrice = new Map(plans.map((p) => [p.id, priceKey(p)]));
  const file: CatalogueFile = {
    version: CATALOGUE_FILE_VERSION,
    trainer: trainerId,
    products: products
      .filter((row) => row.active)
      .map((row) => {
        const page = Object.fromEntries(
          PAGE_FIELDS.flatMap((field) => (row.page?.[field] != null ? [[field, row.page[field]]] : [])),
        );
        return {
          key: productKey(row),
          kind: row.kind,
          name: namesOf(row),
          ...(row.description !== null && { description: row.description }),
          position: row.position,
          ...(row.kind !== 'subscription' && { page }),
          prices: plans.filter((p) => p.productId === row.id && p.active).map(filePrice),
        };
      }),
    coupons: coupons.filter((c) => c.active).map((c) => storedCouponTerms(c, keyOfPrice)),
  };
  // Compared in minor units with what an import reads, written as a person writes prices.
  return writtenCatalogueFile(file, trainer.currency);
}
