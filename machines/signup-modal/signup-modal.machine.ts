/**
 * The stepped sign-up / login modal (spec sections 2, 4 and 8), long-lived at the app root
 * (`systemId: 'signupModal'`), hidden by default.
 *
 * Lifecycle: `modal.open` carries the type (signup by default), the initial step (1 by default),
 * what is on sale, the query parameters and the time. Step 1 is its own machine for a visitor, the
 * account step (`authStep`: signup, login, reset password, check your inbox, the verification link);
 * for a signed-in member it is the account view (who is signed in, Continue, 'Not you? Log out'),
 * which the modal skips on opening and the back arrow leads to. Then the flow goes to step 2 when a
 * challenge (or a course) is active, else to step 3; a subscriber first meets the
 * already-have-the-plan screen. Step 2 of a course shows its first one-time plan selected and checks
 * out (2 steps in all). Step 3 checks out a selected plan, closes for a subscriber who chose none,
 * and otherwise asks to select one. Checkout is the member's (it carries their token): step 1 ends
 * only with a member, and a visitor who reached the plans otherwise (a modal opened on a later step)
 * is sent to step 1 to sign up or log in first, never told to verify an email (decision 135). The
 * back arrow closes the modal on step 1, goes from step 3 to step 2 with an active challenge, and
 * otherwise goes back one step, for a visitor and a member alike. Each step shows only its own errors.
 *
 * Why it is shaped so: each step with a flow of its own is a child machine (the account step, the
 * upgrade offer, checkout), invoked with `input`, each with its own chart and paths; the modal only
 * routes between steps. What is on sale comes in with `modal.open`, so each opening sees fresh data.
 */
import { and, assign, enqueueActions, forwardTo, not, or, setup } from 'xstate';
import { annualPlanOf, isSubscribed, offeredPlans, subscriptionPlanType } from '../../domain/plans.ts';
import { checkoutMachine } from '../checkout/checkout.machine.ts';
import { upgradeMachine } from '../upgrade/upgrade.machine.ts';
import { authStepMachine } from './auth-step.machine.ts';
import { childFailed, outputOf, signedIn, verificationEnabled } from './signup-modal.guards.ts';
import {
  MODAL_ERRORS,
  type Offer,
  type Place,
  type SignupModalContext,
  type SignupModalEvent,
} from './signup-modal.types.ts';

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

const CLOSED_CONTEXT: SignupModalContext = {
  modalType: 'signup',
  offer: {
    kind: 'subscription',
    productId: null,
    plans: [],
    subscription: { productId: null, plans: [], headerText: null, subText: null, buttonText: null },
    enableEmailVerification: false,
    promoCode: null,
  },
  place: { path: '/', token: null, verified: false, coupon: null, campaign: null },
  openedAt: 0,
  authStart: 'form',
  user: null,
  selectedOrder: null,
  preselectedPlan: null,
  error: null,
};

/** The address's plan when the membership sells it on a page with no challenge; else none. */
function preselectable(offer: Offer, place: Place): string | null {
  const plan = place.plan;
  if (!plan || offer.kind !== 'subscription') return null;
  return offeredPlans(offer.subscription.plans, false).some((p) => p.id === plan) ? plan : null;
}

