// What a hosted page promised, stored with its session (checkout_sessions.quote) when it is shown
// and compared when it is paid or confirmed: the amount charged is the amount promised, or the
// payment is refused and a fresh promise shown. The figures come from the billing engine.
import { z } from 'zod';
import type { CheckoutPromise, PlanChangePromise } from '../../domain/billing/quotes.ts';

const checkoutPromiseSchema = z.object({
  currency: z.string(),
  lines: z.array(z.object({ priceId: z.string(), amount: z.number().int() })),
  trialDays: z.number().int(),
  dueToday: z.number().int(),
  next: z.number().int().nullable(),
  discounted: z.number().int().nullable(),
  regular: z.number().int().nullable(),
});

/** The checkout promise stored with a session, if it holds one. */
export function storedCheckoutPromise(value: unknown): CheckoutPromise | null {
  const parsed = checkoutPromiseSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
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
