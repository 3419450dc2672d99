// What a hosted page promised, stored with its session (checkout_sessions.quote) when it is shown
// and compared when it is paid or confirmed: the amount charged is the amount promised, or the
// payment is refused and a fresh promise shown. The figures come from the billing engine.
import { z } from 'zod';
import type { PlanChangePromise } from '../../domain/billing/quotes.ts';
import type { TaxedCheckoutPromise } from './taxes.ts';

const taxed = z.object({ net: z.number().int(), tax: z.number().int(), total: z.number().int() });

const checkoutPromiseSchema = z.object({
  currency: z.string(),
  lines: z.array(z.object({ priceId: z.string(), amount: z.number().int() })),
  trialDays: z.number().int(),
  dueToday: z.number().int(),
  next: z.number().int().nullable(),
  discounted: z.number().int().nullable(),
  regular: z.number().int().nullable(),
  // The tax the page stated on each figure (decision 173); absent where the member pays none.
  tax: z
    .object({
      mode: z.enum(['inclusive', 'exclusive']),
      country: z.string(),
      rateBasisPoints: z.number().int(),
      lines: z.array(taxed),
      dueToday: taxed,
      next: taxed.nullable(),
      discounted: taxed.nullable(),
      regular: taxed.nullable(),
    })
    .optional(),
});

/** The checkout promise stored with a session, if it holds one. */
export function storedCheckoutPromise(value: unknown): TaxedCheckoutPromise | null {
  const parsed = checkoutPromiseSchema.safeParse(value);
  return parsed.success ? (parsed.data as TaxedCheckoutPromise) : null;
}

const planChangePromiseSchema = z.looseObject({
  kind: z.enum(['now', 'inTrial', 'atRenewal']),
  at: z.number(),
  dueToday: z.number().int(),
  validUntil: z.number(),
});

/** The plan-change promise stored with a session, if it holds one. */
export function storedPlanChangePromise(value: unknown): PlanChangePromise | null {
  return planChangePromiseSchema.safeParse(value).success ? (value as PlanChangePromise) : null;
}

/** What Stripe's own checkout page charged (its session's `amount_total`) and the tax in it. */
export interface StripeCharged {
  total: number;
  tax: number;
}

const stripeChargedSchema = z.object({
  charged: z.object({ total: z.number().int(), tax: z.number().int() }),
});

/** What Stripe's checkout charged, kept with a session that holds no promise of ours; null until known. */
export function storedStripeCharged(value: unknown): StripeCharged | null {
  const parsed = stripeChargedSchema.safeParse(value);
  return parsed.success ? parsed.data.charged : null;
}
