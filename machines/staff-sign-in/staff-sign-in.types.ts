/** Where the flow starts: the sign-in page, an emailed sign-in link, or an invite's page. */
export type StaffSignInInput =
  | { start: 'signIn' }
  | { start: 'link'; token: string }
  | { start: 'invite'; token: string };

/** The invite, as the server describes it before it is accepted. */
export interface InviteView {
  email: string;
  role: 'owner' | 'coach';
  trainerName: string;
  expiresAt: string;
}

/** The signed-in staff member, as the server answers a sign-in. */
export interface StaffView {
  id: string;
  email: string;
  name: string;
  role: 'owner' | 'coach';
}

/**
 * Why a step failed, as the page says it: the person closed or let time out the browser's passkey
 * prompt (`cancelled`: browsers report both alike, so no one can tell whether a passkey exists), the
 * server or the browser refused the passkey (`notAllowed`), too many attempts (`rateLimited`), an
 * emailed link or invite that is used up or past its time (`linkExpired`), or anything else, with
 * its message (`failed`).
 */
export type SignInProblem = 'cancelled' | 'notAllowed' | 'rateLimited' | 'linkExpired' | 'failed';

export interface StaffSignInContext {
  start: StaffSignInInput['start'];
  token: string | null;
  invite: InviteView | null;
  /** The WebAuthn options the server gave for the ceremony under way. */
  options: unknown;
  /** The name and device the invited person typed. */
  name: string;
  deviceName: string;
  email: string;
  staff: StaffView | null;
  problem: SignInProblem | null;
  /** The server's (or the browser's) words for the problem. */
  message: string | null;
}

export type StaffSignInEvent =
  | { type: 'passkey.start' }
  | { type: 'link.request'; email: string }
  | { type: 'link.back' }
  | { type: 'invite.accept'; name: string; deviceName: string }
  | { type: 'retry' };