export const signupModalMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as SignupModalContext,
    events: {} as SignupModalEvent,
    // Child ids to their actors, so the screens get typed refs from `snapshot.children`.
    children: {} as { authStep: 'authStep'; upgrade: 'upgrade'; checkout: 'checkout' },
  },
  actors: {
    authStep: authStepMachine,
    upgrade: upgradeMachine,
    checkout: checkoutMachine,
  },
  actions: {
    showManageSubscription: () => {},
    startWithForm: assign({ authStart: 'form' as const }),
    clearError: assign({ error: null }),
    selectPreselectedPlan: assign({
      selectedOrder: ({ context }) =>
        context.preselectedPlan
          ? { sku: context.offer.subscription.productId, plan: context.preselectedPlan }
          : context.selectedOrder,
    }),
    askSessionToSignOut: enqueueActions(({ system, enqueue }) => {
      const session = system.get('session');
      if (session) enqueue.sendTo(session, { type: 'auth.logoutInModal' });
    }),
  },
  guards: {
    verificationEnabled,
    hasLinkToVerify: ({ context }) => Boolean(context.place.token) || context.place.verified,
    opensOnStep2: ({ event }) => event.type === 'modal.open' && event.step === 2,
    opensOnStep3: ({ event }) => event.type === 'modal.open' && event.step === 3,
    signedIn,
    // Stryker disable next-line OptionalChaining: asked only with a member (after signedIn, or on the account view).
    userEmailUnverified: ({ context }) => context.user?.email_verified === false,
    hasActiveChallenge: ({ context }) => context.offer.kind !== 'subscription',
    isCourse: ({ context }) => context.offer.kind === 'course',
    planSelected: ({ context }) => Boolean(context.selectedOrder?.plan),
    planPreselected: ({ context }) => context.preselectedPlan !== null,
    productSelected: ({ context }) => Boolean(context.selectedOrder?.sku),
    userSubscribed: ({ context }) => isSubscribed(context.user, new Date(context.openedAt)),
    childFailed,
    // Stryker disable next-line OptionalChaining: asked only on the upgrade's end, whose output is always a record.
    upgradeChosen: ({ event }) => Boolean(outputOf(event)?.plan),
  },
}).createMachine({
  id: 'signupModal',
  description: 'The full-screen, stepped sign-up and login modal.',
  meta: {
    guards: {
      verificationEnabled: 'The site setting enableEmailVerification is on.',
      hasLinkToVerify: 'The address carries a `token` or `verified=true`.',
      opensOnStep2: 'The modal is opened on step 2.',
      opensOnStep3: 'The modal is opened on step 3.',
      signedIn: 'A member is signed in.',
      userEmailUnverified: "The signed-in member's email is not verified.",
      hasActiveChallenge: 'A challenge or a course is active: the flow has a step 2.',
      isCourse: 'The active product is a course: the flow has 2 steps.',
      planSelected: 'A plan is selected.',
      planPreselected:
        'The address names a plan (`plan`) the membership sells: the visitor chose it before the modal opened.',
      productSelected: 'A product is selected.',
      userSubscribed:
        "The user has an active subscription, or a native one (subscribed_plan '1', end date not past).",
      childFailed:
        'The child flow ended with an error: email verification failed, or checkout did not start (the email is not verified).',
      upgradeChosen: 'The member chose to upgrade to the annual plan.',
    },
    delays: {},
  },
  context: CLOSED_CONTEXT,
  initial: 'hidden',
  states: {
    hidden: {
      description: 'The modal is closed (the default).',
      on: {
        'modal.open': {
          target: 'open',
          description:
            'Opens with a type (signup by default), a step (1 by default), what is on sale and the plan the address names.',
          actions: assign(({ event }) => ({
            ...CLOSED_CONTEXT,
            modalType: event.modalType ?? 'signup',
            offer: event.offer,
            place: event.place,
            user: event.user,
            openedAt: event.now,
            preselectedPlan: preselectable(event.offer, event.place),
          })),
        },
      },
    },
    open: {
      description: 'The modal is showing, full screen.',
      tags: ['modal:open'],
      on: {
        'modal.close': { target: 'hidden', description: 'The member closes the modal.' },
        'auth.succeeded': {
          description: 'The session reports a newer user.',
          actions: assign({ user: ({ event }) => event.user }),
        },
        'member.signedOut': {
          target: 'hidden',
          description:
            'The member was signed out elsewhere (a call answered 401): the modal closes, and the selected order with it.',
        },
      },
      initial: 'entering',
      states: {
        entering: {
          description: 'Chooses the first screen.',
          always: [
            {
              guard: and(['verificationEnabled', 'hasLinkToVerify']),
              target: 'auth',
              actions: assign({ authStart: 'verifyingEmail' }),
              description: 'A verification link (`token` or `verified=true`) with verification on.',
            },
            { guard: 'opensOnStep3', target: 'routing', description: 'Opened on step 3.' },
            {
              guard: and(['opensOnStep2', 'hasActiveChallenge']),
              target: 'challenge',
              description: 'Opened on step 2 with an active challenge.',
            },
            {
              guard: and(['signedIn', 'verificationEnabled', 'userEmailUnverified']),
              target: 'auth',
              actions: assign({ authStart: 'checkInbox' }),
              description:
                'A signed-in member whose email is unverified, with verification on: check your inbox.',
            },
            {
              guard: 'signedIn',
              target: 'routing',
              description: 'A signed-in member starts at the plans: there is no account to create.',
            },
            {
              target: 'auth',
              // Stryker disable next-line StringLiteral: opening has just reset the context to the form.
              actions: 'startWithForm',
              description: 'Step 1, on the form the modal opened as (signup or login).',
            },
          ],
        },
        auth: {
          description:
            'Step 1: the account step (its own machine): signup, login, reset password, check your inbox, the verification link.',
          tags: ['step:auth'],
          invoke: {
            id: 'authStep',
            src: 'authStep',
            input: ({ context }) => ({
              modalType: context.modalType,
              start: context.authStart,
              offer: context.offer,
              place: context.place,
              user: context.user,
            }),
            onDone: {
              target: 'routing',
              description: 'The member may go on: to the plans.',
              actions: assign({ user: ({ context, event }) => event.output.user ?? context.user }),
            },
          },
          on: {
            'modal.back': {
              target: '#signupModal.hidden',
              description: 'The back arrow on step 1 closes the modal.',
            },
            'auth.succeeded': {
              description: "The session's answer goes to the account step, and the modal keeps the member.",
              actions: [assign({ user: ({ event }) => event.user }), forwardTo('authStep')],
            },
            'auth.failed': {
              description: "The session's answer goes to the account step.",
              actions: forwardTo('authStep'),
            },
          },
        },
        account: {
          description:
            "Step 1 for a signed-in member: the account view, who is signed in, with Continue and 'Not you? Log out'.",
          // Each step shows only its own errors.
          exit: 'clearError',
          tags: ['step:auth', 'view:account'],
          on: {
            'account.continue': [
              {
                guard: and(['verificationEnabled', 'userEmailUnverified']),
                actions: assign({ error: MODAL_ERRORS.verifyEmail }),
                description:
                  "As after a login: verification on and the email unverified, 'signup.verifyEmail.error'.",
              },
              { target: 'routing', description: 'As after a login: on to the plans.' },
            ],
            'account.logout': {
              target: 'signingOut',
              actions: 'askSessionToSignOut',
              description: "'Not you? Log out': the session signs the member out, here rather than Home.",
            },
            'modal.back': {
              target: '#signupModal.hidden',
              description: 'The back arrow on step 1 closes the modal.',
            },
          },
        },
        signingOut: {
          description: 'Step 1: waits for the session to sign the member out.',
          tags: ['step:auth', 'view:account', 'loading'],
          on: {
            'member.signedOut': {
              target: 'auth',
              actions: [assign({ user: null, selectedOrder: null }), 'startWithForm'],
              description:
                'Signed out, the selected order gone with the member (spec 4); step 1 shows the form the modal opened as.',
            },
          },
        },
        routing: {
          description: 'Chooses the plans step for who the member is.',
          always: [
            {
              guard: 'hasActiveChallenge',
              target: 'challenge',
              description: 'Step 2 with an active challenge.',
            },
            {
              guard: 'userSubscribed',
              target: 'alreadyHavePlan',
              description: 'A subscriber first sees the already-have-the-plan screen.',
            },
            {
              guard: 'planPreselected',
              target: 'subscription',
              actions: 'selectPreselectedPlan',
              description:
                'Step 3 with the plan chosen before the modal opened selected: Checkout pays for it, nothing to choose again.',
            },
            { target: 'subscription', description: 'Step 3.' },
          ],
        },
        challenge: {
          description:
            'Step 2: the challenge (or course) plan cards and Next Step; a course shows its first one-time plan selected.',
          // The member sees what Next Step buys, and can choose another card.
          entry: assign({
            selectedOrder: ({ context }) => {
              const first = offeredPlans(context.offer.plans, true)[0];
              if (context.selectedOrder || context.offer.kind !== 'course' || !first)
                return context.selectedOrder;
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
        },
        alreadyHavePlan: {
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
        },
        subscription: {
          description:
            "Step 3: the subscription plan cards and Checkout ('Continue' for a native subscriber).",
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
        },
        checkingOut: {
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
                description:
                  "Blocked (the member's email not verified): back to the course step with the message.",
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
        },
      },
    },
  },
});
