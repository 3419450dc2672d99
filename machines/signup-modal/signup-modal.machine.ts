/**
 * The stepped sign-up / login modal (spec sections 2, 4 and 8), long-lived at the app root
 * (`systemId: 'signupModal'`), hidden by default.
 *
 * Lifecycle: `modal.open` carries the type (signup by default), the initial step (1 by default),
 * what is on sale and the query parameters. Step 1 is the signup or login form with its
 * reset-password and email-verified sub-views; the session does the signing in and answers with
 * `auth.succeeded` / `auth.failed`. After signup with verification on, the check-your-inbox dialog
 * shows and the flow stops there. After login with verification on and an unverified email, the
 * error 'signup.verifyEmail.error' shows. Otherwise the flow goes to step 2 when a challenge (or a
 * course) is active, else to step 3; a subscriber first meets the already-have-the-plan screen.
 * Step 2 of a course checks out at once (2 steps in all), preselecting the first one-time plan unless
 * one is chosen. Step 3 checks out a selected plan, closes for a subscriber who chose none, and
 * otherwise asks to select one. The back arrow closes the modal on step 1, goes from step 3 to step 2
 * with an active challenge (else to step 1), and otherwise goes back one step.
 *
 * Why it is shaped so: email verification, the upgrade offer and checkout are child machines
 * (invoked with `input` and a `systemId`), each with its own chart and paths; the modal only routes
 * between them. What is on sale comes in with `modal.open`, so each opening sees fresh server data.
 */
import { and, assign, enqueueActions, fromPromise, not, or, setup } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import { isSubscribed, offeredPlans, subscriptionPlanType } from '../../domain/plans.ts';
import { checkoutMachine } from '../checkout/checkout.machine.ts';
import { emailVerificationMachine } from '../email-verification/email-verification.machine.ts';
import type { SessionEvent } from '../session/session.types.ts';
import { upgradeMachine } from '../upgrade/upgrade.machine.ts';
import { MODAL_ERRORS, type SignupModalContext, type SignupModalEvent } from './signup-modal.types.ts';

const CLOSED_CONTEXT: SignupModalContext = {
  modalType: 'signup',
  offer: {
    kind: 'subscription',
    productId: null,
    plans: [],
    annualPlanId: null,
    subscription: { productId: null, plans: [], headerText: null, subText: null, buttonText: null },
    enableEmailVerification: false,
    promoCode: null,
  },
  place: { path: '/', token: null, verified: false, coupon: null, campaign: null },
  openedAt: 0,
  user: null,
  selectedOrder: null,
  error: null,
};

function notProvided(name: string): never {
  throw new Error(`${name} must be provided with .provide()`);
}

