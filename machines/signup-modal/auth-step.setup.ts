// What the account step's chart is built from: its children, actions and guards. The chart
// (auth-step.machine.ts) and its email screens (auth-step.email.ts) are typed by this one setup.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import { emailVerificationMachine } from '../email-verification/email-verification.machine.ts';
import { notProvided } from '../not-provided.ts';
import type { SessionEvent } from '../session/session.types.ts';
import { childFailed, outputOf, signedIn, verificationEnabled } from './signup-modal.guards.ts';
import type { AuthStepContext, AuthStepEvent, AuthStepInput } from './signup-modal.types.ts';

export const authStepSetup = setup({
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
});
