import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor } from 'xstate';
import { checkoutAttemptOf, checkoutMachine, couponOf } from '../../../machines/checkout/checkout.machine.ts';
import { type CheckoutInput, VERIFY_BEFORE_CHECKOUT } from '../../../machines/checkout/checkout.types.ts';
import { checkoutRules } from '../../spec/checkout.rules.ts';
import { RULES } from '../../spec/oracle.ts';
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

/** Whether the path replayed so far had the session call answer with a url. */
let sessionStarted = false;

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
  check: (snapshot, step, effects, previous) => {
    const names = effects.actions.map((action) => action.name);
    if (previous === undefined) sessionStarted = false;
    if (step.event.type === 'xstate.done.actor.startCheckoutSession') sessionStarted = true;
    // The modal shows 'redirecting' from the session call until it closes: the flow is busy all along,
    // and only a flow that ends with a message is in error.
    expect(snapshot.hasTag('loading')).toBe(snapshot.status === 'active');
    expect(snapshot.hasTag('error')).toBe(snapshot.context.error !== null);
    // The flow reports a started checkout only once the session call gave a url; a blocked or a
    // failed start (swallowed, spec 8) is not one.
    if (snapshot.status === 'done') {
      expect(snapshot.output).toEqual({
        started: sessionStarted,
        error: step.state.context.emailVerified ? null : VERIFY_BEFORE_CHECKOUT,
      });
    }
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

describe('checkout wiring', () => {
  it("is judged by the spec's checkout rules: the rules are found by the machine's id", () => {
    expect(RULES[checkoutMachine.id]).toBe(checkoutRules);
  });

  it('fails loudly, naming the session call, when the app does not provide it', async () => {
    const placeholder = checkoutMachine.implementations.actors.startCheckoutSession as AnyActorLogic;
    const actor = createActor(placeholder, {
      input: { prices: ['price_annual'], coupon: null, campaign: null, route: '/' },
    });
    const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(String(await failed)).toMatch(/startCheckoutSession must be provided/);
  });
});
