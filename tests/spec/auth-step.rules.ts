// The account step's rules (spec 2, 4, 5, 8): the forms and their validation, what signup and login
// lead to with email verification on or off, the server's messages, the reset form, check your inbox.
import type { AnyMachineSnapshot } from 'xstate';
import { contextOf, errorMessage, field, type Rule, type SpecStep, seen, type UserView } from './rule.ts';

interface AccountView {
  modalType: string;
  start: string;
  offer: { enableEmailVerification: boolean };
  user: UserView | null;
  error: string | null;
}

const CLIENT_KEYS = [
  'signup.pleaseEnterEmailAndPassword',
  'signup.verifyEmail.error',
  'signup.pleaseSelectSubscription',
  'signup.emailVerificationFailed',
];
/** Spec 5: a standard email pattern. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type View = 'signup' | 'login' | 'reset' | 'resetSent' | 'inbox' | 'verifying' | 'done' | 'other';

/** What the step shows: the screens draw the same tags. */
function view(snapshot: AnyMachineSnapshot | undefined): View {
  if (!snapshot) return 'other';
  if (snapshot.status === 'done') return 'done';
  if (snapshot.hasTag('view:resetSent')) return 'resetSent';
  if (snapshot.hasTag('view:resetPassword')) return 'reset';
  if (snapshot.hasTag('dialog:checkInbox')) return 'inbox';
  if (snapshot.hasTag('view:verifyingEmail')) return 'verifying';
  if (snapshot.hasTag('view:signup')) return 'signup';
  if (snapshot.hasTag('view:login')) return 'login';
  return 'other';
}

const ctx = (step: SpecStep) => contextOf<AccountView>(step.after);
const is = (type: string) => (step: SpecStep) => step.event.type === type;
const idle = (snapshot: AnyMachineSnapshot | undefined) => Boolean(snapshot) && !snapshot?.hasTag('loading');
const waitingFor = (form: View) => (step: SpecStep) =>
  view(step.before) === form && Boolean(step.before?.hasTag('loading'));
const seenView = (step: SpecStep) =>
  `${view(step.after)}${step.after.hasTag('loading') ? ' (loading)' : ''}, error ${seen(ctx(step).error)}`;
const expect = (form: View, error: string | null) => (step: SpecStep) =>
  view(step.after) === form && idle(step.after) && ctx(step).error === error ? null : seenView(step);
const verificationOn = (step: SpecStep) => ctx(step).offer.enableEmailVerification;
const incomplete = (step: SpecStep) => {
  const text = (name: string) => String(field<unknown>(step.event, name) ?? '').trim();
  const named = step.event.type === 'auth.submitLogin' || text('name') !== '';
  return !named || !EMAIL.test(text('email')) || String(field(step.event, 'password') ?? '') === '';
};
/** The verification flow ended without an error: the email is verified. */
const verifiedEnd = (step: SpecStep) =>
  is('xstate.done.actor.emailVerification')(step) &&
  !field<{ error: string | null }>(step.event, 'output').error;
/** Someone is signed in once the flow has ended: the member before it, or the one the link signed in. */
const signedInAtEnd = (step: SpecStep) =>
  Boolean(contextOf<AccountView>(step.before).user) ||
  Boolean(field<{ user: UserView | null }>(step.event, 'output').user);
const offers = (step: SpecStep, types: string[]) => {
  const missing = types.filter((type) => !step.after.can({ type }));
  return missing.length === 0 ? null : `no ${missing.join(', ')}`;
};

