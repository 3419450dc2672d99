// Our coupons kept in step with Stripe (decision 122): a coupon added through the admin API is
// created in Stripe under the same id, and archiving one deletes it there. Stripe's coupon carries
// what a member is charged (the amount or percentage off, the currency, how long it lasts); whether a
// checkout may use the coupon at all (its expiry, its maximum, its plans) stays checkout's rule, since
// Stripe only ever sees a coupon through our own checkout sessions.
//
// Both calls may be repeated safely, which is what lets a failed admin call simply be retried:
// creating one that Stripe already has with the same terms succeeds, and deleting one Stripe no
// longer has succeeds.
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { type ApiKey, conflict, HttpError } from '../errors.ts';
import type { CouponRow } from './billing-terms.ts';

export type StripeCouponSource = Pick<
  CouponRow,
  'id' | 'trainerId' | 'code' | 'percentOff' | 'amountOff' | 'currency' | 'duration' | 'durationInMonths'
>;

export function stripeCouponParams(coupon: StripeCouponSource): Stripe.CouponCreateParams {
  return {
    id: coupon.id,
    // Stripe shows the name on the checkout page and the invoices: the code the member typed.
    name: coupon.code,
    duration: coupon.duration,
    ...(coupon.durationInMonths !== null && { duration_in_months: coupon.durationInMonths }),
    ...(coupon.percentOff !== null
      ? { percent_off: coupon.percentOff }
      : { amount_off: coupon.amountOff ?? 0, currency: coupon.currency ?? undefined }),
    metadata: { trainerId: coupon.trainerId, code: coupon.code },
  };
}

/** Where Stripe's coupon would charge a member differently from ours; empty when they agree. */
export function termDifferences(ours: StripeCouponSource, theirs: Stripe.Coupon): string[] {
  const pairs: [string, unknown, unknown][] = [
    ['percent_off', ours.percentOff, theirs.percent_off],
    ['amount_off', ours.amountOff, theirs.amount_off],
    ['currency', ours.currency, theirs.currency?.toLowerCase() ?? null],
    ['duration', ours.duration, theirs.duration],
    ['duration_in_months', ours.durationInMonths, theirs.duration_in_months],
  ];
  return pairs
    .filter(([, here, there]) => (here ?? null) !== (there ?? null))
    .map(
      ([name, here, there]) => `${name} ${String(there ?? 'none')} in Stripe, ${String(here ?? 'none')} here`,
    );
}

/**
 * The idempotency key names the terms too: a retry of the same coupon replays Stripe's first answer,
 * and the same id with other terms is not mistaken for a retry (Stripe then says the id is taken).
 */
export function couponIdempotencyKey(params: Stripe.CouponCreateParams): string {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('base64url').slice(0, 16);
  return `coupon-${params.id}-${digest}`;
}

const CREATE_FAILED: ApiKey = 'admin.stripeCreateFailed';
const DELETE_FAILED: ApiKey = 'admin.stripeDeleteFailed';

const failed = (key: ApiKey, id: string, error: unknown) =>
  new HttpError(502, key, { id, reason: error instanceof Error ? error.message : String(error) });

const isCode = (error: unknown, code: string) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === code;

/** Creates the coupon in Stripe, or finds it there already with the same terms; a 409 when they differ. */
export async function createStripeCoupon(stripe: Stripe, coupon: StripeCouponSource): Promise<void> {
  const params = stripeCouponParams(coupon);
  try {
    await stripe.coupons.create(params, { idempotencyKey: couponIdempotencyKey(params) });
    return;
  } catch (error) {
    if (!isCode(error, 'resource_already_exists')) throw failed(CREATE_FAILED, coupon.id, error);
  }
  let existing: Stripe.Coupon;
  try {
    existing = await stripe.coupons.retrieve(coupon.id);
  } catch (error) {
    throw failed(CREATE_FAILED, coupon.id, error);
  }
  const differences = termDifferences(coupon, existing);
  if (differences.length > 0) {
    throw conflict('admin.stripeCouponDiffers', { id: coupon.id, differences: differences.join('; ') });
  }
}

/** Deletes the coupon in Stripe: new checkouts cannot use it, discounts already given run their course. */
export async function deleteStripeCoupon(stripe: Stripe, couponId: string): Promise<void> {
  try {
    await stripe.coupons.del(couponId);
  } catch (error) {
    // Deleted already (a retried archive), or never created there (made by hand, before decision 122).
    if (isCode(error, 'resource_missing')) return;
    throw failed(DELETE_FAILED, couponId, error);
  }
}
