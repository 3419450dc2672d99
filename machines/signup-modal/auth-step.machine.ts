/**
 * Step 1 of the signup modal, the account step (spec sections 2, 4 and 8), invoked by the modal as
 * `authStep` with what it knows when the step begins.
 *
 * Lifecycle: it starts on the signup or login form, on check-your-inbox (a signed-in member whose
 * email is unverified, on a site that verifies emails), or on the emailed link's verification. The
 * session does the signing in and answers with `auth.succeeded` / `auth.failed`, which the modal
 * passes on. After signup with verification on, check-your-inbox shows and the step waits there;
 * after login with verification on and an unverified email, 'signup.verifyEmail.error' shows. The
 * step ends (`done`) with the member once they may go on to the plans, and only with a member: a
 * `verified=true` address says the email is verified, not who is asking, so its verified view leads
 * a visitor to the login form, saying so (decision 135).
 *
 * Why it is shaped so: the account forms are a flow of their own, with their own chart and paths,
 * as the other steps' children (upgrade, checkout) are; the modal only routes between steps.
 */
import { and, assign, enqueueActions, fromPromise, setup } from 'xstate';

import type { User } from '../../domain/api-types.ts';
import { emailVerificationMachine } from '../email-verification/email-verification.machine.ts';
import { notProvided } from '../not-provided.ts';
import type { SessionEvent } from '../session/session.types.ts';
import { childFailed, outputOf, signedIn, verificationEnabled } from './signup-modal.guards.ts';
import {
  type AuthStepContext,
  type AuthStepEvent,
  type AuthStepInput,
  MODAL_ERRORS,
  MODAL_NOTICES,
} from './signup-modal.types.ts';

export const authStepMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as AuthStepContext,
    events: {} as AuthStepEvent,
    input: {} as AuthStepInput,
    output: {} as { user: User | null },
    children: {} as { emailVerification: 'emailVerification' },
  },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(async () =>
      notProvided('requestPasswordReset'),
    ),
    resendVerification: fromPromise<void>(async () => notProvided('resendVerification')),
    refreshUser: fromPromise<User>(async () => notProvided('refreshUser')),
    emailVerification: emailVerificationMachine,
  },
  actions: {
    contactSupport: () => {},
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
          // The emailed link returns here with the plan the visitor chose (decision 114).
          currentRoute: context.place.plan
            ? `${context.place.path}?plan=${encodeURIComponent(context.place.plan)}`
            : context.place.path,
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
    forgetNotice: assign({ notice: null }),
  },
  guards: {
    hasCredentials: ({ event }) =>
      (event.type === 'auth.submitLogin' || event.type === 'auth.submitSignup') &&
      event.email.trim() !== '' &&
      event.password !== '' &&
      (event.type === 'auth.submitLogin' || event.name.trim() !== ''),
    verificationEnabled,
    signedInEmailUnverified: ({ event }) => event.type === 'auth.succeeded' && !event.user.email_verified,
    signedIn,
    startsWithLink: ({ context }) => context.start === 'verifyingEmail',
    startsWithInbox: ({ context }) => context.start === 'checkInbox',
    opensAsLogin: ({ context }) => context.modalType === 'login',
    childFailed,
    // Stryker disable next-line OptionalChaining: asked only on refreshUser's end, whose output is the user.
    refreshedEmailVerified: ({ event }) => outputOf(event)?.email_verified === true,
    // Stryker disable next-line OptionalChaining: asked only on the verification's end, whose output is always a record.
    verifiedNobody: ({ context, event }) => context.user === null && !outputOf(event)?.user,
  },
}).createMachine({
  id: 'authStep',
  description: 'Step 1 of the modal: signup, login, reset password, check your inbox, the verification link.',
  meta: {
    guards: {
      hasCredentials: 'The form carries an email and a password (and a name, for signup).',
      verificationEnabled: 'The site setting enableEmailVerification is on.',
      signedInEmailUnverified: "The signed-in user's email is not verified.",
      signedIn: 'A member is signed in.',
      startsWithLink: 'The modal opened with a verification link.',
      startsWithInbox: 'A signed-in member whose email is unverified, on a site that verifies emails.',
      opensAsLogin: 'The modal opened as login.',
      childFailed: 'The verification flow ended with an error.',
      refreshedEmailVerified: 'The refreshed user has a verified email.',
      verifiedNobody:
        'Nobody is signed in and the verification signed nobody in: `verified=true` names no member.',
    },
    delays: {},
  },
  context: ({ input }) => ({ ...input, error: null, notice: null }),
  output: ({ context }) => ({ user: context.user }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Chooses the first screen of the step.',
      always: [
        { guard: 'startsWithLink', target: 'verifyingEmail', description: 'A verification link.' },
        { guard: 'startsWithInbox', target: 'checkInbox', description: 'Check your inbox.' },
        { guard: 'opensAsLogin', target: 'login', description: 'The login form.' },
        { target: 'signup', description: 'The signup form.' },
      ],
    },
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
          // A new account is not the one the verified view spoke of.
          actions: ['clearError', 'forgetNotice'],
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
            target: '#authStep.done',
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
              // This account's email is not verified: no line saying it is stands beside the error.
              assign({ error: MODAL_ERRORS.verifyEmail, notice: null }),
            ],
            description: "Verification on and the email unverified: 'signup.verifyEmail.error'.",
          },
          {
            target: '#authStep.done',
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
                target: '#authStep.done',
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
      description: 'The verification link: the emailVerification flow runs and shows the verified view.',
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
            target: '#authStep.done',
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
            guard: 'verifiedNobody',
            target: 'login',
            actions: assign({ notice: MODAL_NOTICES.emailVerifiedLogIn }),
            description:
              'Verified, but nobody is signed in: the login form, saying the email is verified; the plans and checkout need the member.',
          },
          {
            target: '#authStep.done',
            actions: assign({ user: ({ context, event }) => event.output.user ?? context.user }),
            description: 'Verified: continue to the plans.',
          },
        ],
      },
    },
    done: {
      type: 'final',
      description: 'The member may go on to the plans.',
    },
  },
});
