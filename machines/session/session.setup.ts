// What the session's chart is built from: what signing out does, the server's calls, the actions, the
// guards and the recheck's delay. The chart is session.machine.ts.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import { notProvided } from '../not-provided.ts';
import {
  type RegisterDetails,
  type SessionContext,
  type SessionEvent,
  type SessionReply,
  serverRefused,
} from './session.types.ts';

/** How long a stored member waits before the session asks the server again, after no answer. */
export const RECHECK_DELAY_MS = 5_000;

/** What signing out does, whichever way it happens (spec section 4). */
export const signOut = [
  'clearUser',
  'resetStore',
  'clearSelectedOrder',
  'removeStoredUser',
  'stopEngagementTracker',
] as const;

export const sessionSetup = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    readStoredUser: fromPromise<User | null>(async () => notProvided('readStoredUser')),
    fetchUser: fromPromise<User, { token: string }>(async () => notProvided('fetchUser')),
    login: fromPromise<string, { email: string; password: string }>(async () => notProvided('login')),
    register: fromPromise<User, RegisterDetails>(async () => notProvided('register')),
    logout: fromPromise<void, { token: string }>(async () => notProvided('logout')),
  },
  actions: {
    storeUser: () => {},
    removeStoredUser: () => {},
    navigateHome: () => {},
    resetStore: () => {},
    clearSelectedOrder: () => {},
    stopEngagementTracker: () => {},
    identifyMember: () => {},
    trackSignIn: () => {},
    trackSignUp: () => {},
    clearUser: assign({ user: null, token: null, stored: null }),
    replyToRequester: enqueueActions(({ context, system, enqueue }) => {
      const requester = system.get('signupModal');
      if (!requester) return;
      // Stryker disable next-line StringLiteral: a failure is replied only after its message was kept.
      const message = context.error ?? '';
      const reply: SessionReply = context.user
        ? { type: 'auth.succeeded', user: context.user }
        : { type: 'auth.failed', message };
      enqueue.sendTo(requester, reply);
    }),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    checkingStoredCopy: ({ context }) => context.stored !== null && context.stored.token === context.token,
    serverRefused: ({ event }) => 'error' in event && serverRefused(event.error),
  },
  delays: { RECHECK_DELAY: RECHECK_DELAY_MS },
});

/** An error's message, whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
