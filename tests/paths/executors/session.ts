// The session machine's executor table: the member kept across visits (`pcc-user`), checked with the
// server when the app starts (signed in again, refused, or no answer and asked again 5 s later), a
// 401 on another call, and logout from the menu; what the nav shows after each step.
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine.ts';
import { RequestError } from '../../../machines/session/session.types.ts';
import {
  answers,
  button,
  type EventTable,
  key,
  LOG_OUT_FROM_MENU,
  type Opening,
  type StateTable,
  signedInNav,
  type Target,
} from '../ui.ts';
import { MEMBERS } from '../world.ts';

type Session = typeof sessionMachine;
type SessionSnapshot = SnapshotFrom<Session>;
type ChildSettled =
  | 'xstate.done.actor.readStoredUser'
  | 'xstate.error.actor.readStoredUser'
  | 'xstate.done.actor.login'
  | 'xstate.error.actor.login'
  | 'xstate.done.actor.register'
  | 'xstate.error.actor.register'
  | 'xstate.done.actor.fetchUser'
  | 'xstate.error.actor.fetchUser'
  | 'xstate.done.actor.logout'
  | 'xstate.error.actor.logout';
const RECHECK = 'xstate.after.RECHECK_DELAY.session.waitingToRecheck';

/** The session was revoked elsewhere: the server's answer to the member's token. */
const REVOKED = { ok: false as const, status: 401, message: 'Please log in' };

const MEMBER_IN_NAV: Target = signedInNav(MEMBERS.verified().profile.name);
/** The nav's Login button, searched on the whole page (a modal may be open over it). */
const NAV_LOGIN: Target = { text: key('nav.login') };

/** How the app opens: on the home page, with a member kept from an earlier visit or none. */
const opening = (stored: boolean): Opening => ({
  does: stored
    ? 'A member kept from an earlier visit (pcc-user) opens the home page'
    : 'A visitor opens the home page',
  path: '/',
  member: stored ? 'verified' : null,
  verification: false,
});

const EMAIL = { label: key('signup.email') };
const PASSWORD = { label: key('signup.password') };
/** A refused login or signup keeps the server's message. */
const WRONG_PASSWORD = { ok: false as const, status: 401, message: 'Invalid email or password' };
const TAKEN = { ok: false as const, status: 409, message: 'Email already registered' };

export const sessionEvents = {
  'xstate.done.actor.readStoredUser': ({ event }) => {
    const stored = event.output !== null;
    return { does: opening(stored).does, actions: [{ open: opening(stored) }] };
  },
  'xstate.error.actor.readStoredUser': {
    notThroughScreens: 'The browser refusing to read its own storage: no screen causes it.',
  },
  'auth.login': () => ({
    does: 'presses Login in the nav, fills the login form and presses Login',
    actions: [
      { click: { role: 'button', name: key('nav.login'), page: true } },
      { fill: EMAIL, value: '$email' },
      { fill: PASSWORD, value: '$password' },
      { click: button('signup.submitLogin') },
    ],
  }),
  'auth.register': () => ({
    does: 'presses Signup in the nav, fills the signup form and presses Sign up',
    actions: [
      { click: { role: 'button', name: key('nav.signup'), page: true } },
      { fill: { label: key('signup.fullName') }, value: 'Ana Member' },
      { fill: EMAIL, value: '$email' },
      { fill: PASSWORD, value: '$password' },
      { click: button('signup.submitSignup') },
    ],
  }),
  'xstate.done.actor.login': answers("the server accepts and sends the member's token", 'login', {
    ok: true,
    member: 'verified',
  }),
  'xstate.error.actor.login': answers(
    `the server refuses with '${WRONG_PASSWORD.message}'`,
    'login',
    WRONG_PASSWORD,
  ),
  'xstate.done.actor.register': answers('the server makes the account', 'register', {
    ok: true,
    member: 'verified',
  }),
  'xstate.error.actor.register': answers(`the server refuses with '${TAKEN.message}'`, 'register', TAKEN),
  'user.received': {
    notThroughScreens:
      "Handed over by the link flows, whose own paths replay it (the account step's, the address's).",
  },
  'xstate.done.actor.fetchUser': answers('the server answers with the member', 'refreshUser', {
    ok: true,
    member: 'verified',
  }),
  'xstate.error.actor.fetchUser': ({ event }) =>
    event.error instanceof RequestError
      ? {
          does: `the server refuses the kept session ('${REVOKED.message}')`,
          actions: [{ answer: 'refreshUser', outcome: REVOKED }],
        }
      : {
          does: 'the network fails (offline)',
          actions: [{ answer: 'refreshUser', outcome: { ok: false, network: true } }],
        },
  [RECHECK]: () => ({ does: 'after 5 s the session asks the server again', actions: [{ wait: 5000 }] }),
  'auth.logout': () => ({
    does: 'closes the modal if it is open, and logs out from the menu',
    actions: LOG_OUT_FROM_MENU,
  }),
  'auth.logoutInModal': {
    notThroughScreens:
      "'Not you? Log out' on the modal's account view: the modal's paths (M-) carry it out, the server's answer included.",
  },
  'xstate.done.actor.logout': answers('the server ends the session', 'logout', { ok: true }),
  'xstate.error.actor.logout': answers('the network fails; the member is signed out all the same', 'logout', {
    ok: false,
    network: true,
  }),
  'auth.unauthorized': () => ({
    does: `presses the banner's button, chooses the first plan and checks out; the server answers '${REVOKED.message}' (401: the session was revoked elsewhere)`,
    actions: [
      { click: button('banner.go') },
      { click: { planCard: 0 } },
      { click: { testId: 'plans-next' } },
      { answer: 'startCheckout', outcome: REVOKED },
    ],
  }),
} satisfies EventTable<Session, ChildSettled | typeof RECHECK>;

