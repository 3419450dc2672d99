/**
 * Email verification from the emailed link (spec sections 2 and 4), invoked by the signup modal
 * (`systemId: 'emailVerification'`) with the query parameters as input.
 *
 * Lifecycle: with verification on and a `token`, the user is fetched with that single-purpose token
 * (the server answers with the user and a fresh session token), then marked `email_verified: true`
 * with an update call. The verified view shows, and the flow continues after 3 s
 * (`continueAfterVerified`). With `verified=true` only the view shows. A failure at either call ends
 * with 'signup.emailVerificationFailed'; with verification off, or nothing to verify, the flow ends
 * at once.
 *
 * Why it is shaped so: the two calls are separate states so a failure is attributed and QA can
 * replay each one; the verified user is handed to the session (`user.received`) because the session
 * owns the signed-in user.
 */
import { and, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import { notProvided } from '../not-provided.ts';
import { RequestError, type SessionEvent } from '../session/session.types.ts';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_VERIFICATION_FAILED,
  type EmailVerificationContext,
  type EmailVerificationEvent,
  type EmailVerificationInput,
  type EmailVerificationOutput,
} from './email-verification.types.ts';

export const emailVerificationMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as EmailVerificationContext,
    events: {} as EmailVerificationEvent,
    input: {} as EmailVerificationInput,
    output: {} as EmailVerificationOutput,
  },
  actors: {
    fetchUserByToken: fromPromise<User, { token: string }>(async () => notProvided('fetchUserByToken')),
    markEmailVerified: fromPromise<User, { user: User; token: string }>(async () =>
      notProvided('markEmailVerified'),
    ),
  },
  actions: {
    handUserToSession: enqueueActions(({ context, system, enqueue }) => {
      const session = system.get('session');
      if (!session || !context.user) return;
      const handOver: SessionEvent = { type: 'user.received', user: context.user };
      enqueue.sendTo(session, handOver);
    }),
  },
  guards: {
    verificationEnabled: ({ context }) => context.enabled,
    hasToken: ({ context }) => Boolean(context.token),
    alreadyVerified: ({ context }) => context.verified,
    linkAlreadyUsed: ({ event }) =>
      'error' in event && event.error instanceof RequestError && event.error.status === 409,
  },
  delays: {
    continueAfterVerified: 3000,
  },
}).createMachine({
  id: 'emailVerification',
  description: 'Verifies the email from the link and shows the verified view.',
  meta: {
    guards: {
      verificationEnabled: 'The site setting enableEmailVerification is on.',
      hasToken: 'The address carries a `token` query parameter.',
      alreadyVerified: 'The address carries `verified=true`.',
      linkAlreadyUsed: 'The server answered 409: the link was used before and the email is verified.',
    },
    delays: { continueAfterVerified: 'How long the verified view shows before the flow continues: 3 s.' },
  },
  context: ({ input }) => ({ ...input, user: null, error: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: 'Reads what the link asks for.',
      always: [
        {
          guard: and(['verificationEnabled', 'hasToken']),
          target: 'fetchingUser',
          description: 'A token with verification on: verify it.',
        },
        {
          guard: and(['verificationEnabled', 'alreadyVerified']),
          target: 'verified',
          description: '`verified=true` with verification on: show the verified view.',
        },
        { target: 'skipped', description: 'Verification is off, or there is nothing to verify.' },
      ],
    },
    fetchingUser: {
      description: 'Fetches the user with the token from the link.',
      tags: ['loading'],
      invoke: {
        id: 'fetchUserByToken',
        src: 'fetchUserByToken',
        // Stryker disable next-line StringLiteral: fetchingUser is entered only with a token (hasToken).
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'markingVerified',
          description: 'The token is good: mark the email verified.',
          actions: assign({ user: ({ event }) => event.output }),
        },
        onError: [
          {
            guard: 'linkAlreadyUsed',
            target: 'alreadyVerified',
            description: 'The link did its work before: the email is verified.',
          },
          { target: 'failed', description: 'The token is unknown, used or expired.' },
        ],
      },
    },
    markingVerified: {
      description: 'Sets `email_verified: true` and updates the user.',
      tags: ['loading'],
      invoke: {
        id: 'markEmailVerified',
        src: 'markEmailVerified',
        input: ({ context }) => {
          if (!context.user) throw new Error('markingVerified is entered only with a user');
          // Stryker disable next-line StringLiteral: markingVerified follows fetchingUser, entered only with a token.
          return { user: context.user, token: context.token ?? '' };
        },
        onDone: {
          target: 'verified',
          description: 'Verified: the session takes the user with its fresh session token.',
          actions: [assign({ user: ({ event }) => event.output }), 'handUserToSession'],
        },
        onError: { target: 'failed', description: "The update threw 'Failed to verify email'." },
      },
    },
    verified: {
      description: 'Shows the email-verified view.',
      tags: ['view:emailVerified'],
      after: {
        continueAfterVerified: { target: 'done', description: 'Continues after 3 s.' },
      },
      on: {
        'verification.continue': { target: 'done', description: 'The member continues without waiting.' },
      },
    },
    failed: {
      type: 'final',
      description: "Ends with 'signup.emailVerificationFailed'.",
      tags: ['error'],
      entry: assign({ error: EMAIL_VERIFICATION_FAILED }),
    },
    alreadyVerified: {
      type: 'final',
      description: "Ends with 'signup.emailAlreadyVerified': the member only needs to log in.",
      entry: assign({ error: EMAIL_ALREADY_VERIFIED }),
    },
    skipped: { type: 'final', description: 'Nothing was verified.' },
    done: { type: 'final', description: 'The email is verified; the flow continues.' },
  },
  output: ({ context }) => ({ user: context.user, error: context.error }),
});
