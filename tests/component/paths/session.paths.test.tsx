// Every UI path of the session (the kept member, a 401, offline, logout) replayed through the app.
import { describeUiPaths } from './dom-driver.tsx';

describeUiPaths('the session', 'session', [
  // A 401 outside a signed-in session: the check of the kept member is refused as fetchUser's
  // error (replayed here); no other call carries a token then.
  'session auth.unauthorized #0',
  // Handed over by the link flows, whose own paths replay it (the account step's, the address's).
  'session user.received #0',
  // The browser refusing to read its own storage: no screen causes it.
  'session.restoring xstate.error.actor.readStoredUser #0',
  // 'Not you? Log out' in the modal's account view: the modal's paths (M-) carry it out.
  'session.waitingToRecheck auth.logoutInModal #0',
  'session.signedIn auth.logoutInModal #0',
]);
