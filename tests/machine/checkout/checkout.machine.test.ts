import { describe, expect, it } from 'vitest';
import { checkoutAttemptOf, checkoutMachine, couponOf } from '../../../machines/checkout/checkout.machine.ts';
import { type CheckoutInput, VERIFY_BEFORE_CHECKOUT } from '../../../machines/checkout/checkout.types.ts';
import { describeModel } from '../model.ts';

const base: CheckoutInput = {
  prices: ['price_annual', null],
  productId: 'prod_1',
  emailVerified: true,
  route: '/challenge/summer',
  couponFromUrl: 'URL10',
  promoCode: 'PROMO5',
  campaign: 'spring',
};

describeModel('checkout machine', checkoutMachine, {
  samples: {
    'xstate.done.actor.startCheckoutSession': [
      { type: 'xstate.done.actor.startCheckoutSession', output: 'https://pay.example/session' },
    ],
    'xstate.error.actor.startCheckoutSession': [
      { type: 'xstate.error.actor.startCheckoutSession', error: new Error('Forbidden') },
    ],
  },
  inputs: [
    { label: 'verified: ', input: base },
    { label: 'unverified: ', input: { ...base, emailVerified: false } },
  ],
  check: (snapshot, step, effects) => {
    const names = effects.actions.map((action) => action.name);
    if (snapshot.matches('blocked')) {
      expect(snapshot.context.error).toBe(VERIFY_BEFORE_CHECKOUT);
      expect(effects.actors).toEqual([]);
    }
    if (snapshot.matches('starting')) {
      expect(names).toContain('trackCheckoutAttempt');
      expect(effects.actors.at(-1)).toEqual({
        name: 'startCheckoutSession',
        input: { prices: ['price_annual'], coupon: 'URL10', campaign: 'spring', route: '/challenge/summer' },
      });
    }
    if (step.event.type === 'xstate.done.actor.startCheckoutSession')
      expect(names).toContain('redirectToCheckout');
    if (snapshot.matches('confirming')) expect(names).toContain('navigateToConfirmation');
    if (step.event.type === 'xstate.error.actor.startCheckoutSession') {
      expect(snapshot.matches('confirming')).toBe(true);
      expect(names).not.toContain('redirectToCheckout');
    }
  },
});

describe('checkout inputs', () => {
  it('takes the coupon from the URL, else the promo code', () => {
    expect(couponOf({ couponFromUrl: 'URL10', promoCode: 'PROMO5' })).toBe('URL10');
    expect(couponOf({ couponFromUrl: null, promoCode: 'PROMO5' })).toBe('PROMO5');
    expect(couponOf({ couponFromUrl: null, promoCode: null })).toBeNull();
  });

  it('reports the checkout attempt with price, product and coupon', () => {
    expect(checkoutAttemptOf({ ...base, prices: [undefined, 'price_m'], couponFromUrl: null })).toEqual({
      price: 'price_m',
      product: 'prod_1',
      coupon: 'PROMO5',
    });
  });
});
