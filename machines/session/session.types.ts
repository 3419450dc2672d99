import type { User } from '../../domain/api-types.ts';

export interface SessionContext {
  user: User | null;
  /** The copy stored under `pcc-user` when the app started, kept while the server cannot be asked. */
  stored: User | null;
  /** The session token to fetch the user with: the stored one, or the one login just returned. */
  token: string | null;
  /** The server's message of the last failed login or register, shown as sent. */
  error: string | null;
}

export interface RegisterDetails {
  name: string;
  email: string;
  password: string;
  currentRoute: string;
  enableEmailVerification: boolean;
  /** The visitor's language, for the verification email. */
  locale?: 'en' | 'es';
}

export type SessionEvent =
  | { type: 'auth.login'; email: string; password: string }
  | ({ type: 'auth.register' } & RegisterDetails)
  | { type: 'auth.logout' }
  /** 'Not you? Log out' in the modal's account view: signed out without leaving the page. */
  | { type: 'auth.logoutInModal' }
  | { type: 'auth.unauthorized' }
  | { type: 'user.received'; user: User };

/** What the session tells the flow that asked it to sign in (the signup modal). */
export type SessionReply = { type: 'auth.succeeded'; user: User } | { type: 'auth.failed'; message: string };

/**
 * A call that failed: the server's message (or the client's key for no answer) and the HTTP status,
 * 0 when no answer came (network error, timeout, a request cancelled by leaving the page).
 */
export class RequestError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** The server said no (a 4xx answer): the only failure that signs a stored member out. */
export function serverRefused(error: unknown): boolean {
  const status = error instanceof RequestError ? error.status : 0;
  return status >= 400 && status < 500;
}
