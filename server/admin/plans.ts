// A trainer's plans from the admin API: listing, adding, changing and archiving prices. Each change
// and its audit row commit together; then every instance's catalogue drops the trainer's copy. A
// price no longer sold is archived in Stripe first, where a site sells through it
// (payments/stripe-prices.ts), so a plan-change page opened at Stripe before charges nothing at it.

import type { components } from '../../openapi/schema.d.ts';
import type { CatalogueChanges } from '../catalogue/catalogue-changes.ts';
import type { ServerContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import type { Database, Transaction } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { archiveStripePrice } from '../payments/stripe-prices.ts';
import {
  findPlan,
  findTrainer,
  insertMembership,
  insertPrice,
  membershipOf,
  type PlanRow,
  plansOf,
  transaction,
  updatePrice,
} from './admin.repository.ts';
import { type Actor, auditChange } from './audit.ts';
import { couponsFollowPrice } from './products.repository.ts';
import { type PlanChange, type PlanInput, planChange } from './sold-prices.ts';

export type AdminPlan = components['schemas']['AdminPlan'];

interface Deps {
  db: Database;
  catalogueChanges: CatalogueChanges;
  payments: ServerContext['payments'];
}

/** Stops the price selling at Stripe too, before the database says so (decision 122's order). */
async function archivedAtStripe(payments: Deps['payments'], price: PlanRow): Promise<void> {
  if (payments.stripe) await archiveStripePrice(payments.stripe.client, price);
}

export const toAdminPlan = (row: PlanRow): AdminPlan => ({
  id: row.id,
  productId: row.productId,
  productName: row.productName,
  type: row.type,
  interval: row.interval,
  intervalCount: row.intervalCount,
  amount: row.amount,
  currency: row.currency,
  trialDays: row.trialDays,
  nicknames: { ...(row.nickname !== null && { en: row.nickname }), ...row.nicknames },
  archived: !row.active,
  sold: row.sold,
});

async function trainerOf(db: Database | Transaction, trainerId: string) {
  const trainer = await findTrainer(db, trainerId);
  if (!trainer) throw notFound('accounts.unknownTrainer');
  return trainer;
}

async function planOf(tx: Transaction, trainerId: string, planId: string): Promise<PlanRow> {
  const plan = await findPlan(tx, trainerId, planId);
  if (!plan) throw notFound('admin.unknownPlan', { trainerId, id: planId });
  return plan;
}

export async function listPlans(db: Database, trainerId: string): Promise<AdminPlan[]> {
  await trainerOf(db, trainerId);
  return (await plansOf(db, trainerId)).map(toAdminPlan);
}

export async function addPlan(
  { db, catalogueChanges }: Deps,
  caller: Actor,
  trainerId: string,
  input: Required<Pick<PlanInput, 'interval' | 'amount' | 'nicknames'>> & PlanInput,
): Promise<AdminPlan> {
  const plan = await transaction(db, async (tx) => {
    const trainer = await trainerOf(tx, trainerId);
    let productId = await membershipOf(tx, trainerId);
    if (!productId) {
      productId = newId('prod');
      await insertMembership(tx, productId, trainerId, trainer.name);
    }
    const { en, ...others } = input.nicknames;
    const id = newId('price');
    await insertPrice(tx, {
      id,
      trainerId,
      productId,
      type: 'recurring',
      interval: input.interval,
      intervalCount: input.intervalCount ?? 1,
      amount: input.amount,
      currency: input.currency ?? trainer.currency,
      trialDays: input.trialDays !== undefined ? input.trialDays : trainer.defaultTrialDays || null,
      nickname: en,
      nicknames: Object.keys(others).length > 0 ? others : null,
    });
    const added = toAdminPlan(await planOf(tx, trainerId, id));
    await auditChange(tx, caller, trainerId, 'adminAddPlan', id, null, added);
    return added;
  });
  await catalogueChanges.changed(trainerId);
  return plan;
}

/** What a change does to the plan (in place, or a sold price replaced), after the refusals it meets. */
function decidedChange(current: PlanRow, input: PlanInput): PlanChange {
  if (!current.active) throw conflict('admin.planArchived', { id: current.id });
  if (current.type === 'one_time' && (input.interval !== undefined || input.intervalCount !== undefined)) {
    throw badRequest('admin.oneTimeFixed', { id: current.id });
  }
  return planChange(current, current.sold, input);
}

/** What updatePlan would do with this input, refused alike; nothing is written (the studio's dry run). */
export async function previewPlanChange(
  db: Database,
  trainerId: string,
  planId: string,
  input: PlanInput,
): Promise<PlanChange> {
  return transaction(db, async (tx) => decidedChange(await planOf(tx, trainerId, planId), input));
}

export async function updatePlan(
  { db, catalogueChanges, payments }: Deps,
  caller: Actor,
  trainerId: string,
  planId: string,
  input: PlanInput,
): Promise<{ plan: AdminPlan; replaced?: string }> {
  const result = await transaction(db, async (tx) => {
    const current = await planOf(tx, trainerId, planId);
    const before = toAdminPlan(current);
    const decided = decidedChange(current, input);
    if (decided.kind === 'inPlace') {
      if (Object.keys(decided.change).length === 0) return { plan: before };
      await updatePrice(tx, planId, decided.change);
      const after = toAdminPlan(await planOf(tx, trainerId, planId));
      await auditChange(tx, caller, trainerId, 'adminUpdatePlan', planId, before, after);
      return { plan: after };
    }
    // Archived, never edited: members on it keep paying what they bought.
    await archivedAtStripe(payments, current);
    await updatePrice(tx, planId, { active: false });
    const id = newId('price');
    const { sold: _sold, productName: _name, ...price } = current;
    await insertPrice(tx, { ...price, ...decided.change, id, active: true, gatewayPriceId: null });
    const after = toAdminPlan(await planOf(tx, trainerId, id));
    // One change, one row: the price it was, and the price that took its place (another id).
    await auditChange(tx, caller, trainerId, 'adminUpdatePlan', planId, before, after);
    // A coupon limited to the old price goes on applying to the plan it was given for, as in an import.
    for (const coupon of await couponsFollowPrice(tx, trainerId, planId, id)) {
      await auditChange(tx, caller, trainerId, 'adminUpdatePlan', coupon.id, null, coupon);
    }
    return { plan: after, replaced: planId };
  });
  await catalogueChanges.changed(trainerId);
  return result;
}

export async function archivePlan(
  { db, catalogueChanges, payments }: Deps,
  caller: Actor,
  trainerId: string,
  planId: string,
): Promise<AdminPlan> {
  const plan = await transaction(db, async (tx) => {
    const current = await planOf(tx, trainerId, planId);
    if (!current.active) throw conflict('admin.planArchived', { id: planId });
    await archivedAtStripe(payments, current);
    await updatePrice(tx, planId, { active: false });
    const after = { ...toAdminPlan(current), archived: true };
    await auditChange(tx, caller, trainerId, 'adminArchivePlan', planId, toAdminPlan(current), after);
    return after;
  });
  await catalogueChanges.changed(trainerId);
  return plan;
}
