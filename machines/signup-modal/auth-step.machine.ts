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
import { and, assign } from 'xstate';
import { checkInbox, verifyingEmail } from './auth-step.email.ts';
import { authStepSetup } from './auth-step.setup.ts';
import { MODAL_ERRORS } from './signup-modal.types.ts';

export const authStepMachine = authStepSetup.createMachine({
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
    checkInbox,
    verifyingEmail,
    done: {
      type: 'final',
      description: 'The member may go on to the plans.',
    },
  },
});
