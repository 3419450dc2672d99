// Step 1's executor table (the account step): the forms, reset password, check your inbox and the
// emailed link, as a member carries them out, and what each screen shows.
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { User } from '../../../domain/api-types.ts';
import { authStepMachine } from '../../../machines/signup-modal/auth-step.machine.ts';
import { type AuthStepInput, MODAL_NOTICES } from '../../../machines/signup-modal/signup-modal.types.ts';
import { messageWords } from '../../../scripts/message-texts.ts';
import {
  type Action,
  alert,
  aMember,
  answers,
  button,
  type EventTable,
  heading,
  key,
  type Opening,
  presses,
  type Sight,
  type StateTable,
  type Target,
} from '../ui.ts';
import { MEMBERS, memberKindOf, openEvent } from '../world.ts';
import { OPENINGS } from './openings.ts';

type AccountStep = typeof authStepMachine;
type AccountSnapshot = SnapshotFrom<AccountStep>;
type ChildSettled =
  | 'xstate.done.actor.requestPasswordReset'
  | 'xstate.error.actor.requestPasswordReset'
  | 'xstate.done.actor.resendVerification'
  | 'xstate.error.actor.resendVerification'
  | 'xstate.done.actor.refreshUser'
  | 'xstate.error.actor.refreshUser'
  | 'xstate.done.actor.emailVerification';

const EMAIL = { label: key('signup.email') };
const PASSWORD = { label: key('signup.password') };
const NAME = { label: key('signup.fullName') };

/** A server's refusal as the screens show it: its message, as sent. */
const TOO_MANY = { ok: false as const, status: 429, message: 'Too many requests, please try again later' };
const WRONG_PASSWORD = { ok: false as const, status: 401, message: 'Invalid email or password' };
/** The update that marks the email verified fails (spec: 'Failed to verify email'). */
const MARK_FAILS = { ok: false as const, status: 500, message: 'Failed to verify email' };
/**
 * How the verification flow's ending comes about on screen, when the flow's output alone does not
 * say: the verified view left after 3 s without a press, or the link good but the update failing.
 * The machines ignore it; it tells the paths apart.
 */
type VerificationWay = 'autoContinue' | 'markingFails';
/** What the client says when the network fails (a catalogue key). */
const NETWORK_MESSAGE = 'errors.network';

/** An empty value clears what an earlier step typed. */
const fillIf = (target: Target, value: string) => [{ fill: target, value }];

