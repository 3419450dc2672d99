// A trainer's coupons from the admin API: listing, adding and archiving, each change audited. What a
// coupon may be is decided here (one kind of discount, months only for a repeating one, an expiry
// ahead); whether a checkout may use it is checkout's (usableCoupon in purchase-rules.ts).
//
// On a site that sells through Stripe each change is made in Stripe first, then in the database
// (decision 122): a Stripe failure changes nothing here and answers 502, and a database failure after
// Stripe's change leaves a difference that the retried call mends, as both Stripe steps may be
// repeated. A coupon's id is made from its trainer and code, so a retry names the same Stripe coupon.
import { createHash } from 'node:crypto';
import type { CouponDuration } from '../../openapi/contract-values.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { ServerContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { couponTerms } from '../payments/billing-terms.ts';
import {
  createStripeCoupon,
  deleteStripeCoupon,
  type StripeCouponSource,
} from '../payments/stripe-coupons.ts';
import { findTrainer, transaction } from './admin.repository.ts';
import { type Actor, auditChange } from './audit.ts';
import {
  archiveCoupon as archiveCouponRow,
  type CouponWithUse,
  codeTaken,
  couponsOf,
  findCoupon,
  insertCoupon,
  type NewCoupon,
  trainerPriceIds,
} from './coupons.repository.ts';

type CouponContext = Pick<ServerContext, 'db' | 'payments'>;

export type AdminCoupon = components['schemas']['AdminCoupon'];
export interface CouponInput {
  code: string;
  percentOff?: number;
  amountOff?: number;
  currency?: string;
  duration: CouponDuration;
  durationInMonths?: number;
  expiresAt?: string;
  maxRedemptions?: number;
  priceIds?: string[];
}

/**
 * The coupon's id: the same for the same trainer and code (in any case), which a trainer uses once,
 * so a retried add names the Stripe coupon the first attempt may have made. 96 bits, as newId draws.
 */
export function couponId(trainerId: string, code: string): string {
  const digest = createHash('sha256').update(`${trainerId}\n${code.toLowerCase()}`).digest('base64url');
  return `coupon_${digest.slice(0, 16)}`;
}

/** The coupon as the operator sees it: the terms billing applies (one reading of a row), then its limits. */
export function toAdminCoupon(row: CouponWithUse): AdminCoupon {
  const { active, expiresAt, ...terms } = couponTerms(row);
  return {
    ...terms,
    expiresAt: expiresAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    priceIds: row.priceIds,
    archived: !active,
    redemptions: row.redemptions,
  };
}

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

/** The row an add would insert, once the trainer, its prices and the code are found fit. */
async function newCouponRow(
  db: Database,
  trainerId: string,
  input: CouponInput,
): Promise<NewCoupon & StripeCouponSource> {
  const trainer = await trainerOf(db, trainerId);
  if (input.priceIds) {
    const known = await trainerPriceIds(db, trainerId, input.priceIds);
    const unknown = input.priceIds.find((id) => !known.includes(id));
    if (unknown) throw badRequest('admin.unknownPrice', { trainerId, id: unknown });
  }
  // Checked before Stripe is asked, so a taken code never makes a Stripe coupon.
  if (await codeTaken(db, trainerId, input.code)) {
    throw conflict('admin.couponTaken', { trainerId, code: input.code });
  }
  return {
    id: couponId(trainerId, input.code),
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
  };
}

export async function addCoupon(
  { db, payments }: CouponContext,
  caller: Actor,
  trainerId: string,
  input: CouponInput,
): Promise<AdminCoupon> {
  refuseMalformedCoupon(input, new Date());
  const row = await newCouponRow(db, trainerId, input);
  if (payments.stripe) await createStripeCoupon(payments.stripe.client, row);
  return transaction(db, async (tx) => {
    // A concurrent add of the same code got here first: its Stripe coupon is this one's (same id).
    if (!(await insertCoupon(tx, row))) throw conflict('admin.couponTaken', { trainerId, code: input.code });
    const found = await findCoupon(tx, trainerId, row.id);
    if (!found) throw new Error(`coupon ${row.id} vanished in its own transaction`);
    const coupon = toAdminCoupon(found);
    await auditChange(tx, caller, trainerId, 'adminAddCoupon', row.id, null, coupon);
    return coupon;
  });
}

export async function archiveCoupon(
  { db, payments }: CouponContext,
  caller: Actor,
  trainerId: string,
  couponId: string,
): Promise<AdminCoupon> {
  const refuseUnusable = (row: CouponWithUse | undefined): CouponWithUse => {
    if (!row) throw notFound('admin.unknownCoupon', { trainerId, id: couponId });
    if (!row.active) throw conflict('admin.couponArchived', { id: couponId });
    return row;
  };
  refuseUnusable(await findCoupon(db, trainerId, couponId));
  if (payments.stripe) await deleteStripeCoupon(payments.stripe.client, couponId);
  return transaction(db, async (tx) => {
    const current = refuseUnusable(await findCoupon(tx, trainerId, couponId));
    await archiveCouponRow(tx, couponId);
    const before = toAdminCoupon(current);
    const after = { ...before, archived: true };
    await auditChange(tx, caller, trainerId, 'adminArchiveCoupon', couponId, before, after);
    return after;
  });
}
