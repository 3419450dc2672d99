// Every UI path of the address machine (emailed links, members-only pages) replayed through the app.
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
]);
