// The figures' history (decision 144): what the rows of subscriptions do not keep once they change.
// The payment processor records, in the transaction of each event, how the event moved a
// subscription (a trial started or ended, a member started or stopped paying, MRR changed, a payment
// failed), with the event's time, and what it last recorded of the subscription to compare the next
// event with. Money paid and refunded, the current state and progress are read from their own rows.
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
  (t) => [
    index('metric_movements_trainer_at_idx').on(t.trainerId, t.at),
    index('metric_movements_invoice_idx').on(t.invoiceId),
  ],
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
