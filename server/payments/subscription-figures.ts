// What an event did to the figures (decision 144): after an event has changed a subscription, its
// state is compared with what was last recorded of it, and the movements (a trial started, ended or
// converted, a member started or stopped paying, MRR changed, a payment failed) are recorded with the
// event's time, in the event's transaction, so a replayed event records nothing twice.
import { movementsBetween } from '../../domain/metrics/metrics.ts';
import type { Transaction } from '../db/index.ts';
import { lockedSnapshot, saveFigures, subscriptionForFigures } from './figures.repository.ts';

export async function recordSubscriptionFigures(
  tx: Transaction,
  subscriptionId: string,
  at: Date,
): Promise<void> {
  const sub = await subscriptionForFigures(tx, subscriptionId);
  if (!sub) return;
  const before = await lockedSnapshot(tx, subscriptionId);
  const { snapshot, movements } = movementsBetween(before, sub.facts, sub.openInvoice);
  await saveFigures(tx, subscriptionId, sub, at, snapshot, movements);
}
