// Checkout's rules (spec 4, 7, 8, 9): blocked until the email is verified, the session call, the
// redirect, the navigation to the confirmation, a failed start swallowed, the close after 2 s.
import { contextOf, type Rule, type SpecStep, seen } from './rule.ts';

interface CheckoutInputView {
  prices: (string | null | undefined)[];
  emailVerified: boolean;
  route: string;
  couponFromUrl: string | null;
  promoCode: string | null;
  campaign: string | null;
}

/** Spec 4 and 9: the modal closes 2 s after checkout starts. */
const CLOSE_AFTER_CHECKOUT_MS = 2000;
const VERIFY_BEFORE_CHECKOUT = 'Please verify your email before proceeding to checkout';

const input = (step: SpecStep) => step.input as CheckoutInputView;
const is = (type: string) => (step: SpecStep) => step.event.type === type;
const startedCall = (step: SpecStep) => step.started.find((call) => call.name === 'startCheckoutSession');
const ran = (name: string) => (step: SpecStep) =>
  step.ran.includes(name) ? null : `no ${name} (ran ${seen(step.ran)})`;

export const checkoutRules: Rule[] = [
  {
    id: 'spec-4-blocked-until-verified',
    section: '4',
    says: "checkout is blocked until the email is verified: 'Please verify your email before proceeding to checkout'",
    applies: (step) => step.index === 0 && !input(step).emailVerified,
    check: (step) => {
      const error = contextOf<{ error: string | null }>(step.after).error;
      return step.after.status === 'done' && error === VERIFY_BEFORE_CHECKOUT && step.started.length === 0
        ? null
        : `status ${step.after.status}, error ${seen(error)}, started ${seen(step.started.map((c) => c.name))}`;
    },
  },
  {
    id: 'spec-7-attempt-tracked',
    section: '7',
    says: 'a checkout attempt is sent to analytics',
    applies: (step) => step.index === 0 && input(step).emailVerified,
    check: ran('trackCheckoutAttempt'),
  },
  {
    id: 'spec-7-session-call',
    section: '7',
    says: 'the checkout session starts with the prices that exist, the coupon from the address or else the promo code, the campaign or null, and the current path',
    applies: (step) => Boolean(startedCall(step)),
    check: (step) => {
      const given = input(step);
      const expected = {
        prices: given.prices.filter((price) => typeof price === 'string' && price !== ''),
        coupon: given.couponFromUrl || given.promoCode || null,
        campaign: given.campaign ?? null,
        route: given.route,
      };
      const got = startedCall(step)?.input;
      return seen(got) === seen(expected) ? null : `started with ${seen(got)}`;
    },
  },
  {
    id: 'spec-7-redirect',
    section: '7',
    says: "a started checkout sends the browser to the session's url",
    applies: is('xstate.done.actor.startCheckoutSession'),
    check: ran('redirectToCheckout'),
  },
  {
    id: 'spec-4-navigates-to-confirmation',
    section: '4',
    says: 'after checkout starts the app navigates to {current path}/confirmation, the modal still open',
    applies: (step) =>
      is('xstate.done.actor.startCheckoutSession')(step) ||
      is('xstate.error.actor.startCheckoutSession')(step),
    check: (step) =>
      step.ran.includes('navigateToConfirmation') && step.after.status === 'active'
        ? null
        : `status ${step.after.status}, ran ${seen(step.ran)}`,
  },
  {
    id: 'spec-8-failed-start-swallowed',
    section: '8',
    says: 'a failed checkout start is swallowed: no message, no redirect',
    applies: is('xstate.error.actor.startCheckoutSession'),
    check: (step) => {
      const error = contextOf<{ error: string | null }>(step.after).error;
      return error === null && !step.ran.includes('redirectToCheckout')
        ? null
        : `error ${seen(error)}, ran ${seen(step.ran)}`;
    },
  },
  {
    id: 'spec-9-close-after-2s',
    section: '9',
    says: 'the modal closes 2 s after checkout starts, no earlier and no later',
    applies: (step) => step.waited !== null,
    check: (step) =>
      step.waited === CLOSE_AFTER_CHECKOUT_MS && step.after.status === 'done'
        ? null
        : `the flow moved after ${step.waited} ms to status ${step.after.status}`,
  },
  {
    id: 'spec-4-ends-started',
    section: '4',
    says: 'a checkout that was not blocked ends without a message',
    applies: (step) => step.after.status === 'done' && input(step).emailVerified,
    check: (step) => {
      const output = (step.after as unknown as { output?: { error: unknown } }).output;
      return output?.error === null ? null : `output ${seen(output)}`;
    },
  },
];
