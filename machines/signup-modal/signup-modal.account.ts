// Step 1 of the signup modal: the account step (its own machine) for a visitor, the account view for
// a signed-in member, and the wait while the session signs a member out.
import { and, assign, forwardTo } from 'xstate';
import { signupModalSetup } from './signup-modal.setup.ts';
import { MODAL_ERRORS } from './signup-modal.types.ts';

/** Step 1 for a visitor: the account step's machine runs; the modal keeps the member it reports. */
export const accountStep = signupModalSetup.createStateConfig({
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
});

/** Step 1 for a signed-in member: who is signed in, Continue, 'Not you? Log out'. */
export const accountView = signupModalSetup.createStateConfig({
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
});

/** Step 1: waits for the session to sign the member out. */
export const signingOut = signupModalSetup.createStateConfig({
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
});
