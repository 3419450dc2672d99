// The seam between the screens and the session: the navigation bar, the profile guard and anything
// else that needs the member read it only through useSession(). The session machine provides it.
import { createContext, type ReactNode, useContext } from 'react';
import type { components } from '../api/schema.d.ts';

export type User = components['schemas']['User'];

export interface SessionValue {
  user: User | null;
  openAuthModal(type: 'signup' | 'login'): void;
  logout(): void;
  /** Loads the user with a token from an emailed link (`?token=` on /profile and /email-verified); a failure is ignored. */
  loadUserWithToken(token: string): void;
  /** The server sent a newer copy of the signed-in user (after a profile save or a purchase). */
  userChanged(user: User): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ value, children }: { value: SessionValue; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs a SessionProvider above it');
  return value;
}
