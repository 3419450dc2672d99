// The account step's email screens: check your inbox after signup, and the emailed link's
// verification.
import { and, assign } from 'xstate';
import { authStepSetup } from './auth-step.setup.ts';
import { MODAL_ERRORS, MODAL_NOTICES } from './signup-modal.types.ts';

/** Check your inbox: resend, or look again whether the email is verified. */
export const checkInbox = authStepSetup.createStateConfig({
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
});

/** The emailed link: the verification flow's answer decides where the step goes. */
export const verifyingEmail = authStepSetup.createStateConfig({
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
});
