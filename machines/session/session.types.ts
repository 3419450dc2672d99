import type { User } from '../../domain/api-types.ts';

export interface SessionContext {
  user: User | null;
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
  | { type: 'auth.unauthorized' }
  | { type: 'user.received'; user: User };

/** What the session tells the flow that asked it to sign in (the signup modal). */
export type SessionReply = { type: 'auth.succeeded'; user: User } | { type: 'auth.failed'; message: string };
