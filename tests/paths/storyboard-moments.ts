// The moments of the storyboard (tests/paths/storyboard.ts): the ways a state shows that its one
// screenshot does not (the email-verified view, a challenge's plans and a course's, each error a path
// shows with its message), each taken where a browser path first shows it.
import { openingOf, type UiPath } from './catalog.ts';
import { heading, type Target } from './ui.ts';

/** A way a state shows that the state's one screenshot does not: taken where a path first shows it. */
export interface Moment {
  chart: UiPath['chart'];
  state: string;
  /** Names its screenshot. */
  moment: string;
  /** In plain words, after the state's: the storyboard's row. */
  label: string;
  /** Whether step `index` of the path shows it. */
  shownBy: (path: UiPath, index: number) => boolean;
  /** What appears a moment after the step's own sight, to wait for before the screenshot. */
  waitFor?: Target;
}

/** Whether step `index` ends with the alert of a message (a catalogue key, or the server's words). */
const alertOf = (path: UiPath, index: number, message: string) =>
  path.steps[index]?.sight?.shows.some(
    (target) => 'role' in target && target.role === 'alert' && target.name?.key === message,
  ) ?? false;

/** A state's moment of an error: the first path whose step there ends with the message's alert. */
const errorMoment = (
  chart: UiPath['chart'],
  state: string,
  moment: string,
  label: string,
  message: string,
): Moment => ({
  chart,
  state,
  moment,
  label,
  shownBy: (path, index) => stateAt(path, index) === state && alertOf(path, index, message),
});
const stateAt = (path: UiPath, index: number) => path.steps[index]?.state;

export const MOMENTS: Moment[] = [
  {
    chart: 'signup-modal',
    state: 'open.auth',
    moment: 'email-verified',
    label: 'the email-verified view, opened by a link carrying verified=true',
    shownBy: (path, index) =>
      stateAt(path, index) === 'open.auth' && openingOf(path)?.verifiedInAddress === true,
    waitFor: heading('signup.emailVerifiedHeading'),
  },
  {
    chart: 'signup-modal',
    state: 'open.challenge',
    moment: 'course',
    label: "a course's plans",
    shownBy: (path, index) =>
      stateAt(path, index) === 'open.challenge' && (openingOf(path)?.path.startsWith('/course/') ?? false),
  },
  {
    chart: 'signup-modal',
    state: 'open.challenge',
    moment: 'challenge',
    label: "a challenge's plans",
    shownBy: (path, index) =>
      stateAt(path, index) === 'open.challenge' && (openingOf(path)?.path.startsWith('/challenge/') ?? false),
  },
  {
    chart: 'signup-modal',
    state: 'open.subscription',
    moment: 'no-plan-chosen',
    label: "step 3's button pressed with no plan chosen",
    shownBy: (path, index) =>
      stateAt(path, index) === 'open.subscription' && alertOf(path, index, 'signup.pleaseSelectSubscription'),
  },
  errorMoment(
    'signup-modal',
    'open.subscription',
    'unverified',
    "step 3's button pressed by a member whose email is unverified: checkout is blocked",
    'Please verify your email before proceeding to checkout',
  ),
  errorMoment(
    'signup-modal',
    'open.account',
    'resend-refused',
    'the verification email asked for again, refused',
    'signup.verifyEmail.error',
  ),
  {
    chart: 'account-step',
    state: 'login',
    moment: 'refused',
    label: "a login the server refuses, with the server's message",
    shownBy: (path, index) =>
      stateAt(path, index) === 'login' && alertOf(path, index, 'Invalid email or password'),
  },
  errorMoment(
    'account-step',
    'signup',
    'empty',
    'the signup form sent empty',
    'signup.pleaseEnterEmailAndPassword',
  ),
  errorMoment(
    'account-step',
    'signup',
    'refused',
    "a signup the server refuses, with the server's message",
    'Invalid email or password',
  ),
  errorMoment(
    'account-step',
    'login',
    'link-failed',
    'a verification link that failed',
    'signup.emailVerificationFailed',
  ),
  errorMoment(
    'account-step',
    'login',
    'already-verified',
    'a verification link for an email already verified',
    'signup.emailAlreadyVerified',
  ),
  errorMoment(
    'account-step',
    'resetPassword.editing',
    'too-many',
    'a reset asked for too often',
    'Too many requests, please try again later',
  ),
  errorMoment(
    'account-step',
    'checkInbox.waiting',
    'too-many',
    'the email asked for again too often',
    'Too many requests, please try again later',
  ),
  errorMoment(
    'account-step',
    'checkInbox.waiting',
    'resend-refused',
    'the email asked for again, refused',
    'signup.verifyEmail.error',
  ),
  errorMoment(
    'account-step',
    'checkInbox.waiting',
    'no-answer',
    'the server not answering',
    'errors.network',
  ),
];
