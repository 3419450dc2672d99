// The seam between the screens and the session: the navigation bar, the profile guard and anything
// else that needs the member read it only through useSession(). The session machine provides it,
// loaded after the first render so XState stays off the home route's first load (decision 060).
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { User } from '../../domain/api-types.ts';
import type { Services } from '../services/services.ts';
import { peekStoredUser } from './stored-user.ts';

export interface SessionValue {
  user: User | null;
  openAuthModal(type: 'signup' | 'login'): void;
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

export interface AppSessionProviderProps {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
  services: Services;
  children: ReactNode;
}

const loadModal = () => import('../features/signup-modal/signup-modal.tsx');

type SessionActions = Omit<SessionValue, 'user'>;
type Started = ReturnType<typeof import('../flows/app-session.tsx').startAppSession>;
/** One set of flows per router, however often React renders or mounts the provider. */
const startedFlows = new WeakMap<AnyRouter, Promise<Started>>();

/** The machine-backed session of the running app. */
export function AppSessionProvider({
  router,
  queryClient,
  i18n,
  services,
  children,
}: AppSessionProviderProps) {
  // Before the session has checked it with the server, the stored member stands, so a returning member
  // never sees Login/Signup flash.
  const [user, setUser] = useState(() => peekStoredUser());
  const [ui, setUi] = useState<ReactNode>(null);
  let started = startedFlows.get(router);
  if (!started) {
    started = import('../flows/app-session.tsx').then((module) =>
      module.startAppSession({ router, queryClient, i18n, services, onUser: setUser, loadModal }),
    );
    startedFlows.set(router, started);
  }
  const ready = started;
  useEffect(() => {
    void ready.then((flows) => setUi(flows.ui));
  }, [ready]);
  // Calls made before the flows have loaded wait for them. The members stay the same functions while
  // the user changes, so a screen that hands each fresh copy to userChanged in an effect does not loop.
  const actions = useMemo(() => {
    const later =
      <Name extends keyof SessionActions>(name: Name) =>
      (...args: Parameters<SessionActions[Name]>) =>
        void ready.then(({ flows }) => (flows[name] as (...args: unknown[]) => unknown)(...args));
    return {
      openAuthModal: later('openAuthModal'),
      logout: later('logout'),
      userChanged: later('userChanged'),
    };
  }, [ready]);
  const value = useMemo<SessionValue>(() => ({ user, ...actions }), [user, actions]);

  // What the flows draw (the modal) sits beside the router's matches, over every route.
  return (
    <SessionContext.Provider value={value}>
      {children}
      {ui}
    </SessionContext.Provider>
  );
}
