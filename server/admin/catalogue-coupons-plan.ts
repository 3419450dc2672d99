// The coupons of a catalogue import (decision 121): matched by code, whatever its case. A coupon
// never changes (decision 117), so one the file writes otherwise than the stored one is a conflict,
// and so is the code of an archived coupon; one the file leaves out is archived.

import { couponTerms, priceKey, storedCouponTerms } from './catalogue-export.ts';
import type { CatalogueFile, FileCoupon } from './catalogue-file.ts';
import type { Plan, Stored } from './catalogue-steps.ts';
import { couponId } from './coupons.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function planCoupons(
  file: CatalogueFile,
  stored: Stored,
  priceIdOfKey: ReadonlyMap<string, string>,
  now: Date,
  { steps, changes, conflicts }: Plan,
): void {
  const { trainer } = stored;
  const keyOfPrice = new Map(stored.plans.map((p) => [p.id, priceKey(p)]));
  const matchedCoupons = new Set<string>();
  file.coupons.forEach((fc: FileCoupon, i) => {
    const at = `coupons[${i}]`;
    const wanted = couponTerms({
      ...fc,
      ...(fc.amountOff !== undefined && { currency: fc.currency ?? trainer.currency }),
    });
    const row = stored.coupons.find((c) => c.code.toLowerCase() === fc.code.toLowerCase());
    if (row) {
      matchedCoupons.add(row.id);
      const current = storedCouponTerms(row, keyOfPrice);
      if (!row.active) {
        conflicts.push(
          `${at}: coupon ${row.code} is archived and a code is never used twice: give it another code`,
        );
      } else if (!same(current, wanted)) {
        conflicts.push(
          `${at}: coupon ${row.code} differs from the one on sale, and a coupon never changes: leave it out to archive it, and add one under another code`,
        );
      }
      return;
    }
    if (wanted.expiresAt !== undefined && new Date(wanted.expiresAt) <= now) {
      conflicts.push(`${at}.expiresAt: must be in the future`);
    }
    steps.push({
      do: 'addCoupon',
      row: {
        id: couponId(trainer.id, fc.code),
        trainerId: trainer.id,
        code: fc.code,
        percentOff: fc.percentOff ?? null,
        amountOff: fc.amountOff ?? null,
        currency: wanted.currency ?? null,
        duration: fc.duration,
        durationInMonths: fc.durationInMonths ?? null,
        expiresAt: wanted.expiresAt ? new Date(wanted.expiresAt) : null,
        maxRedemptions: fc.maxRedemptions ?? null,
        priceIds: fc.prices ? fc.prices.map((key) => priceIdOfKey.get(key) ?? key) : null,
      },
    });
    changes.push({ action: 'added', item: 'coupon', key: fc.code, summary: `Added coupon ${fc.code}` });
  });
  for (const coupon of stored.coupons) {
    if (!coupon.active || matchedCoupons.has(coupon.id)) continue;
    steps.push({ do: 'archiveCoupon', before: coupon });
    changes.push({
      action: 'archived',
      item: 'coupon',
      key: coupon.code,
      summary: `Archived coupon ${coupon.code}`,
    });
  }
}
