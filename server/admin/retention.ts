// The trainer's retention settings (decisions 152, 153) from the admin API: the pause lengths members
// may choose and the one offer at the cancel button, checked and audited; and the answers members
// gave at the cancel button, counted by month.
import { and, eq, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema.d.ts';
import type { AdminCaller } from '../auth/admin-token.ts';
import type { Database } from '../db/index.ts';
import { coupons, trainers } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { cancelReasonsByMonth, type RetentionSettings, retentionSettings } from '../payments/retention.ts';
import { findTrainer, transaction } from './admin.repository.ts';
import { auditChange } from './audit.ts';

type AdminRetention = components['schemas']['AdminRetention'];

async function knownTrainer(db: Database, trainerId: string) {
  if (!(await findTrainer(db, trainerId))) throw notFound('accounts.unknownTrainer');
}

async function toAdminRetention(db: Database, settings: RetentionSettings): Promise<AdminRetention> {
  const offer = settings.cancelOffer;
  if (offer?.kind !== 'coupon') return { pauseMonths: settings.pauseMonths, cancelOffer: offer };
  const [coupon] = await db
    .select({ code: coupons.code })
    .from(coupons)
    .where(eq(coupons.id, offer.couponId));
  return {
    pauseMonths: settings.pauseMonths,
    cancelOffer: { kind: 'coupon', coupon: coupon?.code ?? offer.couponId },
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
      const [coupon] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.trainerId, trainerId), sql`lower(${coupons.code}) = lower(${code})`));
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
    await tx.update(trainers).set({ pauseMonths, cancelOffer }).where(eq(trainers.id, trainerId));
    const after = { pauseMonths, cancelOffer };
    await auditChange(tx, caller, trainerId, 'adminSetRetention', trainerId, before, after);
    return toAdminRetention(db, after);
  });
}

/** The answers of the last `months` UTC months, this one included. */
export async function cancellationCounts(db: Database, trainerId: string, months: number, now = new Date()) {
  await knownTrainer(db, trainerId);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  return cancelReasonsByMonth(db, trainerId, since);
}
