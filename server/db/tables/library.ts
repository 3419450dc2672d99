// The members' area: how far each member is through what they hold, and what the operator granted.
// An item is named `kind/slug` (`challenge/30-day-shred`), a unit by its content's stable `_key`, so
// a trainer who inserts a day moves nobody's progress. Every write here is an upsert or an insert
// that a second device, a retry or a double press repeats without an error or a duplicate.
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { users } from './members.ts';

/** One row per member, item and unit ever marked: done (with when) or marked not done again. */
export const libraryProgress = pgTable(
  'library_progress',
  {
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    item: text('item').notNull(),
    unitKey: text('unit_key').notNull(),
    /** Null: not done (marked done, then undone). */
    doneAt: ts('done_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.item, t.unitKey] })],
);

/**
 * A member's start of an item and their last place in it. `started_at` is written once, by the
 * first opening (an insert that does nothing when the row is there), so two devices agree on it.
 */
export const libraryStarts = pgTable(
  'library_starts',
  {
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    item: text('item').notNull(),
    startedAt: ts('started_at').notNull(),
    lastUnitKey: text('last_unit_key').notNull(),
    lastOpenedAt: ts('last_opened_at').notNull(),
    /**
     * How many of the item's units the member has done, kept by each mark in its transaction, so
     * the figures count members per program by units done without reading every unit (decision 161).
     */
    unitsDone: integer('units_done').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.item] }),
    // How far members get in each program, per trainer: read from the index alone (decision 161).
    index('library_starts_trainer_item_done_idx').on(t.trainerId, t.item, t.unitsDone),
  ],
);

/** The operator's grants ("comp"): a product or the membership, from `starts_at` until `until` or revoked. */
export const accessGrants = pgTable(
  'access_grants',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** `membership`, or a product's id. */
    target: text('target').notNull(),
    startsAt: ts('starts_at').notNull(),
    /** Null: no end. */
    until: ts('until'),
    revokedAt: ts('revoked_at'),
    /** Who granted it, as the admin API's caller named themselves. */
    actor: text('actor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('access_grants_user_idx').on(t.userId)],
);

/**
 * A version per member, and per trainer for its products and prices, that the database moves itself
 * (triggers of migration 0019) in every transaction that writes a row deciding what the member can
 * open or where they are: their charges, subscriptions, grants, starts, progress and sandbox clock.
 * Each move takes the next value of one sequence, so a version is never seen twice. A members' area
 * request passes the versions of the rows it kept and reads the rows again only when one moved
 * (decision 178). No foreign key: an owner's row outlives nothing it would need to.
 */
export const accessVersions = pgTable('access_versions', {
  ownerId: text('owner_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
