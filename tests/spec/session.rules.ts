// The session's rules (spec 2, 3, 4, 7, 8): restoring the stored user, login fetching by userToken,
// a failed fetch clearing the user, the sign-out side effects, the server's messages.
import {
  contextOf,
  errorMessage,
  errorStatus,
  field,
  type Rule,
  type SpecStep,
  seen,
  type UserView,
} from './rule.ts';

interface SessionView {
  user: UserView | null;
  error: string | null;
}

/** Spec 4: what signing out does. */
const SIGN_OUT = ['resetStore', 'clearSelectedOrder', 'removeStoredUser', 'stopEngagementTracker'];

const ctx = (step: SpecStep) => contextOf<SessionView>(step.after);
const is = (type: string) => (step: SpecStep) => step.event.type === type;
const fetchedWith = (step: SpecStep) => step.started.find((call) => call.name === 'fetchUser')?.input;
const cleared = (step: SpecStep) =>
  ctx(step).user === null && step.ran.includes('removeStoredUser')
    ? null
    : `user ${ctx(step).user ? 'kept' : 'cleared'}, stored copy ${step.ran.includes('removeStoredUser') ? 'removed' : 'kept'}`;
const refused = (step: SpecStep) => {
  const status = errorStatus(step.event) ?? 0;
  return status >= 400 && status < 500;
};

export const sessionRules: Rule[] = [
  {
    id: 'spec-4-stored-user-fetched',
    section: '4',
    says: 'on load a stored user with a token is fetched again with it',
    applies: (step) =>
      is('xstate.done.actor.readStoredUser')(step) &&
      Boolean(field<UserView | null>(step.event, 'output')?.token),
    check: (step) => {
      const token = field<UserView>(step.event, 'output').token;
      return seen(fetchedWith(step)) === seen({ token }) ? null : `fetch ${seen(fetchedWith(step))}`;
    },
  },
  {
    id: 'spec-4-nothing-stored',
    section: '4',
    says: 'with no stored user the visitor is signed out',
    applies: (step) => is('xstate.done.actor.readStoredUser')(step) && !field(step.event, 'output'),
    check: (step) =>
      ctx(step).user === null && step.started.length === 0 ? null : `started ${seen(step.started)}`,
  },
  {
    id: 'spec-4-login-fetches-by-user-token',
    section: '4',
    says: 'login success fetches the user by the returned userToken',
    applies: is('xstate.done.actor.login'),
    check: (step) =>
      seen(fetchedWith(step)) === seen({ token: field(step.event, 'output') })
        ? null
        : `fetch ${seen(fetchedWith(step))}`,
  },
  {
    id: 'spec-3-user-stored',
    section: '3',
    says: 'a fetched or registered user is signed in and stored locally (pcc-user)',
    applies: (step) => is('xstate.done.actor.fetchUser')(step) || is('xstate.done.actor.register')(step),
    check: (step) =>
      seen(ctx(step).user) === seen(field(step.event, 'output')) && step.ran.includes('storeUser')
        ? null
        : `user ${seen(ctx(step).user)}, ran ${seen(step.ran)}`,
  },
  {
    id: 'spec-7-sign-up-tracked',
    section: '7',
    says: 'a sign-up is sent to analytics',
    applies: is('xstate.done.actor.register'),
    check: (step) => (step.ran.includes('trackSignUp') ? null : `ran ${seen(step.ran)}`),
  },
  {
    id: 'spec-4-refused-fetch-clears',
    section: '4',
    says: 'a refused fetch of the user clears the user and the stored copy',
    applies: (step) => is('xstate.error.actor.fetchUser')(step) && refused(step),
    check: cleared,
  },
  {
    id: 'spec-4-failed-fetch-clears',
    section: '4',
    says: 'a failed fetch of the user (no answer, a server error) clears the user and the stored copy',
    knownDeviation:
      'a stored member whose check gets no answer or a 5xx stays, shown from the stored copy, and the server is asked again after 5 s',
    applies: (step) => is('xstate.error.actor.fetchUser')(step) && !refused(step),
    check: cleared,
  },
  {
    id: 'spec-4-sign-out-side-effects',
    section: '4',
    says: 'sign-out resets the store, clears the selected order and subscription, removes the stored user and stops the engagement tracker',
    applies: (step) =>
      is('auth.unauthorized')(step) ||
      is('xstate.done.actor.logout')(step) ||
      is('xstate.error.actor.logout')(step),
    check: (step) => {
      const missing = SIGN_OUT.filter((name) => !step.ran.includes(name));
      return ctx(step).user === null && missing.length === 0
        ? null
        : `user ${ctx(step).user ? 'kept' : 'cleared'}, missing ${seen(missing)}`;
    },
  },
  {
    id: 'spec-2-logout-home',
    section: '2',
    says: 'logout returns to Home',
    applies: is('auth.logout'),
    check: (step) => (step.ran.includes('navigateHome') ? null : `ran ${seen(step.ran)}`),
  },
  {
    id: 'spec-8-server-message',
    section: '8',
    says: "a refused login or signup keeps the server's message",
    applies: (step) => is('xstate.error.actor.login')(step) || is('xstate.error.actor.register')(step),
    check: (step) => (ctx(step).error === errorMessage(step.event) ? null : `error ${seen(ctx(step).error)}`),
  },
];