export const authStepRules: Rule[] = [
  {
    id: 'spec-2-opens-on-its-form',
    section: '2',
    says: 'step 1 opens on the signup or the login form, as the modal type says',
    applies: (step) => step.index === 0 && ctx(step).start === 'form',
    check: (step) => (view(step.after) === ctx(step).modalType ? null : seenView(step)),
  },
  {
    id: 'spec-2-toggle',
    section: '2',
    says: 'the toggle switches between the signup and the login form',
    applies: (step) => is('auth.switchToLogin')(step) || is('auth.switchToSignup')(step),
    check: (step) =>
      view(step.after) === (is('auth.switchToLogin')(step) ? 'login' : 'signup') ? null : seenView(step),
  },
  {
    id: 'spec-2-register-offers',
    section: '2',
    says: 'the signup form also offers already subscribed and contact support',
    applies: (step) => view(step.after) === 'signup' && idle(step.after),
    check: (step) => offers(step, ['auth.alreadySubscribed', 'auth.contactSupport']),
  },
  {
    id: 'spec-2-reset-sub-view',
    section: '2',
    says: 'forgot password opens the reset-password sub-view',
    applies: is('auth.forgotPassword'),
    check: expect('reset', null),
  },
  {
    id: 'spec-5-signup-required',
    section: '5',
    says: "a signup without a name, a valid email or a password shows 'signup.pleaseEnterEmailAndPassword'",
    applies: (step) => is('auth.submitSignup')(step) && incomplete(step),
    check: expect('signup', 'signup.pleaseEnterEmailAndPassword'),
  },
  {
    id: 'spec-5-login-required',
    section: '5',
    says: "a login without an email or a password shows 'signup.pleaseEnterEmailAndPassword'",
    applies: (step) => is('auth.submitLogin')(step) && incomplete(step),
    check: expect('login', 'signup.pleaseEnterEmailAndPassword'),
  },
  {
    id: 'spec-4-signup-verification-on',
    section: '4',
    says: 'a signup with email verification on shows the check-your-inbox dialog and stops',
    applies: (step) => is('auth.succeeded')(step) && waitingFor('signup')(step) && verificationOn(step),
    check: expect('inbox', null),
  },
  {
    id: 'spec-4-signup-verification-off',
    section: '4',
    says: 'a signup with email verification off continues to the plans',
    applies: (step) => is('auth.succeeded')(step) && waitingFor('signup')(step) && !verificationOn(step),
    check: (step) => (view(step.after) === 'done' ? null : seenView(step)),
  },
  {
    id: 'spec-4-login-unverified',
    section: '4',
    says: "a login with verification on and the email not verified shows 'signup.verifyEmail.error'",
    applies: (step) =>
      is('auth.succeeded')(step) &&
      waitingFor('login')(step) &&
      verificationOn(step) &&
      field<UserView>(step.event, 'user').email_verified !== true,
    check: expect('login', 'signup.verifyEmail.error'),
  },
  {
    id: 'spec-4-login-continues',
    section: '4',
    says: 'otherwise a login continues to the plans',
    applies: (step) =>
      is('auth.succeeded')(step) &&
      waitingFor('login')(step) &&
      !(verificationOn(step) && field<UserView>(step.event, 'user').email_verified !== true),
    check: (step) => (view(step.after) === 'done' ? null : seenView(step)),
  },
  {
    id: 'spec-8-signup-server-message',
    section: '8',
    says: "a refused signup keeps the signup form with the server's message",
    applies: (step) => is('auth.failed')(step) && waitingFor('signup')(step),
    check: (step) => expect('signup', field<string>(step.event, 'message'))(step),
  },
  {
    id: 'spec-8-login-server-message',
    section: '8',
    says: "a refused login keeps the login form with the server's message",
    applies: (step) => is('auth.failed')(step) && waitingFor('login')(step),
    check: (step) => expect('login', field<string>(step.event, 'message'))(step),
  },
  {
    id: 'spec-8-refused-reset',
    section: '8',
    says: "a refused reset keeps the reset form with the server's message",
    applies: is('xstate.error.actor.requestPasswordReset'),
    check: (step) => expect('reset', errorMessage(step.event) ?? null)(step),
  },
  {
    id: 'spec-2-check-inbox-actions',
    section: '2',
    says: "the check-your-inbox dialog offers resend and 'I've already checked the email'",
    applies: (step) => view(step.after) === 'inbox' && idle(step.after),
    check: (step) => offers(step, ['verification.resend', 'verification.alreadyChecked']),
  },
  {
    id: 'spec-4-checked-but-unverified',
    section: '4',
    says: "'I've already checked the email' with the email still unverified shows 'signup.verifyEmail.error'",
    applies: (step) =>
      is('xstate.done.actor.refreshUser')(step) &&
      field<UserView>(step.event, 'output').email_verified !== true,
    check: expect('inbox', 'signup.verifyEmail.error'),
  },
  {
    id: 'spec-4-checked-and-verified',
    section: '4',
    says: "'I've already checked the email' with the email verified continues to the plans",
    applies: (step) =>
      is('xstate.done.actor.refreshUser')(step) &&
      field<UserView>(step.event, 'output').email_verified === true,
    check: (step) => (view(step.after) === 'done' ? null : seenView(step)),
  },
  {
    id: 'spec-4-verification-failed',
    section: '4',
    says: 'a failed email verification, for a visitor, ends on the login form with its message',
    applies: (step) =>
      is('xstate.done.actor.emailVerification')(step) &&
      Boolean(field<{ error: string | null }>(step.event, 'output').error) &&
      !contextOf<AccountView>(step.before).user,
    check: (step) => (view(step.after) === 'login' && ctx(step).error ? null : seenView(step)),
  },
  {
    id: 'spec-4-verified-continues',
    section: '4',
    says: 'a verified email continues to the plans, with the member signed in (by the link, or before)',
    applies: (step) => verifiedEnd(step) && signedInAtEnd(step),
    check: (step) => (view(step.after) === 'done' ? null : seenView(step)),
  },
  {
    id: 'spec-4-verified-visitor-logs-in',
    section: '4',
    says: "a verified email with nobody signed in (verified=true names no member) asks them to log in: the login form, without an error, never the plans, since checkout is the signed-in member's (spec 7: it carries their token)",
    applies: (step) => verifiedEnd(step) && !signedInAtEnd(step),
    check: expect('login', null),
  },
  {
    id: 'spec-8-client-keys',
    section: '8',
    says: "step 1's message keys are the spec's client keys",
    knownDeviation:
      "a verification link used before (409) shows 'signup.emailAlreadyVerified', a key the spec's catalogue does not list",
    applies: (step) => ctx(step).error?.startsWith('signup.') ?? false,
    check: (step) => (CLIENT_KEYS.includes(ctx(step).error ?? '') ? null : `key ${ctx(step).error}`),
  },
];
