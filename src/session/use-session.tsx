// The seam between the screens and the session: the navigation bar, the profile guard and anything
// else that needs the member read it only through useSession(). The app provides it (the machine-
// backed provider in src/app/session.tsx, or a fixed value in screen tests); this folder sits below
// the features, so every screen, component and feature can read it and the shell stays the only
// place that knows how the session runs (decision 103).
import { createContext, type ReactNode, useContext } from 'react';
import type { User } from '../../domain/api-types.ts';

export interface SessionValue {
  user: User | null;
  openAuthModal(type: 'signup' | 'login'): void;
  /** A plan was chosen from the prices (Home's): it goes into the address, and the signup modal opens on it. */
  choosePlan(plan: string): void;
  /** A control that opens the modal is about to be clicked: its code starts loading. */
  prepareAuthModal(): void;
  logout(): void;
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

/**
 * What a control that opens the modal spreads on itself: the click opens it, and a touch or focus
 * before the click starts loading what it needs.
 */
export function useAuthModalControl(type: 'signup' | 'login') {
  const { openAuthModal, prepareAuthModal } = useSession();
  return { onClick: () => openAuthModal(type), onPointerDown: prepareAuthModal, onFocus: prepareAuthModal };
}
