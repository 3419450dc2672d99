// The figures' history (decision 144): what the rows of subscriptions do not keep once they change.
// The payment processor records, in the transaction of each event, how the event moved a
// subscription (a trial started or ended, a member started or stopped paying, MRR changed, a payment
// failed), with the event's time, and what it last recorded of the subscription to compare the next
// event with. Money paid and refunded, the current state and progress are read from their own rows.
import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const metricMovements = pgTable(
  'metric_movements',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id').notNull(),
    userId: text('user_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** The event's time (a member's sandbox clock in the sandbox). */
    at: ts('at').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind', {
      enum: [
        'trialStarted',
        'trialEnded',
        'trialConverted',
        'started',
        'churned',
        'changed',
        'paymentFailed',
      ],
    }).notNull(),
    mrrDelta: integer('mrr_delta').notNull().default(0),
    /** A failed payment's amount due. */
    amount: integer('amount').notNull().default(0),
    invoiceId: text('invoice_id'),
  },
  // A charge paid is money recovered when its invoice's failure is here.
  (t) => [index('metric_movements_invoice_idx').on(t.invoiceId)],
);

/** What the figures last recorded of each subscription (domain/metrics `Snapshot`). */
export const subscriptionMetrics = pgTable('subscription_metrics', {
  subscriptionId: text('subscription_id').primaryKey(),
  standing: text('standing', { enum: ['none', 'trialing', 'paying'] }).notNull(),
  mrr: integer('mrr').notNull(),
  trialed: boolean('trialed').notNull(),
  converted: boolean('converted').notNull(),
  openInvoiceId: text('open_invoice_id'),
});

/**
 * Each month's sums per trainer, currency and key, added to in the transaction of every event that
 * moves one (decision 144), so a period's figures read one row per month and key, whatever the number
 * of members. Keys: a movement's kind (its count, MRR change and MRR lost), `revenue` and `refunds`
 * (charges paid, refunded), `recovered` (failed invoices paid), `sale:<productId>` (one-time products).
 */
export const metricMonths = pgTable(
  'metric_months',
  {
    trainerId: text('trainer_id').notNull(),
    currency: text('currency').notNull(),
    /** `YYYY-MM`, UTC. */
    month: text('month').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    mrrDelta: bigint('mrr_delta', { mode: 'number' }).notNull().default(0),
    mrrLost: bigint('mrr_lost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.trainerId, t.currency, t.month, t.key] })],
);
