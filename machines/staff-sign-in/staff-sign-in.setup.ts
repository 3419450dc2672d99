// What the studio's sign-in chart is built from: how a failed step reads to the person (problemOf),
// the server's and the browser's calls, the actions and the guards. The chart is
// staff-sign-in.machine.ts.
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../not-provided.ts';
import { messageOf, StudioRequestError } from '../studio-error.ts';
import type {
  InviteView,
  SignInProblem,
  StaffSignInContext,
  StaffSignInEvent,
  StaffSignInInput,
  StaffView,
} from './staff-sign-in.types.ts';

/** The browser's errors of a WebAuthn ceremony, by their DOMException names. */
const CANCELLED_NAMES = new Set(['NotAllowedError', 'AbortError']);
const REFUSED_NAMES = new Set(['InvalidStateError', 'SecurityError', 'NotSupportedError', 'ConstraintError']);

/** What the page says of a failed step; `link`: the step read a token (an emailed link or invite). */
export function problemOf(error: unknown, link: boolean): SignInProblem {
  if (error instanceof StudioRequestError) {
    if (error.status === 429) return 'rateLimited';
    if (link && error.status >= 400 && error.status < 500) return 'linkExpired';
    if (error.status === 401 || error.status === 403 || error.status === 404) return 'notAllowed';
    return 'failed';
  }
  const name = error instanceof Error ? error.name : '';
  if (CANCELLED_NAMES.has(name)) return 'cancelled';
  if (REFUSED_NAMES.has(name)) return 'notAllowed';
  return 'failed';
}

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const staffSignInSetup = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as StaffSignInContext,
    events: {} as StaffSignInEvent,
    input: {} as StaffSignInInput,
    output: {} as { staff: StaffView | null },
  },
  actors: {
    /** The server's options for a sign-in ceremony (a discoverable credential). */
    passkeyOptions: fromPromise<unknown>(async () => notProvided('passkeyOptions')),
    /** The browser asks the authenticator to sign the server's challenge. */
    authenticate: fromPromise<unknown, { options: unknown }>(async () => notProvided('authenticate')),
    /** The server checks the signed challenge and opens a session. */
    verifyPasskey: fromPromise<StaffView, { response: unknown }>(async () => notProvided('verifyPasskey')),
    /** The server emails a one-time link, if the address is a staff member's. */
    requestLink: fromPromise<void, { email: string }>(async () => notProvided('requestLink')),
    /** The server checks an emailed link's token (once) and opens a session. */
    verifyLink: fromPromise<StaffView, { token: string }>(async () => notProvided('verifyLink')),
    /** The server describes an invite: for whom, which role, until when. */
    readInvite: fromPromise<InviteView, { token: string }>(async () => notProvided('readInvite')),
    /** The server's options for registering the invited person's first passkey. */
    inviteOptions: fromPromise<unknown, { token: string; name: string }>(async () =>
      notProvided('inviteOptions'),
    ),
    /** The browser asks the authenticator to create a passkey for this site. */
    register: fromPromise<unknown, { options: unknown }>(async () => notProvided('register')),
    /** The server keeps the new passkey, makes the staff account and opens a session. */
    acceptInvite: fromPromise<
      StaffView,
      { token: string; name: string; deviceName: string; response: unknown }
    >(async () => notProvided('acceptInvite')),
  },
  actions: {
    forgetProblem: assign({ problem: () => null, message: () => null }),
    keepPasskeyProblem: assign({
      problem: ({ event }) => problemOf(errorOf(event), false),
      message: ({ event }) => messageOf(errorOf(event)),
    }),
    keepLinkProblem: assign({
      problem: ({ event }) => problemOf(errorOf(event), true),
      message: ({ event }) => messageOf(errorOf(event)),
    }),
    keepOptions: assign({ options: ({ event }) => (event as { output?: unknown }).output ?? null }),
    keepStaff: assign({ staff: ({ event }) => (event as { output?: StaffView }).output ?? null }),
    keepInvite: assign({ invite: ({ event }) => (event as { output?: InviteView }).output ?? null }),
    keepEmail: assign({
      email: ({ event, context }) => (event.type === 'link.request' ? event.email.trim() : context.email),
    }),
    keepNames: assign({
      name: ({ event, context }) => (event.type === 'invite.accept' ? event.name.trim() : context.name),
      deviceName: ({ event, context }) =>
        event.type === 'invite.accept' ? event.deviceName.trim() : context.deviceName,
    }),
  },
  guards: {
    startsAtSignIn: ({ context }) => context.start === 'signIn',
    startsAtLink: ({ context }) => context.start === 'link',
    anEmail: ({ event }) => event.type === 'link.request' && /^[^\s@]+@[^\s@]+$/.test(event.email.trim()),
    aName: ({ event }) => event.type === 'invite.accept' && event.name.trim().length > 0,
  },
});