export const accountEvents = {
  'auth.switchToLogin': presses('presses Already have an account? Login', 'signup.haveAccount'),
  'auth.switchToSignup': presses("presses Don't have an account? Sign up", 'signup.noAccount'),
  'auth.alreadySubscribed': presses('presses Already subscribed?', 'signup.alreadySubscribed'),
  'auth.contactSupport': presses('presses Contact support', 'signup.contactSupport'),
  'auth.forgotPassword': presses('presses Forgot your password?', 'signup.forgotPassword'),
  'auth.backToLogin': presses('presses Back to login', 'signup.backToLogin'),
  'auth.submitSignup': ({ event }) => ({
    does: event.email ? 'fills the signup form and presses Sign up' : 'presses Sign up with an empty form',
    actions: [
      ...fillIf(NAME, event.name === '' ? '' : 'Ana Member'),
      ...fillIf(EMAIL, event.email === '' ? '' : '$email'),
      ...fillIf(PASSWORD, event.password === '' ? '' : '$password'),
      { click: button('signup.submitSignup') },
    ],
  }),
  'auth.submitLogin': ({ event }) => ({
    does: event.email ? 'fills the login form and presses Login' : 'presses Login with an empty form',
    actions: [
      ...fillIf(EMAIL, event.email === '' ? '' : '$email'),
      ...fillIf(PASSWORD, event.password === '' ? '' : '$password'),
      { click: button('signup.submitLogin') },
    ],
  }),
  'auth.submitReset': () => ({
    does: 'enters the email and presses Send reset link',
    actions: [{ fill: EMAIL, value: '$email' }, { click: button('signup.resetSubmit') }],
  }),
  'auth.succeeded': ({ event, before }) => {
    const kind = memberKindOf(event.user as User);
    const call = before.matches('signingUp') ? 'register' : 'login';
    return {
      does: `the server accepts: ${aMember(kind)}`,
      actions: [{ answer: call, outcome: { ok: true, member: kind } }],
    };
  },
  'auth.failed': ({ before }) => ({
    does: `the server refuses with '${WRONG_PASSWORD.message}'`,
    actions: [{ answer: before.matches('signingUp') ? 'register' : 'login', outcome: WRONG_PASSWORD }],
  }),
  'verification.resend': presses('presses Resend email', 'signup.resend'),
  'verification.alreadyChecked': presses("presses I've already checked the email", 'signup.alreadyChecked'),
  'xstate.done.actor.requestPasswordReset': answers(
    'the server sends the reset email',
    'requestPasswordReset',
    { ok: true },
  ),
  'xstate.error.actor.requestPasswordReset': answers(
    `the server refuses with '${TOO_MANY.message}'`,
    'requestPasswordReset',
    TOO_MANY,
  ),
  'xstate.done.actor.resendVerification': answers('the server sends the email again', 'resendVerification', {
    ok: true,
  }),
  'xstate.error.actor.resendVerification': answers(
    `the server refuses with '${TOO_MANY.message}'`,
    'resendVerification',
    TOO_MANY,
  ),
  'xstate.done.actor.refreshUser': ({ event }) => {
    const kind = memberKindOf(event.output as User);
    return {
      does: `the server answers: the email is ${kind === 'unverified' ? 'still unverified' : 'verified'}`,
      actions: [{ answer: 'refreshUser', outcome: { ok: true, member: kind } }],
    };
  },
  'xstate.error.actor.refreshUser': answers('the network fails', 'refreshUser', { ok: false, network: true }),
  'xstate.done.actor.emailVerification': ({ event, before }) => {
    const { error } = event.output as { error: string | null };
    const way = (event as { way?: VerificationWay }).way;
    const linkIsGood = [
      { answer: 'fetchUserByToken', outcome: { ok: true, member: 'verified' } },
    ] satisfies Action[];
    if (way === 'markingFails')
      return {
        does: `the link is good, but marking the email verified fails ('${MARK_FAILS.message}')`,
        actions: [...linkIsGood, { answer: 'markEmailVerified', outcome: MARK_FAILS }],
      };
    const verifies: Action[] = before.context.place.token
      ? [...linkIsGood, { answer: 'markEmailVerified', outcome: { ok: true, member: 'verified' } }]
      : [];
    const says = before.context.place.token ? 'the link verifies the email' : 'the email-verified view shows';
    if (way === 'autoContinue')
      return {
        does: `${says}; after 3 s the step continues on its own`,
        actions: [...verifies, { wait: 3000 }],
      };
    if (error === 'signup.emailAlreadyVerified') {
      return {
        does: 'the link was used before: the server answers 409',
        actions: [
          {
            answer: 'fetchUserByToken',
            outcome: { ok: false, status: 409, message: 'Your email is already verified' },
          },
        ],
      };
    }
    if (error) {
      return {
        does: 'the link is refused: unknown or expired',
        actions: [
          {
            answer: 'fetchUserByToken',
            outcome: { ok: false, status: 401, message: 'Invalid or expired link' },
          },
        ],
      };
    }
    return {
      does: `${says}; presses Continue`,
      actions: [...verifies, { click: button('signup.continue') }],
    };
  },
} satisfies EventTable<AccountStep, ChildSettled>;

