// The studio's staff (decision 142): people a trainer lets run the business from the browser, apart
// from members. They sign in with a passkey, or an emailed one-time link; each sign-in is a session
// of their own. Every token (invitation, link, session) is stored only as its SHA-256.
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { trainers } from './members.ts';

export const STAFF_ROLES = ['owner', 'coach'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staff = pgTable(
  'staff',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => trainers.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** The language of the emails sent to them. */
    locale: text('locale', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_trainer_email_idx').on(t.trainerId, sql`lower(${t.email})`)],
);

export type StaffRow = typeof staff.$inferSelect;

/** An emailed invitation: seven days, one use; accepting it makes the staff account. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => trainers.id),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    locale: text('locale', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    /** Who sent it, as the audit names them (a staff member's name, or the operator's). */
    invitedBy: text('invited_by').notNull(),
    /** The staff id the account will have, so the passkey made before it exists is bound to it. */
    staffId: text('staff_id').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('staff_invites_trainer_idx').on(t.trainerId)],
);

export type StaffInviteRow = typeof staffInvites.$inferSelect;

export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter the authenticator last reported (0 for those that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceName: text('device_name'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

export type StaffPasskeyRow = typeof staffPasskeys.$inferSelect;

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** What the list of sessions names; never the token, which only the cookie holds. */
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    trainerId: text('trainer_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** The absolute end; an idle session ends sooner (lastSeenAt + the idle limit). */
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

export type StaffSessionRow = typeof staffSessions.$inferSelect;

/** The emailed sign-in link, the passkey's fallback: 15 minutes, one use. */
export const staffSignInLinks = pgTable(
  'staff_sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('staff_sign_in_links_staff_idx').on(t.staffId)],
);

/**
 * A WebAuthn challenge handed to a browser, answered once within five minutes. Kept here rather than
 * in a signed cookie so that it is spent the moment it is answered, on whichever instance.
 */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['signIn', 'invite', 'addPasskey'] }).notNull(),
    /** The staff member registering a passkey (invite: the account to be; addPasskey: the signed-in one). */
    staffId: text('staff_id'),
    inviteId: text('invite_id'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('staff_challenges_expires_idx').on(t.expiresAt)],
);
