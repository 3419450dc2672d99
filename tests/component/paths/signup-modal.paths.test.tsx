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
  // Continue on the account view refused for an unverified email: no opening brings such a member
  // past step 1 on a site that verifies emails (check-your-inbox holds them); the machine's paths do.
  'signupModal.open.account account.continue #0',
  // A course on sale without plans: the demo world's course has plans.
  'signupModal.open.challenge plans.next #1',
  // Only a modal opened on step 2 shows a challenge's plans to a visitor, whose back arrow leads to
  // step 1. (Step 3's reaches a visitor on a `verified=true` address, who goes on signed out.)
  'signupModal.open.challenge modal.back #1',
  // Checkout refused for an unverified email on a course: a member unverified never gets past
  // step 1 on a site that verifies emails. (A visitor on a `verified=true` address does, signed
  // out, and is refused on step 3; no such address opens a course.)
  'signupModal.open.checkingOut xstate.done.actor.checkout #0',
]);