function withError(snapshot: AccountSnapshot, says: string, shows: Target[]): Sight {
  const { error } = snapshot.context;
  return {
    says: error ? `${says}, with the message ${messageWords(error)}` : says,
    shows: [...shows, ...(error ? [alert(error)] : [])],
    hides: error ? [] : [{ role: 'alert' }],
  };
}

const signupForm = (s: AccountSnapshot) =>
  withError(s, 'the signup form', [heading('signup.signupHeading'), NAME, button('signup.submitSignup')]);
/** The login form, and the line saying the email is verified when the verified view led there. */
const loginForm = (s: AccountSnapshot) => {
  const { notice } = s.context;
  const says = notice ? `the login form, saying ${messageWords(notice)}` : 'the login form';
  const form = withError(s, says, [heading('signup.loginHeading'), EMAIL, button('signup.submitLogin')]);
  const line: Target = { role: 'status', name: key(notice ?? MODAL_NOTICES.emailVerifiedLogIn) };
  return notice
    ? { ...form, shows: [...form.shows, line] }
    : { ...form, hides: [...(form.hides ?? []), line] };
};
const checkInbox = (s: AccountSnapshot) =>
  withError(s, 'check your inbox', [heading('signup.checkInboxHeading'), button('signup.resend')]);

export const accountStates = {
  starting: { passesAtOnce: 'Chooses the first screen of the step at once.' },
  signup: signupForm,
  signingUp: (s) => ({ ...signupForm(s), says: 'the signup form, waiting for the server' }),
  login: loginForm,
  loggingIn: (s) => ({ ...loginForm(s), says: 'the login form, waiting for the server' }),
  resetPassword: { passesAtOnce: 'A compound state: its child states are what shows.' },
  'resetPassword.editing': (s) =>
    withError(s, 'the reset-password form', [heading('signup.resetHeading'), button('signup.resetSubmit')]),
  'resetPassword.sending': () => ({
    says: 'the reset-password form, sending',
    shows: [heading('signup.resetHeading')],
  }),
  'resetPassword.sent': () => ({
    says: 'the reset email is on its way',
    shows: [heading('signup.resetHeading'), { role: 'status', name: key('signup.resetSent') }],
  }),
  checkInbox: { passesAtOnce: 'A compound state: its child states are what shows.' },
  'checkInbox.waiting': checkInbox,
  'checkInbox.resending': (s) => ({ ...checkInbox(s), says: 'check your inbox, resending' }),
  'checkInbox.checking': (s) => ({ ...checkInbox(s), says: 'check your inbox, asking the server' }),
  verifyingEmail: () => ({ says: 'the link is being verified', shows: [{ role: 'dialog' }] }),
  done: { passesAtOnce: 'Step 1 is over: the modal shows the plans.' },
} satisfies StateTable<AccountStep>;

/** Step 1's starting points, each the modal opened in a way that leads there. */
export const ACCOUNT_OPENINGS: { label: string; opening: Opening; modalType: 'signup' | 'login' }[] = [
  { label: 'signup, no verification', ...(OPENINGS[0] as (typeof OPENINGS)[number]) },
  { label: 'login, verification on', ...(OPENINGS[3] as (typeof OPENINGS)[number]) },
  { label: 'a verification link', ...(OPENINGS[12] as (typeof OPENINGS)[number]) },
  { label: "a signed-in member's link", ...(OPENINGS[13] as (typeof OPENINGS)[number]) },
  { label: 'verified=true in the address', ...(OPENINGS[14] as (typeof OPENINGS)[number]) },
  { label: 'signed in, unverified', ...(OPENINGS[7] as (typeof OPENINGS)[number]) },
];

/** The account step's input for an opening, as the modal gives it. */
export function accountInput({ opening, modalType }: (typeof ACCOUNT_OPENINGS)[number]): AuthStepInput {
  const open = openEvent(opening, modalType);
  const start =
    opening.link || opening.verifiedInAddress
      ? 'verifyingEmail'
      : open.user && !open.user.email_verified
        ? 'checkInbox'
        : 'form';
  return { modalType, start, offer: open.offer, place: open.place, user: open.user };
}

