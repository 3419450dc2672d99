// Trainers, their members, and what signs a member in.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TaxSettings } from '../../../domain/billing/tax.ts';
import { createdAt, ts } from './columns.ts';

export const trainers = pgTable('trainers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The currency the operator's new plans are priced in unless they name another (ISO 4217, lower case). */
  currency: text('currency').notNull().default('usd'),
  /** The trial a new plan gets unless the operator names another. */
  defaultTrialDays: integer('default_trial_days').notNull().default(0),
  /** Who issues the invoices (decision 154): the business's legal name, postal address and tax id. */
  legalName: text('legal_name'),
  address: text('address'),
  taxId: text('tax_id'),
  /**
   * Whether the prices include tax and the rate collected in each country (decision 173); null: the
   * trainer collects no tax, and every charge is the price.
   */
  tax: jsonb('tax').$type<TaxSettings>(),
  /** The pause lengths, in months, a member may choose (decision 152); empty: members cannot pause. */
  pauseMonths: integer('pause_months').array().notNull().default(sql`'{}'::integer[]`),
  /**
   * The one offer made at the cancel button (decision 153): a coupon for the next months (its id;
   * a `repeating` coupon), or a pause of so many months. Null: no offer, the reason is still asked.
   */
  cancelOffer: jsonb('cancel_offer').$type<
    { kind: 'coupon'; couponId: string } | { kind: 'pause'; months: number }
  >(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => trainers.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    image: text('image'),
    emailVerified: boolean('email_verified').notNull().default(false),
    locale: text('locale', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    // A subscription managed outside the payment gateway ("native", subscribed_plan '1').
    nativePlan: text('native_plan'),
    nativePlanType: text('native_plan_type'),
    nativePlanEnd: ts('native_plan_end'),
    gatewayCustomerId: text('gateway_customer_id'),
    hadTrial: boolean('had_trial').notNull().default(false),
    /** Whom the member's invoices are made out to, when not the member by name (decision 155). */
    billingCompany: text('billing_company'),
    billingAddress: text('billing_address'),
    billingTaxId: text('billing_tax_id'),
    /** The member's country for tax (ISO 3166-1 alpha-2, decision 173); null: not given, no tax. */
    billingCountry: text('billing_country'),
    lastVerificationSentAt: ts('last_verification_sent_at'),
    // Per-recipient cooldowns: a flood of forgot-password or sign-up calls sends one email a minute.
    lastResetSentAt: ts('last_reset_sent_at'),
    lastSignupNoticeAt: ts('last_signup_notice_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_trainer_email_idx').on(t.trainerId, sql`lower(${t.email})`),
    // The members lists page by (created_at, id), newest first, from a cursor (decision 145).
    index('users_trainer_created_idx').on(t.trainerId, t.createdAt, t.id),
    // A search for any part of an email or a name: trigrams, so '%part%' is found without reading
    // every member (decision 145).
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    // The address the token was sent to: a verify token for an old address verifies nothing.
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    // A verification link signs the member in once (the flow's one session), never again.
    sessionIssuedAt: ts('session_issued_at'),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/**
 * A forgot-password request, written before the answer and worked through after it, so the answer
 * costs the same for a known and an unknown address and survives a crash between the two.
 */
export const resetRequests = pgTable('reset_requests', {
  id: text('id').primaryKey(),
  trainerId: text('trainer_id').notNull(),
  email: text('email').notNull(),
  createdAt: createdAt(),
});

/**
 * Failed logins per typed address (known or not, so a lockout reveals nothing): after a few, each
 * further attempt waits exponentially longer, whatever address the attempts come from.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    trainerId: text('trainer_id').notNull(),
    email: text('email').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: ts('locked_until'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trainerId, t.email] })],
);
