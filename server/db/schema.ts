// Every row belongs to a trainer: queries always filter by trainer_id, so several trainers share one
// API without seeing each other's data. Money is in minor units. Tokens are stored only as SHA-256.
import { sql } from 'drizzle-orm';

import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../domain/localized.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const trainers = pgTable('trainers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
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
    lastVerificationSentAt: ts('last_verification_sent_at'),
    // Per-recipient cooldowns: a flood of forgot-password or sign-up calls sends one email a minute.
    lastResetSentAt: ts('last_reset_sent_at'),
    lastSignupNoticeAt: ts('last_signup_notice_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_trainer_email_idx').on(t.trainerId, sql`lower(${t.email})`)],
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

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => trainers.id),
    kind: text('kind', { enum: ['subscription', 'challenge', 'course'] }).notNull(),
    slug: text('slug'),
    name: text('name').notNull(),
    description: text('description'),
    /** The page texts of a challenge or course (challengeHeaderText, …). */
    page: jsonb('page').$type<Record<string, string | null | Partial<Record<Locale, string>>>>(),
    position: integer('position').notNull().default(0),
    gatewayProductId: text('gateway_product_id'),
  },
  (t) => [uniqueIndex('products_trainer_slug_idx').on(t.trainerId, t.kind, t.slug)],
);

export const prices = pgTable(
  'prices',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => trainers.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    type: text('type', { enum: ['one_time', 'recurring'] }).notNull(),
    interval: text('interval', { enum: ['year', 'month', 'week', 'day'] }),
    intervalCount: integer('interval_count'),
    nickname: text('nickname'),
    /** The plan's name in other languages than English (`{ es: 'Mensual' }`); `nickname` is English's. */
    nicknames: jsonb('nicknames').$type<Partial<Record<Locale, string>>>(),
    trialDays: integer('trial_days'),
    active: boolean('active').notNull().default(true),
    /** The Stripe price this maps to, when Stripe is the gateway. */
    gatewayPriceId: text('gateway_price_id'),
  },
  (t) => [index('prices_product_idx').on(t.productId)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => trainers.id),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    currency: text('currency'),
    active: boolean('active').notNull().default(true),
    expiresAt: ts('expires_at'),
    /** As Stripe's coupons: the first paid invoice only, the invoices of N months, or every invoice. */
    duration: text('duration', { enum: ['once', 'repeating', 'forever'] })
      .notNull()
      .default('once'),
    durationInMonths: integer('duration_in_months'),
  },
  (t) => [uniqueIndex('coupons_trainer_code_idx').on(t.trainerId, sql`lower(${t.code})`)],
);

export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  trainerId: text('trainer_id').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  /** A `change` session is a confirmation page for switching a live subscription to another price. */
  kind: text('kind', { enum: ['checkout', 'portal', 'change'] })
    .notNull()
    .default('checkout'),
  gateway: text('gateway', { enum: ['sandbox', 'stripe'] }).notNull(),
  gatewaySessionId: text('gateway_session_id'),
  priceIds: jsonb('price_ids').$type<string[]>().notNull().default([]),
  couponId: text('coupon_id'),
  campaign: text('campaign'),
  route: text('route').notNull().default('/'),
  locale: text('locale').notNull().default('en'),
  /** Trial days granted when the session was created (0 when the member already had a trial). */
  trialDays: integer('trial_days').notNull().default(0),
  /**
   * What the hosted page promised, from the billing engine (domain/billing): paying or confirming
   * charges exactly this, or is refused with a fresh quote when it no longer holds.
   */
  quote: jsonb('quote').$type<Record<string, unknown>>(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  /**
   * A portal or change page works only while the sign-in session that opened it (its token's hash)
   * is live and the password is the one it was opened under (a SHA-256 of the password hash):
   * signing out, changing or resetting the password ends it (decision 095).
   */
  signInSession: text('sign_in_session'),
  passwordFingerprint: text('password_fingerprint'),
  createdAt: createdAt(),
  completedAt: ts('completed_at'),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    priceId: text('price_id')
      .notNull()
      .references(() => prices.id),
    status: text('status', {
      enum: ['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'unpaid'],
    }).notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEnd: ts('trial_end'),
    /** Start of the current billing period: a plan change credits what is left of it. */
    currentPeriodStart: ts('current_period_start'),
    /** The coupon still discounting renewals, and until when (null: forever, or once until used). */
    couponId: text('coupon_id'),
    discountEnd: ts('discount_end'),
    /** The card renewals are charged to, as shown to the member ('Visa •••• 4242'). */
    paymentMethod: text('payment_method'),
    /** After a failed renewal: how many attempts failed, and when the next one is due. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextPaymentAttempt: ts('next_payment_attempt'),
    /** A plan change that takes effect at the end of the period (a downgrade: nothing to credit). */
    scheduledPriceId: text('scheduled_price_id'),
    /** Stripe's billing cycle anchor: every period ends on its day, clamped to a short month's last day. */
    billingAnchor: ts('billing_anchor'),
    /** What the current period was billed at (before credits), and the invoice that billed it. */
    periodValue: integer('period_value').notNull().default(0),
    periodInvoiceId: text('period_invoice_id'),
    /** A declined invoice still due: retries and a new card pay exactly this amount. */
    openInvoiceId: text('open_invoice_id'),
    openInvoiceAmount: integer('open_invoice_amount'),
    endedAt: ts('ended_at'),
    createdAt: createdAt(),
    /** The `created` time of the last gateway event applied: older events never overwrite newer ones. */
    lastEventAt: ts('last_event_at').notNull(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    // One live subscription per member and trainer: a second checkout or a replayed event cannot
    // leave a member billed twice, whatever the application code does.
    uniqueIndex('subscriptions_one_live_idx')
      .on(t.trainerId, t.userId)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due', 'unpaid')`),
  ],
);

export const charges = pgTable(
  'charges',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    priceId: text('price_id')
      .notNull()
      .references(() => prices.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paid: boolean('paid').notNull(),
    refunded: boolean('refunded').notNull().default(false),
    refundedAt: ts('refunded_at'),
    paymentMethod: text('payment_method').notNull(),
    description: text('description').notNull(),
    invoiceId: text('invoice_id'),
    createdAt: createdAt(),
  },
  (t) => [index('charges_user_idx').on(t.userId)],
);

/** One row per gateway event id, written in the same transaction as the event's effects. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  gateway: text('gateway', { enum: ['sandbox', 'stripe'] }).notNull(),
  createdAt: ts('created_at').notNull(),
  processedAt: ts('processed_at').notNull().defaultNow(),
});

/** The sandbox's test clock: how far a member's time has been moved ahead, as Stripe's test clocks do. */
export const sandboxClocks = pgTable('sandbox_clocks', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  offsetSeconds: integer('offset_seconds').notNull().default(0),
});

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The links in the message, so the dev mailbox and tests can follow them. */
    links: jsonb('links').$type<{ label: string; url: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('email_outbox_unsent_idx').on(t.sentAt)],
);
