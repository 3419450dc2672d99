// The trainer's retention settings (decisions 152, 153) from the admin API: the pause lengths members
// may choose and the one offer at the cancel button, checked and audited; and the answers members
// gave at the cancel button, counted by month.
import type { components } from '../../openapi/schema.d.ts';
import type { AdminCaller } from '../auth/admin-token.ts';
import type { Database, Transaction } from '../db/index.ts';
import { badRequest, notFound } from '../errors.ts';
import {
  cancelReasonsByMonth,
  couponCode,
  type RetentionSettings,
  retentionSettings,
  saveRetentionSettings,
  trainerCouponByCode,
} from '../payments/retention.repository.ts';
import { findTrainer, transaction } from './admin.repository.ts';
import { auditChange } from './audit.ts';

type AdminRetention = components['schemas']['AdminRetention'];

async function knownTrainer(db: Database, trainerId: string) {
  if (!(await findTrainer(db, trainerId))) throw notFound('accounts.unknownTrainer');
}

async function toAdminRetention(
  db: Database | Transaction,
  settings: RetentionSettings,
): Promise<AdminRetention> {
  const offer = settings.cancelOffer;
  if (offer?.kind !== 'coupon') return { pauseMonths: settings.pauseMonths, cancelOffer: offer };
  return {
    pauseMonths: settings.pauseMonths,
    cancelOffer: { kind: 'coupon', coupon: (await couponCode(db, offer.couponId)) ?? offer.couponId },
  };
}

export async function setRetention(
  db: Database,
  caller: AdminCaller,
  trainerId: string,
  input: AdminRetention,
): Promise<AdminRetention> {
  await knownTrainer(db, trainerId);
  return transaction(db, async (tx) => {
    let cancelOffer: RetentionSettings['cancelOffer'] = null;
    if (input.cancelOffer?.kind === 'coupon') {
      const code = input.cancelOffer.coupon;
      const coupon = await trainerCouponByCode(tx, trainerId, code);
      if (!coupon) throw notFound('admin.unknownCoupon', { trainerId, id: code });
      // "Half off for the next 2 months": only a repeating coupon says for how long.
      if (coupon.duration !== 'repeating' || coupon.active === false)
        throw badRequest('admin.offerCoupon', { code: coupon.code });
      cancelOffer = { kind: 'coupon', couponId: coupon.id };
    } else if (input.cancelOffer?.kind === 'pause') {
      cancelOffer = { kind: 'pause', months: input.cancelOffer.months };
    }
    const before = await retentionSettings(tx, trainerId);
    const pauseMonths = [...input.pauseMonths].sort((a, b) => a - b);
    const after = { pauseMonths, cancelOffer };
    await saveRetentionSettings(tx, trainerId, after);
    await auditChange(tx, caller, trainerId, 'adminSetRetention', trainerId, before, after);
    // Inside the transaction: PGlite has one connection, which the transaction holds.
    return toAdminRetention(tx, after);
  });
}

/** The answers of the last `months` UTC months, this one included. */
export async function cancellationCounts(db: Database, trainerId: string, months: number, now = new Date()) {
  await knownTrainer(db, trainerId);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  return cancelReasonsByMonth(db, trainerId, since);
}
