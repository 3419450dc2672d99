// Steps 2 and 3 of the signup modal: the challenge's (or course's) plans, the already-have-the-plan
// screen, the subscription plans, and the checkout they end in.
import { and, assign, not, or } from 'xstate';
import { annualPlanOf, offeredPlans, subscriptionPlanType } from '../../domain/plans.ts';
import { signupModalSetup } from './signup-modal.setup.ts';
import { MODAL_ERRORS } from './signup-modal.types.ts';

/** The back arrow on the first plans step: step 1 is the account view for a signed-in member. */
const BACK_TO_STEP_1 = [
  {
    guard: 'signedIn',
    target: 'account',
    description: 'Back to step 1: the account view, who is signed in.',
  },
  {
    target: 'auth',
    actions: { type: 'startWithForm' },
    description: 'Back to step 1, on the form the modal opened as (signup or login).',
  },
] as const;

/** Next with a plan chosen, for a visitor: checkout needs a member, so step 1 first, the plan kept. */
const SIGN_IN_BEFORE_CHECKOUT = {
  target: 'auth',
  actions: { type: 'startWithForm' },
  description:
    'A visitor (the modal opened on a later step) signs up or logs in on step 1 first; the chosen plan stays selected.',
} as const;

/** Step 2: the challenge's (or course's) plan cards. */
export const challengeStep = signupModalSetup.createStateConfig({
  description:
    'Step 2: the challenge (or course) plan cards and Next Step; a course shows its first one-time plan selected.',
  // The member sees what Next Step buys, and can choose another card.
  entry: assign({
    selectedOrder: ({ context }) => {
      const first = offeredPlans(context.offer.plans, true)[0];
      if (context.selectedOrder || context.offer.kind !== 'course' || !first) return context.selectedOrder;
      return { sku: context.offer.productId, plan: first.id };
    },
  }),
  // Each step shows only its own errors.
  exit: 'clearError',
  tags: ['step:challenge'],
  on: {
    'plan.select': {
      actions: [
        assign({ selectedOrder: ({ event }) => ({ sku: event.sku, plan: event.plan }), error: null }),
      ],
      description: 'Selects a plan card.',
    },
    'plans.next': [
      { guard: and(['isCourse', 'planSelected', not('signedIn')]), ...SIGN_IN_BEFORE_CHECKOUT },
      {
        guard: and(['isCourse', 'planSelected']),
        target: 'checkingOut',
        description: 'A course with a chosen plan checks out at once.',
      },
      {
        guard: 'isCourse',
        actions: assign({ error: MODAL_ERRORS.pleaseSelectSubscription }),
        description: "A course with nothing to buy: 'signup.pleaseSelectSubscription'.",
      },
      {
        target: 'subscription',
        // Stryker disable next-line StringLiteral: leaving step 2 clears the error anyway (its exit).
        actions: 'clearError',
        description: 'A challenge goes on to step 3.',
      },
    ],
    'modal.back': [...BACK_TO_STEP_1],
  },
});

/** Step 3 for a subscriber: the upgrade offer first. */
export const alreadyHavePlan = signupModalSetup.createStateConfig({
  description: 'Step 3 for a subscriber: the already-have-the-plan screen (the upgrade flow).',
  // Each step shows only its own errors.
  // Stryker disable next-line StringLiteral: no error is set on this screen or carried into it (every way in clears it).
  exit: 'clearError',
  tags: ['step:plans', 'screen:alreadyHavePlan'],
  invoke: {
    id: 'upgrade',
    src: 'upgrade',
    systemId: 'upgrade',
    input: ({ context }) => ({
      planType: subscriptionPlanType(context.user),
      annualPlanId: annualPlanOf(context.offer.subscription.plans)?.id ?? null,
    }),
    onDone: [
      {
        guard: 'upgradeChosen',
        target: 'checkingOut',
        actions: assign({
          selectedOrder: ({ context, event }) => ({
            sku: context.offer.productId,
            plan: event.output.plan,
          }),
        }),
        description: 'Upgrade: the annual plan is selected and checked out.',
      },
      { target: 'subscription', description: 'Continue: on to the plans.' },
    ],
  },
  on: {
    // Only reached without an active challenge, so there is no step 2 to go back to.
    'modal.back': {
      target: 'account',
      description: 'Back to step 1: a subscriber is signed in, so the account view.',
    },
  },
});

/** Step 3: the subscription plan cards. */
export const subscriptionStep = signupModalSetup.createStateConfig({
  description: "Step 3: the subscription plan cards and Checkout ('Continue' for a native subscriber).",
  // Each step shows only its own errors.
  exit: 'clearError',
  tags: ['step:plans'],
  on: {
    'plan.select': {
      actions: assign({
        selectedOrder: ({ event }) => ({ sku: event.sku, plan: event.plan }),
        error: null,
      }),
      description: 'Selects a plan card.',
    },
    'plans.next': [
      { guard: and(['planSelected', not('signedIn')]), ...SIGN_IN_BEFORE_CHECKOUT },
      {
        guard: or(['planSelected', and(['productSelected', 'userSubscribed'])]),
        target: 'checkingOut',
        description: 'A plan is selected, or a product for a subscriber: checkout.',
      },
      {
        guard: and(['userSubscribed', not('planSelected')]),
        target: '#signupModal.hidden',
        description: 'A subscriber who chose nothing: the modal closes.',
      },
      {
        actions: assign({ error: MODAL_ERRORS.pleaseSelectSubscription }),
        description: "'signup.pleaseSelectSubscription'.",
      },
    ],
    'plans.manageSubscription': {
      target: '#signupModal.hidden',
      actions: 'showManageSubscription',
      description:
        "A subscriber follows 'Manage your subscription': the modal closes on the profile's subscription page.",
    },
    'modal.back': [
      { guard: 'hasActiveChallenge', target: 'challenge', description: 'Back to step 2.' },
      ...BACK_TO_STEP_1,
    ],
  },
});

/** Checkout, the end of every path that buys. */
export const checkingOut = signupModalSetup.createStateConfig({
  description: 'The checkout flow runs: start, redirect, confirmation, close after 2 s.',
  tags: ['loading'],
  invoke: {
    id: 'checkout',
    src: 'checkout',
    systemId: 'checkout',
    input: ({ context }) => ({
      // Stryker disable next-line OptionalChaining: checkout starts only with an order selected.
      prices: [context.selectedOrder?.plan],
      // Stryker disable next-line OptionalChaining: checkout starts only with an order selected.
      productId: context.selectedOrder?.sku ?? context.offer.productId,
      // Stryker disable next-line OptionalChaining: checkout starts only with a member (SIGN_IN_BEFORE_CHECKOUT).
      emailVerified: !context.offer.enableEmailVerification || context.user?.email_verified === true,
      route: context.place.path,
      couponFromUrl: context.place.coupon,
      promoCode: context.offer.promoCode,
      campaign: context.place.campaign,
    }),
    onDone: [
      {
        guard: and(['isCourse', 'childFailed']),
        target: 'challenge',
        actions: assign({ error: ({ event }) => event.output.error }),
        description: "Blocked (the member's email not verified): back to the course step with the message.",
      },
      {
        guard: 'childFailed',
        target: 'subscription',
        actions: assign({ error: ({ event }) => event.output.error }),
        description: "Blocked (the member's email not verified): back to the plans with the message.",
      },
      { target: '#signupModal.hidden', description: 'Checkout has started: the modal closes.' },
    ],
  },
});
