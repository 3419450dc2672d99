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
import { and, assign } from 'xstate';
import { accountStep, accountView, signingOut } from './signup-modal.account.ts';
import { alreadyHavePlan, challengeStep, checkingOut, subscriptionStep } from './signup-modal.plans.ts';
import { CLOSED_CONTEXT, preselectable, signupModalSetup } from './signup-modal.setup.ts';

export const signupModalMachine = signupModalSetup.createMachine({
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
        auth: accountStep,
        account: accountView,
        signingOut,
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
        challenge: challengeStep,
        alreadyHavePlan,
        subscription: subscriptionStep,
        checkingOut,
      },
    },
  },
});
