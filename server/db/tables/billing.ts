// What members bought and paid, the gateway's events, and the mail those cause.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IssuedTax } from '../../../domain/billing/tax.ts';
import { prices } from './catalogue.ts';
import { createdAt, ts } from './columns.ts';
import { users } from './members.ts';

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
      enum: ['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'unpaid', 'paused'],
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
    /**
     * The open invoice's tax and the rule it was issued under (decision 173); null when it holds none.
     * Stripe taxes an invoice once, when it is finalised: its retries and a new card pay and state it.
     */
    openInvoiceTax: jsonb('open_invoice_tax').$type<IssuedTax>(),
    endedAt: ts('ended_at'),
    /**
     * A pause the member asked for (decision 152): from the end of the period paid for until a renewal
     * of the same cycle. Null: none, or it is over.
     */
    pauseStartsAt: ts('pause_starts_at'),
    pauseResumesAt: ts('pause_resumes_at'),
    createdAt: createdAt(),
    /** The `created` time of the last gateway event applied: older events never overwrite newer ones. */
    lastEventAt: ts('last_event_at').notNull(),
    /**
     * How many gateway events have changed this row. A member's request is keyed by the state it was asked
     * of: events in the same second (a pause, its calling-off, a new pause) leave `lastEventAt` as it was.
     */
    changes: integer('changes').notNull().default(0),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    // The figures read the trainer's subscriptions by status (decision 144).
    index('subscriptions_trainer_status_idx').on(t.trainerId, t.status),
    // One live subscription per member and trainer: a second checkout or a replayed event cannot
    // leave a member billed twice, whatever the application code does.
    uniqueIndex('subscriptions_one_live_idx')
      .on(t.trainerId, t.userId)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due', 'unpaid', 'paused')`),
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
  (t) => [
    // A member's charges newest first, a page at a time from a cursor (decision 146).
    index('charges_user_created_idx').on(t.userId, t.createdAt, t.id),
    // A refund and a renewal find the charge of an invoice, and a refund the lines of a payment
    // (`<id>_<n>`, a prefix), without reading every charge (decision 145).
    index('charges_invoice_idx').on(t.invoiceId),
    index('charges_id_prefix_idx').on(t.id.op('text_pattern_ops')),
    // Revenue and refunds over a period (decision 144).
    index('charges_trainer_created_idx').on(t.trainerId, t.createdAt),
    index('charges_trainer_refunded_idx').on(t.trainerId, t.refundedAt).where(sql`${t.refunded}`),
  ],
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
    /** Which email it is (receipt, refund...), for the studio's list of a member's emails. */
    template: text('template'),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The links in the message, so the dev mailbox and tests can follow them. */
    links: jsonb('links').$type<{ label: string; url: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('email_outbox_unsent_idx').on(t.sentAt),
    index('email_outbox_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Why a member cancelled, or nearly did (decision 153): the reason from the portal's list (null: not
 * given), their words for `other`, the offer made and whether they took it. One row per answer; the
 * trainer reads them per member and counted by month.
 */
export const cancellationReasons = pgTable(
  'cancellation_reasons',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    subscriptionId: text('subscription_id').notNull(),
    reason: text('reason', {
      enum: [
        'too_expensive',
        'missing_features',
        'switched_service',
        'unused',
        'customer_service',
        'too_complex',
        'low_quality',
        'other',
      ],
    }),
    comment: text('comment'),
    /** The offer shown beside the cancel button, if any. */
    offer: text('offer', { enum: ['coupon', 'pause'] }),
    /** `cancelled`: they cancelled; `offerTaken`: they stayed on the offer. */
    outcome: text('outcome', { enum: ['cancelled', 'offerTaken'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cancellation_reasons_trainer_idx').on(t.trainerId, t.createdAt)],
);
