// Creating and reading a trainer from the admin API; the creation is audited.

import { checkTaxSettings, type TaxSettings } from '../../domain/billing/tax.ts';
import { checkBillingDetails } from '../../domain/invoices/billing-details.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { Database } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import {
  findTrainer,
  insertTrainer,
  type TrainerRow,
  transaction,
  updateTrainerRow,
} from './admin.repository.ts';
import { type Actor, auditChange } from './audit.ts';

export type AdminTrainer = components['schemas']['AdminTrainer'];
type TrainerInput = { id: string; name: string; currency?: string; defaultTrialDays?: number };

export const toAdminTrainer = (row: TrainerRow): AdminTrainer => ({
  id: row.id,
  name: row.name,
  currency: row.currency,
  defaultTrialDays: row.defaultTrialDays,
  legalName: row.legalName,
  address: row.address,
  taxId: row.taxId,
  tax: row.tax ?? null,
});

export async function showTrainer(db: Database, trainerId: string): Promise<AdminTrainer> {
  const row = await findTrainer(db, trainerId);
  if (!row) throw notFound('accounts.unknownTrainer');
  return toAdminTrainer(row);
}

export async function createTrainer(db: Database, caller: Actor, input: TrainerInput): Promise<AdminTrainer> {
  return transaction(db, async (tx) => {
    const row = await insertTrainer(tx, {
      id: input.id,
      name: input.name,
      currency: input.currency ?? 'usd',
      defaultTrialDays: input.defaultTrialDays ?? 0,
      legalName: null,
      address: null,
      taxId: null,
      tax: null,
    });
    if (!row) throw conflict('admin.trainerTaken', { id: input.id });
    const trainer = toAdminTrainer(row);
    await auditChange(tx, caller, trainer.id, 'adminCreateTrainer', trainer.id, null, trainer);
    return trainer;
  });
}

type InvoicingInput = {
  legalName?: string | null;
  address?: string | null;
  taxId?: string | null;
  tax?: TaxSettings | null;
};

/** The tax settings a change asks for: as they were when not named, none when null (decision 173). */
function taxChange(input: InvoicingInput, row: TrainerRow): TaxSettings | null {
  if (input.tax === undefined) return row.tax ?? null;
  if (input.tax === null) return null;
  const checked = checkTaxSettings(input.tax);
  if (!checked.ok) throw badRequest('admin.taxSettings', { field: checked.refusal });
  return checked.settings;
}

/**
 * What the trainer's invoices say of the trainer (decision 154) and the tax the trainer collects
 * (decision 173): the details given change, the others stay; the same rules as a member's billing
 * details (decision 155).
 */
export async function updateTrainer(
  db: Database,
  caller: Actor,
  trainerId: string,
  input: InvoicingInput,
): Promise<AdminTrainer> {
  return transaction(db, async (tx) => {
    const row = await findTrainer(tx, trainerId);
    if (!row) throw notFound('accounts.unknownTrainer');
    const checked = checkBillingDetails({
      company: input.legalName === undefined ? row.legalName : input.legalName,
      address: input.address === undefined ? row.address : input.address,
      taxId: input.taxId === undefined ? row.taxId : input.taxId,
    });
    if (!checked.ok) throw badRequest('admin.invoicingDetails', { field: checked.refusal });
    const tax = taxChange(input, row);
    const before = toAdminTrainer(row);
    const updated = await updateTrainerRow(tx, trainerId, {
      legalName: checked.details.company,
      address: checked.details.address,
      taxId: checked.details.taxId,
      tax,
    });
    const trainer = toAdminTrainer(updated);
    await auditChange(tx, caller, trainerId, 'adminUpdateTrainer', trainerId, before, trainer);
    return trainer;
  });
}