export const signupModalMachine = setup({
  types: {
    context: {} as SignupModalContext,
    events: {} as SignupModalEvent,
    // Child ids to their actors, so the screens get typed refs from `snapshot.children`.
    children: {} as { emailVerification: 'emailVerification'; upgrade: 'upgrade'; checkout: 'checkout' },
  },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(async () =>
      notProvided('requestPasswordReset'),
    ),
    resendVerification: fromPromise<void>(async () => notProvided('resendVerification')),
    refreshUser: fromPromise<User>(async () => notProvided('refreshUser')),
    emailVerification: emailVerificationMachine,
    upgrade: upgradeMachine,
    checkout: checkoutMachine,
  },
  actions: {
    contactSupport: () => {},
    showManageSubscription: () => {},
    askSession: enqueueActions(({ context, event, system, enqueue }) => {
      const session = system.get('session');
      let request: SessionEvent | null = null;
      if (event.type === 'auth.submitLogin') {
        request = { type: 'auth.login', email: event.email, password: event.password };
      }
      if (event.type === 'auth.submitSignup') {
        request = {
          type: 'auth.register',
          name: event.name,
          email: event.email,
          password: event.password,
          currentRoute: context.place.path,
          enableEmailVerification: context.offer.enableEmailVerification,
          ...(context.place.locale ? { locale: context.place.locale } : {}),
        };
      }
      if (session && request) enqueue.sendTo(session, request);
    }),
    shareUserWithSession: enqueueActions(({ context, system, enqueue }) => {
      const session = system.get('session');
      if (!session || !context.user) return;
      const handOver: SessionEvent = { type: 'user.received', user: context.user };
      enqueue.sendTo(session, handOver);
    }),
    clearError: assign({ error: null }),
  },
  guards: {
    hasCredentials: ({ event }) =>
      (event.type === 'auth.submitLogin' || event.type === 'auth.submitSignup') &&
      event.email.trim() !== '' &&
      event.password !== '' &&
      (event.type === 'auth.submitLogin' || event.name.trim() !== ''),
    verificationEnabled: ({ context }) => context.offer.enableEmailVerification,
    signedInEmailUnverified: ({ event }) => event.type === 'auth.succeeded' && !event.user.email_verified,
    hasLinkToVerify: ({ context }) => Boolean(context.place.token) || context.place.verified,
    opensOnStep2: ({ event }) => event.type === 'modal.open' && event.step === 2,
    opensOnStep3: ({ event }) => event.type === 'modal.open' && event.step === 3,
    opensOnLogin: ({ context }) => context.modalType === 'login',
    signedIn: ({ context }) => context.user !== null,
    userEmailUnverified: ({ context }) => context.user?.email_verified === false,
    hasActiveChallenge: ({ context }) => context.offer.kind !== 'subscription',
    isCourse: ({ context }) => context.offer.kind === 'course',
    planSelected: ({ context }) => Boolean(context.selectedOrder?.plan),
    productSelected: ({ context }) => Boolean(context.selectedOrder?.sku),
    userSubscribed: ({ context }) => isSubscribed(context.user, new Date(context.openedAt)),
    childFailed: ({ event }) =>
      'output' in event &&
      typeof event.output === 'object' &&
      event.output !== null &&
      'error' in event.output
        ? event.output.error !== null
        : false,
    refreshedEmailVerified: ({ event }) =>
      'output' in event &&
      typeof event.output === 'object' &&
      event.output !== null &&
      'email_verified' in event.output
        ? event.output.email_verified === true
        : false,
    upgradeChosen: ({ event }) =>
      'output' in event && typeof event.output === 'object' && event.output !== null && 'plan' in event.output
        ? event.output.plan !== null
        : false,
  },
}).createMachine({
  id: 'signupModal',
  description: 'The full-screen, stepped sign-up and login modal.',
  meta: {
    guards: {
      hasCredentials: 'The form carries an email and a password (and a name, for signup).',
      verificationEnabled: 'The site setting enableEmailVerification is on.',
      signedInEmailUnverified: "The signed-in user's email is not verified.",
      hasLinkToVerify: 'The address carries a `token` or `verified=true`.',
      opensOnStep2: 'The modal is opened on step 2.',
      opensOnStep3: 'The modal is opened on step 3.',
      opensOnLogin: 'The modal is opened as login.',
      signedIn: 'A member is signed in.',
      userEmailUnverified: "The signed-in member's email is not verified.",
      hasActiveChallenge: 'A challenge or a course is active: the flow has a step 2.',
      isCourse: 'The active product is a course: the flow has 2 steps.',
      planSelected: 'A plan is selected.',
      productSelected: 'A product is selected.',
      userSubscribed:
        "The user has an active subscription, or a native one (subscribed_plan '1', end date not past).",
      childFailed:
        'The child flow ended with an error: email verification failed, or checkout did not start (the email is not verified).',
      refreshedEmailVerified: 'The freshly fetched user has a verified email.',
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
          description: 'Opens with a type (signup by default), a step (1 by default) and what is on sale.',
          actions: assign(({ event }) => ({
            ...CLOSED_CONTEXT,
            modalType: event.modalType ?? 'signup',
            offer: event.offer,
            place: event.place,
            user: event.user,
            openedAt: event.now,
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
      },
      initial: 'entering',
      states: {
        entering: {
          description: 'Chooses the first screen.',
          always: [
            {
              guard: and(['verificationEnabled', 'hasLinkToVerify']),
              target: 'auth.verifyingEmail',
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
              target: 'auth.checkInbox',
              description:
                'A signed-in member whose email is unverified, with verification on: check your inbox.',
            },
            {
              guard: 'signedIn',
              target: 'routing',
              description: 'A signed-in member starts at the plans: there is no account to create.',
            },
            { guard: 'opensOnLogin', target: 'auth.login', description: 'Opened as login.' },
            { target: 'auth.signup', description: 'Opened as signup, on step 1.' },
          ],
        },
        auth: {
          description: 'Step 1: signup or login.',
          // Each step shows only its own errors.
          exit: 'clearError',
          tags: ['step:auth'],
          on: {
            'modal.back': {
              target: '#signupModal.hidden',
              description: 'The back arrow on step 1 closes the modal.',
            },
          },
          initial: 'signup',
          states: {
            signup: {
              description: 'The signup form, with already subscribed and contact support.',
              tags: ['view:signup'],
              on: {
                'auth.switchToLogin': {
                  target: 'login',
                  actions: 'clearError',
                  description: 'Toggle to login.',
                },
                'auth.alreadySubscribed': {
                  target: 'login',
                  actions: 'clearError',
                  description: 'Already subscribed: sign in instead.',
                },
                'auth.contactSupport': {
                  actions: 'contactSupport',
                  description: 'Opens the support contact.',
                },
                'auth.submitSignup': [
                  {
                    guard: 'hasCredentials',
                    target: 'signingUp',
                    actions: ['clearError', 'askSession'],
                    description: 'The session creates the account.',
                  },
                  {
                    actions: assign({ error: MODAL_ERRORS.pleaseEnterEmailAndPassword }),
                    description: "'signup.pleaseEnterEmailAndPassword'.",
                  },
                ],
              },
            },
            login: {
              description: 'The login form.',
              tags: ['view:login'],
              on: {
                'auth.switchToSignup': {
                  target: 'signup',
                  actions: 'clearError',
                  description: 'Toggle to signup.',
                },
                'auth.forgotPassword': {
                  target: 'resetPassword',
                  actions: 'clearError',
                  description: 'Opens the reset-password view.',
                },
                'auth.submitLogin': [
                  {
                    guard: 'hasCredentials',
                    target: 'loggingIn',
                    actions: ['clearError', 'askSession'],
                    description: 'The session signs the member in.',
                  },
                  {
                    actions: assign({ error: MODAL_ERRORS.pleaseEnterEmailAndPassword }),
                    description: "'signup.pleaseEnterEmailAndPassword'.",
                  },
                ],
              },
            },
            signingUp: {
              description: 'Waits for the session to create the account.',
              tags: ['loading', 'view:signup'],
              on: {
                'auth.succeeded': [
                  {
                    guard: 'verificationEnabled',
                    target: 'checkInbox',
                    actions: assign({ user: ({ event }) => event.user }),
                    description: 'Verification on: show check-your-inbox and stop.',
                  },
                  {
                    target: '#signupModal.open.routing',
                    actions: assign({ user: ({ event }) => event.user }),
                    description: 'Verification off: continue to the plans.',
                  },
                ],
                'auth.failed': {
                  target: 'signup',
                  actions: assign({ error: ({ event }) => event.message }),
                  description: "The server's message, shown as sent.",
                },
              },
            },
            loggingIn: {
              description: 'Waits for the session to sign the member in.',
              tags: ['loading', 'view:login'],
              on: {
                'auth.succeeded': [
                  {
                    guard: and(['verificationEnabled', 'signedInEmailUnverified']),
                    target: 'login',
                    actions: [
                      assign({ user: ({ event }) => event.user }),
                      assign({ error: MODAL_ERRORS.verifyEmail }),
                    ],
                    description: "Verification on and the email unverified: 'signup.verifyEmail.error'.",
                  },
                  {
                    target: '#signupModal.open.routing',
                    actions: assign({ user: ({ event }) => event.user }),
                    description: 'Signed in: continue to the plans.',
                  },
                ],
                'auth.failed': {
                  target: 'login',
                  actions: assign({ error: ({ event }) => event.message }),
                  description: "The server's message, shown as sent.",
                },
              },
            },
            resetPassword: {
              description: 'The reset-password view.',
              tags: ['view:resetPassword'],
              on: {
                'auth.backToLogin': { target: 'login', actions: 'clearError', description: 'Back to login.' },
              },
              initial: 'editing',
              states: {
                editing: {
                  description: 'Asks for the email.',
                  on: { 'auth.submitReset': { target: 'sending', description: 'Sends the reset email.' } },
                },
                sending: {
                  description: 'Requests the reset link.',
                  tags: ['loading'],
                  invoke: {
                    id: 'requestPasswordReset',
                    src: 'requestPasswordReset',
                    input: ({ event }) => ({ email: event.type === 'auth.submitReset' ? event.email : '' }),
                    onDone: { target: 'sent', description: 'The link is on its way.' },
                    onError: {
                      target: 'editing',
                      actions: assign({ error: ({ event }) => (event.error as Error).message }),
                      description: "The server's message, shown as sent.",
                    },
                  },
                },
                sent: { description: 'Tells the member to check their email.', tags: ['view:resetSent'] },
              },
            },
            checkInbox: {
              description: 'The check-your-inbox dialog after signup with verification on.',
              tags: ['dialog:checkInbox'],
              initial: 'waiting',
              states: {
                waiting: {
                  description: 'Offers resend and "I\'ve already checked the email".',
                  on: {
                    'verification.resend': {
                      target: 'resending',
                      actions: 'clearError',
                      description: 'Resend.',
                    },
                    'verification.alreadyChecked': {
                      target: 'checking',
                      actions: 'clearError',
                      description: "I've already checked the email.",
                    },
                  },
                },
                resending: {
                  description: 'Sends the verification email again.',
                  tags: ['loading'],
                  invoke: {
                    id: 'resendVerification',
                    src: 'resendVerification',
                    onDone: { target: 'waiting', description: 'Sent again.' },
                    onError: {
                      target: 'waiting',
                      actions: assign({ error: ({ event }) => (event.error as Error).message }),
                      description: "The server's message (e.g. too soon), shown as sent.",
                    },
                  },
                },
                checking: {
                  description: 'Fetches the user to see whether the email is now verified.',
                  tags: ['loading'],
                  invoke: {
                    id: 'refreshUser',
                    src: 'refreshUser',
                    onDone: [
                      {
                        guard: 'refreshedEmailVerified',
                        target: '#signupModal.open.routing',
                        actions: [assign({ user: ({ event }) => event.output }), 'shareUserWithSession'],
                        description: 'Verified: continue to the plans.',
                      },
                      {
                        target: 'waiting',
                        actions: assign({ error: MODAL_ERRORS.verifyEmail }),
                        description: "Still unverified: 'signup.verifyEmail.error'.",
                      },
                    ],
                    onError: {
                      target: 'waiting',
                      actions: assign({ error: ({ event }) => (event.error as Error).message }),
                      description: "The server's message, shown as sent.",
                    },
                  },
                },
              },
            },
            verifyingEmail: {
              description:
                'The verification link: the emailVerification flow runs and shows the verified view.',
              tags: ['view:verifyingEmail'],
              invoke: {
                id: 'emailVerification',
                src: 'emailVerification',
                systemId: 'emailVerification',
                input: ({ context }) => ({
                  token: context.place.token,
                  verified: context.place.verified,
                  enabled: context.offer.enableEmailVerification,
                }),
                onDone: [
                  {
                    guard: and(['childFailed', 'signedIn']),
                    target: '#signupModal.open.routing',
                    description: 'The link did not verify, but a member is signed in: on to the plans.',
                  },
                  {
                    guard: 'childFailed',
                    target: 'login',
                    actions: assign({
                      error: ({ event }) => event.output.error ?? MODAL_ERRORS.emailVerificationFailed,
                    }),
                    description:
                      "The flow's message: 'signup.emailVerificationFailed', or 'signup.emailAlreadyVerified' for a link used before.",
                  },
                  {
                    target: '#signupModal.open.routing',
                    actions: assign({ user: ({ context, event }) => event.output.user ?? context.user }),
                    description: 'Verified: continue to the plans.',
                  },
                ],
              },
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
                actions: 'clearError',
                description: 'A challenge goes on to step 3.',
              },
            ],
            'modal.back': [
              {
                guard: 'signedIn',
                target: '#signupModal.hidden',
                description: 'A signed-in member has no account step to go back to: the modal closes.',
              },
              { guard: 'opensOnLogin', target: 'auth.login', description: 'Back one step, to login.' },
              { target: 'auth.signup', description: 'Back one step, to signup.' },
            ],
          },
        },
        alreadyHavePlan: {
          description: 'Step 3 for a subscriber: the already-have-the-plan screen (the upgrade flow).',
          // Each step shows only its own errors.
          exit: 'clearError',
          tags: ['step:plans', 'screen:alreadyHavePlan'],
          invoke: {
            id: 'upgrade',
            src: 'upgrade',
            systemId: 'upgrade',
            input: ({ context }) => ({
              planType: subscriptionPlanType(context.user),
              annualPlanId: context.offer.annualPlanId,
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
              target: '#signupModal.hidden',
              description:
                'A subscriber is signed in and has no account step to go back to: the modal closes.',
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
              {
                guard: 'signedIn',
                target: '#signupModal.hidden',
                description: 'A signed-in member has no account step to go back to: the modal closes.',
              },
              { guard: 'opensOnLogin', target: 'auth.login', description: 'Back to step 1 (login).' },
              { target: 'auth.signup', description: 'Back to step 1 (signup).' },
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
              prices: [context.selectedOrder?.plan],
              productId: context.selectedOrder?.sku ?? context.offer.productId,
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
                description: 'Blocked (email not verified): back to the course step with the message.',
              },
              {
                guard: 'childFailed',
                target: 'subscription',
                actions: assign({ error: ({ event }) => event.output.error }),
                description: 'Blocked (email not verified): back to the plans with the message.',
              },
              { target: '#signupModal.hidden', description: 'Checkout has started: the modal closes.' },
            ],
          },
        },
      },
    },
  },
});
