// Creating and reading a trainer from the admin API; the creation is audited.
import type { components } from '../../openapi/schema.d.ts';
import type { Database } from '../db/index.ts';
import { conflict, notFound } from '../errors.ts';
import { findTrainer, insertTrainer, type TrainerRow, transaction } from './admin.repository.ts';
import { type Actor, auditChange } from './audit.ts';

export type AdminTrainer = components['schemas']['AdminTrainer'];
type TrainerInput = { id: string; name: string; currency?: string; defaultTrialDays?: number };

export const toAdminTrainer = (row: TrainerRow): AdminTrainer => ({
  id: row.id,
  name: row.name,
  currency: row.currency,
  defaultTrialDays: row.defaultTrialDays,
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
    });
    if (!row) throw conflict('admin.trainerTaken', { id: input.id });
    const trainer = toAdminTrainer(row);
    await auditChange(tx, caller, trainer.id, 'adminCreateTrainer', trainer.id, null, trainer);
    return trainer;
  });
}
