// A trainer's coupons from the admin API: listing, adding and archiving, each change audited. What a
// coupon may be is decided here (one kind of discount, months only for a repeating one, an expiry
// ahead); whether a checkout may use it is checkout's (usableCoupon in purchase-rules.ts).
import type { components } from '../../openapi/schema.d.ts';
import type { AdminCaller } from '../auth/admin-token.ts';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { findTrainer, insertAudit, transaction } from './admin.repository.ts';
import {
  archiveCoupon as archiveCouponRow,
  type CouponWithUse,
  couponsOf,
  findCoupon,
  insertCoupon,
  trainerPriceIds,
} from './coupons.repository.ts';

export type AdminCoupon = components['schemas']['AdminCoupon'];
export interface CouponInput {
  code: string;
  percentOff?: number;
  amountOff?: number;
  currency?: string;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths?: number;
  expiresAt?: string;
  maxRedemptions?: number;
  priceIds?: string[];
}

export const toAdminCoupon = (row: CouponWithUse): AdminCoupon => ({
  id: row.id,
  code: row.code,
  percentOff: row.percentOff,
  amountOff: row.amountOff,
  currency: row.currency,
  duration: row.duration,
  durationInMonths: row.durationInMonths,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  maxRedemptions: row.maxRedemptions,
  priceIds: row.priceIds,
  archived: !row.active,
  redemptions: row.redemptions,
});

/** Refuses a coupon that could not be applied as written (400, each with what to fix). */
export function refuseMalformedCoupon(input: CouponInput, now: Date): void {
  if ((input.percentOff === undefined) === (input.amountOff === undefined))
    throw badRequest('admin.oneDiscount');
  if (input.percentOff !== undefined && input.currency !== undefined) {
    throw badRequest('admin.percentWithoutCurrency');
  }
  if ((input.duration === 'repeating') !== (input.durationInMonths !== undefined)) {
    throw badRequest('admin.monthsForRepeating');
  }
  if (input.expiresAt !== undefined && new Date(input.expiresAt) <= now)
    throw badRequest('admin.expiresInPast');
}

async function trainerOf(db: Parameters<typeof findTrainer>[0], trainerId: string) {
  const trainer = await findTrainer(db, trainerId);
  if (!trainer) throw notFound('accounts.unknownTrainer');
  return trainer;
}

export async function listCoupons(db: Database, trainerId: string): Promise<AdminCoupon[]> {
  await trainerOf(db, trainerId);
  return (await couponsOf(db, trainerId)).map(toAdminCoupon);
}

export async function addCoupon(
  db: Database,
  caller: AdminCaller,
  trainerId: string,
  input: CouponInput,
): Promise<AdminCoupon> {
  refuseMalformedCoupon(input, new Date());
  return transaction(db, async (tx) => {
    const trainer = await trainerOf(tx, trainerId);
    if (input.priceIds) {
      const known = await trainerPriceIds(tx, trainerId, input.priceIds);
      const unknown = input.priceIds.find((id) => !known.includes(id));
      if (unknown) throw badRequest('admin.unknownPrice', { trainerId, id: unknown });
    }
    const id = newId('coupon');
    const inserted = await insertCoupon(tx, {
      id,
      trainerId,
      code: input.code,
      percentOff: input.percentOff ?? null,
      amountOff: input.amountOff ?? null,
      currency: input.amountOff !== undefined ? (input.currency ?? trainer.currency) : null,
      duration: input.duration,
      durationInMonths: input.durationInMonths ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      maxRedemptions: input.maxRedemptions ?? null,
      priceIds: input.priceIds ?? null,
    });
    if (!inserted) throw conflict('admin.couponTaken', { trainerId, code: input.code });
    const found = await findCoupon(tx, trainerId, id);
    if (!found) throw new Error(`coupon ${id} vanished in its own transaction`);
    const coupon = toAdminCoupon(found);
    await insertAudit(tx, {
      id: newId('aud'),
      trainerId,
      actor: caller.actor,
      action: 'adminAddCoupon',
      subject: id,
      before: null,
      after: coupon,
    });
    return coupon;
  });
}

export async function archiveCoupon(
  db: Database,
  caller: AdminCaller,
  trainerId: string,
  couponId: string,
): Promise<AdminCoupon> {
  return transaction(db, async (tx) => {
    const current = await findCoupon(tx, trainerId, couponId);
    if (!current) throw notFound('admin.unknownCoupon', { trainerId, id: couponId });
    if (!current.active) throw conflict('admin.couponArchived', { id: couponId });
    await archiveCouponRow(tx, couponId);
    const before = toAdminCoupon(current);
    const after = { ...before, archived: true };
    await insertAudit(tx, {
      id: newId('aud'),
      trainerId,
      actor: caller.actor,
      action: 'adminArchiveCoupon',
      subject: couponId,
      before,
      after,
    });
    return after;
  });
}
