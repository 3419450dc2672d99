// What the operator changed through the admin API: one row per change, never updated or deleted.
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const adminAudit = pgTable(
  'admin_audit',
  {
    id: text('id').primaryKey(),
    /** Not a foreign key: the row outlives whatever it names, and records a trainer's creation too. */
    trainerId: text('trainer_id').notNull(),
    /**
     * Who made the change: the name the operator gave beside the admin token, or the staff member's
     * name at the time (decision 142).
     */
    actor: text('actor').notNull(),
    actorKind: text('actor_kind', { enum: ['operator', 'staff'] })
      .notNull()
      .default('operator'),
    /** The staff member who made it; null for the operator. Not a foreign key: staff may be removed. */
    actorStaffId: text('actor_staff_id'),
    actorEmail: text('actor_email'),
    /** The contract's operation, such as adminUpdatePlan. */
    action: text('action').notNull(),
    /** The id of the row changed (a trainer, a price, a coupon). */
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_trainer_idx').on(t.trainerId, t.createdAt),
    index('admin_audit_subject_idx').on(t.trainerId, t.subject),
  ],
);
