// Every UI path of the address machine (emailed links, members-only pages, a plan chosen on Home)
// replayed through the app.
import { describeUiPaths } from './dom-driver.tsx';

describeUiPaths('the address (emailed links and members-only pages)', 'address', [
  // The member navigates, or the member changes, while the modal's code loads for a link: no step
  // of a member's is that quick.
  'address.openingModal address.changed #0',
  'address.openingModal member.changed #0',
  // The modal's code failing to load: no screen causes it.
  'address.openingModal xstate.error.actor.openSignupModal #0',
  // The router's report of the address without the token, which the machine took out itself on
  // entering: part of the step that followed the link, and nothing on screen changes with it.
  'address.signingInWithLink address.changed #0',
  // Likewise the router's report of the address with the chosen plan, which the machine wrote
  // itself; and no member signs in or out within the step that chose the plan.
  'address.writingPlan address.changed #0',
  'address.writingPlan member.changed #0',
  // The router failing to take the plan: no screen causes it.
  'address.writingPlan xstate.error.actor.writePlan #0',
]);