const signedOut = (says: string) => ({ says, shows: [NAV_LOGIN], hides: [MEMBER_IN_NAV] });
const signedIn = (says: string) => ({ says, shows: [MEMBER_IN_NAV] });

export const sessionStates = {
  restoring: () => ({ says: 'the app starting', shows: [] }),
  restored: { passesAtOnce: 'Checks at once whether the kept member has a token.' },
  signedOut: () => signedOut('Login in the nav, no member'),
  loggingIn: () => ({ says: 'the login form, waiting for the server', shows: [], hides: [MEMBER_IN_NAV] }),
  registering: () => ({ says: 'the signup form, waiting for the server', shows: [], hides: [MEMBER_IN_NAV] }),
  fetchingUser: (s: SessionSnapshot) =>
    s.context.stored
      ? signedIn('the kept member in the nav, while the server checks')
      : { says: 'asking the server', shows: [] },
  waitingToRecheck: () => signedIn('the kept member still in the nav, until the server answers'),
  signedIn: () => signedIn('the member in the nav'),
  signingOut: () => ({ says: 'signing out', shows: [] }),
} satisfies StateTable<Session>;

/** The events the screens bring about, as samples: a kept member or none, and each server answer. */
export function sessionSamples(): Record<
  string,
  AnyEventObject[] | ((s: SessionSnapshot) => AnyEventObject[])
> {
  const kept = { ...MEMBERS.verified(), token: 'tok' };
  return {
    'xstate.done.actor.readStoredUser': [
      { type: 'xstate.done.actor.readStoredUser', output: null },
      { type: 'xstate.done.actor.readStoredUser', output: kept },
    ],
    'xstate.error.actor.readStoredUser': [],
    // A fresh visitor's forms: after a refusal the modal stays open over the nav.
    'auth.login': (s) =>
      s.context.error === null
        ? [{ type: 'auth.login', email: 'ana@example.com', password: 'secret-pass' }]
        : [],
    'auth.register': (s) =>
      s.context.error === null
        ? [
            {
              type: 'auth.register',
              name: 'Ana Member',
              email: 'ana@example.com',
              password: 'secret-pass',
              currentRoute: '/',
              enableEmailVerification: false,
              locale: 'en',
            },
          ]
        : [],
    'auth.unauthorized': (s) => (s.matches('signedIn') ? [{ type: 'auth.unauthorized' }] : []),
    'xstate.done.actor.login': [{ type: 'xstate.done.actor.login', output: 'tok' }],
    'xstate.error.actor.login': [
      { type: 'xstate.error.actor.login', error: new RequestError(WRONG_PASSWORD.message, 401) },
    ],
    'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: kept }],
    'xstate.error.actor.register': [
      { type: 'xstate.error.actor.register', error: new RequestError(TAKEN.message, 409) },
    ],
    'user.received': [],
    'auth.logoutInModal': [],
    'xstate.done.actor.fetchUser': [{ type: 'xstate.done.actor.fetchUser', output: kept }],
    'xstate.error.actor.fetchUser': [
      { type: 'xstate.error.actor.fetchUser', error: new RequestError(REVOKED.message, REVOKED.status) },
      { type: 'xstate.error.actor.fetchUser', error: new Error('errors.network') },
    ],
    'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout' }],
    'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: new Error('errors.network') }],
  };
}

export const sessionExecutor = { machine: sessionMachine, events: sessionEvents, states: sessionStates };