export function accountSamples(): Record<
  string,
  AnyEventObject[] | ((s: AccountSnapshot) => AnyEventObject[])
> {
  const valid = { email: 'ana@example.com', password: 'secret-pass' };
  // The login form the verified view of a `verified=true` address leads to is the login opening's
  // form, whose paths walk all of it: from there, only logging in (accepted, refused, or an
  // unverified member's).
  const afterVerifiedView = (s: AccountSnapshot) => s.context.place.verified && !s.context.place.token;
  const notAfterVerified = (type: string) => (s: AccountSnapshot) => (afterVerifiedView(s) ? [] : [{ type }]);
  return {
    'auth.switchToSignup': notAfterVerified('auth.switchToSignup'),
    'auth.forgotPassword': notAfterVerified('auth.forgotPassword'),
    // A member signed in on this step (an unverified email, held on the login form) submitting a
    // form again is left out: the session does not take a second sign-in (see the QA guide).
    'auth.submitSignup': (s) =>
      s.context.user
        ? []
        : [
            { type: 'auth.submitSignup', name: 'Ana Member', ...valid },
            { type: 'auth.submitSignup', name: '', email: '', password: '' },
          ],
    'auth.submitLogin': (s) =>
      s.context.user
        ? []
        : [
            { type: 'auth.submitLogin', ...valid },
            ...(afterVerifiedView(s) ? [] : [{ type: 'auth.submitLogin', email: '', password: '' }]),
          ],
    'auth.submitReset': [{ type: 'auth.submitReset', email: valid.email }],
    'auth.succeeded': (s) =>
      (s.matches('signingUp')
        ? (['verified', 'unverified'] as const)
        : (['verified', 'unverified', 'monthly'] as const)
      ).map((kind) => ({ type: 'auth.succeeded', user: MEMBERS[kind]() })),
    'auth.failed': [{ type: 'auth.failed', message: WRONG_PASSWORD.message }],
    'xstate.done.actor.requestPasswordReset': [{ type: 'xstate.done.actor.requestPasswordReset' }],
    'xstate.error.actor.requestPasswordReset': [
      { type: 'xstate.error.actor.requestPasswordReset', error: new Error(TOO_MANY.message) },
    ],
    'xstate.done.actor.resendVerification': [{ type: 'xstate.done.actor.resendVerification' }],
    'xstate.error.actor.resendVerification': [
      { type: 'xstate.error.actor.resendVerification', error: new Error(TOO_MANY.message) },
    ],
    'xstate.done.actor.refreshUser': [
      { type: 'xstate.done.actor.refreshUser', output: MEMBERS.verified() },
      { type: 'xstate.done.actor.refreshUser', output: MEMBERS.unverified() },
    ],
    'xstate.error.actor.refreshUser': [
      { type: 'xstate.error.actor.refreshUser', error: new Error(NETWORK_MESSAGE) },
    ],
    'xstate.done.actor.emailVerification': (s) => {
      const done = 'xstate.done.actor.emailVerification';
      // `verified=true` alone: the verified view shows, with no call and no member.
      if (!s.context.place.token)
        return [
          { type: done, output: { user: null, error: null } },
          { type: done, output: { user: null, error: null }, way: 'autoContinue' },
        ];
      const verified = { user: MEMBERS.verified(), error: null };
      const failed = { user: null, error: 'signup.emailVerificationFailed' };
      return [
        { type: done, output: verified },
        { type: done, output: failed },
        { type: done, output: { user: null, error: 'signup.emailAlreadyVerified' } },
        { type: done, output: verified, way: 'autoContinue' },
        { type: done, output: failed, way: 'markingFails' },
      ];
    },
  };
}

export const accountStepExecutor = { machine: authStepMachine, events: accountEvents, states: accountStates };
