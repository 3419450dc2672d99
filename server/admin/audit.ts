// The audit row of a change made through the admin API or the studio (decisions 117, 142): who,
// what, before and after, written in the change's own transaction so the two commit together. Every
// change writes its row here, so each row is made the same way (its id, its actor). The operator is
// named by `admin-actor`; a staff member by their name and email at the time, and their id.
import type { AdminCaller } from '../auth/admin-token.ts';
import type { StaffCaller } from '../auth/staff.ts';
import { newId } from '../db/ids.ts';
import type { Transaction } from '../db/index.ts';
import { insertAudit } from './admin.repository.ts';

export type { StaffCaller };

/** Whoever makes a change: the operator with the admin token, or a staff member in the studio. */
export type Actor = AdminCaller | StaffCaller;

/** The name a change is recorded under (a grant's `actor`, an invitation's sender). */
export const actorName = (caller: Actor): string => (caller.kind === 'admin' ? caller.actor : caller.name);

export function auditChange(
  tx: Transaction,
  caller: Actor,
  trainerId: string,
  action: string,
  subject: string,
  before: unknown,
  after: unknown,
) {
  return insertAudit(tx, {
    id: newId('aud'),
    trainerId,
    actor: actorName(caller),
    ...(caller.kind === 'staff' && {
      actorKind: 'staff' as const,
      actorStaffId: caller.staffId,
      actorEmail: caller.email,
    }),
    // The operation asked: a staff member's refund is studioRefundCharge, the operator's adminRefundCharge.
    action: caller.kind === 'staff' ? action.replace(/^admin/, 'studio') : action,
    subject,
    before,
    after,
  });
}
