// What the operator changed through the admin API: one row per change, never updated or deleted.
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const adminAudit = pgTable(
  'admin_audit',
  {
    id: text('id').primaryKey(),
    /** Not a foreign key: the row outlives whatever it names, and records a trainer's creation too. */
    trainerId: text('trainer_id').notNull(),
    /** Who made the change, as the caller named themselves beside the admin token. */
    actor: text('actor').notNull(),
    /** The contract's operation, such as adminUpdatePlan. */
    action: text('action').notNull(),
    /** The id of the row changed (a trainer, a price, a coupon). */
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_trainer_idx').on(t.trainerId, t.createdAt)],
);
