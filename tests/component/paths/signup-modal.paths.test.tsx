// Every UI path of the signup modal replayed through the real React tree (see tests/paths/).
import { describeUiPaths } from './dom-driver.tsx';

// In the order of the chart's definition, as the coverage check lists them.
describeUiPaths('signup modal', 'signup-modal', [
  // The session's answers reach the modal only inside step 1, which they end: the account
  // step's own paths replay them, and here step 1 ends with the member it signed in.
  'signupModal.open auth.succeeded #0',
  // A member signed out by a 401 while the modal shows: the session's paths (S-) carry it out.
  'signupModal.open member.signedOut #0',
  // No screen opens the modal on a given step (the spec's initialModalStep has no entry point).
  'signupModal.open.entering always #1',
  'signupModal.open.entering always #2',
  // (the session's answers, as above)
  'signupModal.open.auth auth.succeeded #0',
  'signupModal.open.auth auth.failed #0',
  // Step 1 ends only with a member, so only a modal opened on a later step shows the plans to a
  // visitor: their Next with a plan chosen (sign in first), and their back arrow to step 1.
  'signupModal.open.challenge plans.next #0',
  // A course on sale without plans: the demo world's course has plans.
  'signupModal.open.challenge plans.next #2',
  // (a visitor on a later step, as above)
  'signupModal.open.challenge modal.back #1',
  'signupModal.open.subscription plans.next #0',
  'signupModal.open.subscription modal.back #2',
  // Checkout refused for an unverified email on a course: the one such member past step 1 (whose
  // emailed link was refused, signed in) follows a link to the home page, whose refusal is on step 3.
  'signupModal.open.checkingOut xstate.done.actor.checkout #0',
]);
