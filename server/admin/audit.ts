// The audit row of an operator's change (decision 117): who, what, before and after, written in the
// change's own transaction so the two commit together. Every admin change writes its row here, so
// each row is made the same way (its id, its actor).
import type { AdminCaller } from '../auth/admin-token.ts';
import { newId } from '../db/ids.ts';
import type { Transaction } from '../db/index.ts';
import { insertAudit } from './admin.repository.ts';

export function auditChange(
  tx: Transaction,
  caller: AdminCaller,
  trainerId: string,
  action: string,
  subject: string,
  before: unknown,
  after: unknown,
) {
  return insertAudit(tx, {
    id: newId('aud'),
    trainerId,
    actor: caller.actor,
    action,
    subject,
    before,
    after,
  });
}
