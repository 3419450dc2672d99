// What the admin API sends Stripe for a coupon, and how it tells a coupon Stripe already has from
// ours: the terms a member is charged by, compared one by one; the idempotency key fixed by the terms.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { couponId } from '../../../server/admin/coupons.ts';
import {
  couponIdempotencyKey,
  type StripeCouponSource,
  stripeCouponParams,
  termDifferences,
} from '../../../server/payments/stripe-coupons.ts';

const percent: StripeCouponSource = {
  id: 'coupon_x',
  trainerId: 'coach',
  code: 'Spring20',
  percentOff: 20,
  amountOff: null,
  currency: null,
  duration: 'repeating',
  durationInMonths: 3,
};
const amount: StripeCouponSource = {
  ...percent,
  percentOff: null,
  amountOff: 550,
  currency: 'eur',
  duration: 'once',
  durationInMonths: null,
};

const asStripe = (params: Stripe.CouponCreateParams) =>
  ({
    id: params.id,
    percent_off: params.percent_off ?? null,
    amount_off: params.amount_off ?? null,
    currency: params.currency ?? null,
    duration: params.duration,
    duration_in_months: params.duration_in_months ?? null,
  }) as Stripe.Coupon;

describe('a coupon as Stripe gets it', () => {
  it('carries a percentage, or an amount in its currency, with the duration and the code as name', () => {
    expect(stripeCouponParams(percent)).toEqual({
      id: 'coupon_x',
      name: 'Spring20',
      duration: 'repeating',
      duration_in_months: 3,
      percent_off: 20,
      metadata: { trainerId: 'coach', code: 'Spring20' },
    });
    expect(stripeCouponParams(amount)).toMatchObject({ amount_off: 550, currency: 'eur', duration: 'once' });
    expect(stripeCouponParams(amount)).not.toHaveProperty('percent_off');
    expect(stripeCouponParams(amount)).not.toHaveProperty('duration_in_months');
  });

  it('agrees with the Stripe coupon made from it, in any currency case', () => {
    expect(termDifferences(percent, asStripe(stripeCouponParams(percent)))).toEqual([]);
    const upper = { ...asStripe(stripeCouponParams(amount)), currency: 'EUR' } as Stripe.Coupon;
    expect(termDifferences(amount, upper)).toEqual([]);
  });

  it('names each term Stripe has otherwise', () => {
    const theirs = {
      ...asStripe(stripeCouponParams(percent)),
      percent_off: 25,
      duration: 'forever',
      duration_in_months: null,
    } as Stripe.Coupon;
    expect(termDifferences(percent, theirs)).toEqual([
      'percent_off 25 in Stripe, 20 here',
      'duration forever in Stripe, repeating here',
      'duration_in_months none in Stripe, 3 here',
    ]);
    expect(termDifferences(amount, asStripe(stripeCouponParams(percent)))).toHaveLength(5);
  });

  it('keys a create by the id and the terms: the same coupon the same key, other terms another', () => {
    const key = couponIdempotencyKey(stripeCouponParams(percent));
    expect(key).toMatch(/^coupon-coupon_x-[\w-]{16}$/);
    expect(couponIdempotencyKey(stripeCouponParams({ ...percent }))).toBe(key);
    expect(couponIdempotencyKey(stripeCouponParams({ ...percent, percentOff: 21 }))).not.toBe(key);
  });

  it('draws the coupon’s id from its trainer and code, whatever the code’s case', () => {
    expect(couponId('coach', 'Spring20')).toBe(couponId('coach', 'SPRING20'));
    expect(couponId('coach', 'Spring20')).not.toBe(couponId('other', 'Spring20'));
    expect(couponId('coach', 'Spring20')).toMatch(/^coupon_[\w-]{16}$/);
  });
});
