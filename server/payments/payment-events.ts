// The shape of the payment events the processor applies, Stripe's and the sandbox's alike, checked
// before anything is read from them: a malformed event is refused (400) rather than half applied.
import { z } from 'zod';
import { badRequest } from '../errors.ts';

export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export type ProcessResult = 'processed' | 'duplicate' | 'ignored';

/** What this API writes on every gateway object, so its events can be tied back to our records. */
export const metadata = z.looseObject({
  trainerId: z.string().min(1),
  userId: z.string().min(1),
  checkoutSessionId: z.string().min(1).optional(),
  priceIds: z.string().min(1),
  /** A plan change that takes effect at the end of the period (sandbox; Stripe keeps its own schedules). */
  scheduledPriceId: z.string().min(1).optional(),
  /**
   * When the pause the member asked for begins (decision 152): the end of the period paid for.
   * Stripe's `pause_collection` holds only its end; empty once resumed.
   */
  pauseStartsAt: z.string().optional(),
});
export type Metadata = z.infer<typeof metadata>;

/**
 * 9999-12-31T23:59:59Z. A later date is still a JavaScript Date, but its ISO form has a six-digit
 * year that PostgreSQL refuses, which would end a correctly signed event in a 500 that Stripe retries
 * for days; no real event is dated past it, so one is refused as malformed instead.
 */
const LAST_TIMESTAMP = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;

/** Every amount and count is stored in a PostgreSQL `integer`; a larger one would end in a 500. */
export const INTEGER_MAX = 2_147_483_647;
const count = z.number().int().min(0).max(INTEGER_MAX);

/** Unix seconds, as Stripe sends every date. */
const timestamp = z
  .number()
  .int()
  .positive()
  .max(LAST_TIMESTAMP, { error: 'must be a date before the year 10000' });

export const eventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: timestamp,
  data: z.looseObject({ object: z.looseObject({}) }),
});

export const checkoutSessionObject = z.looseObject({
  id: z.string(),
  customer: z.string().nullish(),
  mode: z.enum(['payment', 'subscription', 'setup']),
  metadata,
  // What Stripe charged, its tax included, and that tax (decision 173).
  amount_total: count.nullish(),
  total_details: z.looseObject({ amount_tax: count.nullish() }).nullish(),
});

const cardDetails = z.looseObject({ brand: z.string(), last4: z.string() });
const paymentMethodObject = z.union([z.string(), z.looseObject({ card: cardDetails.optional() })]).nullish();

export const subscriptionObject = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  trial_end: timestamp.nullish(),
  // Older API versions put the period on the subscription, newer ones on each item.
  current_period_start: timestamp.optional(),
  current_period_end: timestamp.optional(),
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({
          current_period_start: timestamp.optional(),
          current_period_end: timestamp.optional(),
          price: z
            .looseObject({
              id: z.string(),
              lookup_key: z.string().nullish(),
              metadata: z.record(z.string(), z.string()).nullish(),
            })
            .optional(),
        }),
      ),
    })
    .optional(),
  billing_cycle_anchor: timestamp.optional(),
  // Absent: unchanged. Null: the discount has ended.
  discount: z.looseObject({ coupon: z.looseObject({ id: z.string() }), end: timestamp.nullish() }).nullish(),
  default_payment_method: paymentMethodObject,
  ended_at: timestamp.nullish(),
  // Absent or null: no pause. Stripe's pause of payment collection, with when it resumes.
  pause_collection: z.looseObject({ behavior: z.string(), resumes_at: timestamp.nullish() }).nullish(),
  metadata,
});

const invoiceLines = z
  .looseObject({
    data: z.array(
      z.looseObject({
        amount: z.number().int().min(-INTEGER_MAX).max(INTEGER_MAX),
        proration: z.boolean().nullish(),
        /** The period the line bills (Unix seconds): an invoice states it. */
        period: z.looseObject({ start: timestamp.nullish(), end: timestamp.nullish() }).nullish(),
        parent: z
          .looseObject({
            subscription_item_details: z.looseObject({ proration: z.boolean().nullish() }).nullish(),
          })
          .nullish(),
      }),
    ),
  })
  .optional();

/** Where an invoice says which subscription it bills (Stripe's newer API nests it under `parent`). */
const invoiceParent = z
  .looseObject({
    subscription_details: z
      .looseObject({ subscription: z.string().nullish(), metadata: z.unknown() })
      .nullish(),
  })
  .nullish();

/** The tax Stripe Tax (or the sandbox) computed on an invoice when it was finalised (decision 173). */
const totalTaxes = z
  .array(z.looseObject({ amount: count, tax_behavior: z.enum(['inclusive', 'exclusive']) }))
  .nullish();

export const paidInvoiceObject = z.looseObject({
  id: z.string().min(1),
  amount_paid: count,
  billing_reason: z.string().nullish(),
  lines: invoiceLines,
  parent: invoiceParent,
  subscription_details: z.looseObject({ metadata: z.unknown() }).nullish(),
  default_payment_method: paymentMethodObject,
  // Stripe's own invoice: its number, its hosted page and its PDF (decision 154).
  number: z.string().nullish(),
  // A malformed address is dropped rather than refusing the payment it came with.
  hosted_invoice_url: z
    .url({ protocol: /^https?$/ })
    .nullish()
    .catch(null),
  invoice_pdf: z
    .url({ protocol: /^https?$/ })
    .nullish()
    .catch(null),
  total_taxes: totalTaxes,
});

export const failedInvoiceObject = z.looseObject({
  id: z.string().min(1),
  /** What is due, tax included (Stripe's invoice is final: a retry charges exactly this). */
  amount_due: count,
  billing_reason: z.string().nullish(),
  lines: invoiceLines,
  attempt_count: count.optional(),
  next_payment_attempt: timestamp.nullish(),
  parent: invoiceParent,
  total_taxes: totalTaxes,
});

export const refundedChargeObject = z.looseObject({
  id: z.string().min(1),
  invoice: z.string().nullish(),
  refunded: z.boolean(),
});

/** A refund object (refund.created, refund.updated): ours name the charge they pay back. */
export const refundObject = z.looseObject({
  id: z.string().min(1),
  amount: count,
  status: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export const succeededChargeObject = z.looseObject({
  id: z.string().min(1),
  /** The money that moved, tax included. */
  amount: count.optional(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_method_details: z.looseObject({ card: cardDetails.optional() }).nullish(),
});

export function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest('events.invalid', {
      what,
      detail: `${issue?.path.join('.') || 'value'} ${issue?.message ?? ''}`.trim(),
    });
  }
  return result.data;
}

/** A card as receipts and the profile show it: "Visa •••• 4242". */
export function cardLabel(card: { brand: string; last4: string } | undefined): string {
  if (!card) return 'Card';
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}
