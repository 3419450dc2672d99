// The seam between the screens and the session: the navigation bar, the profile guard and anything
// else that needs the member read it only through useSession(). The session machine provides it,
// loaded after the first render so XState stays off the home route's first load (decision 060).
import type { QueryClient } from '@tanstack/react-query';
import { type AnyRouter, useRouterState } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { components } from '../api/schema.d.ts';
import type { AppFlows, SessionReport } from '../flows/app-session.tsx';
import { USER_STORAGE_KEY } from './api.ts';

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
const FlowsContext = createContext<{ flows: AppFlows | null; modalWanted: boolean }>({
  flows: null,
  modalWanted: false,
});

export function SessionProvider({ value, children }: { value: SessionValue; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs a SessionProvider above it');
  return value;
}

/** The stored copy of the member, read at once so a returning member never sees Login/Signup flash. */
function readStoredUser(): User | null {
  try {
    const text = globalThis.localStorage?.getItem(USER_STORAGE_KEY);
    const user: unknown = text ? JSON.parse(text) : null;
    return user && typeof user === 'object' && 'token' in user && 'profile' in user ? (user as User) : null;
  } catch {
    return null;
  }
}

interface ModalRequest {
  type: 'signup' | 'login';
}

/** Reads the query parameters that open the modal: `openModal=true` (with the link's `token`), `verified=true`. */
function linkAsksForModal(search: Record<string, unknown>): boolean {
  return (
    search.openModal === true ||
    search.openModal === 'true' ||
    search.verified === true ||
    search.verified === 'true'
  );
}

export interface AppSessionProviderProps {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
  children: ReactNode;
}

/** The machine-backed session of the running app. */
export function AppSessionProvider({ router, queryClient, i18n, children }: AppSessionProviderProps) {
  const [flows, setFlows] = useState<AppFlows | null>(null);
  const [report, setReport] = useState<SessionReport>(() => ({ user: readStoredUser(), settled: false }));
  const [modalWanted, setModalWanted] = useState(false);
  const [Reporter, setReporter] = useState<typeof import('../flows/app-session.tsx').SessionReporter | null>(
    null,
  );
  const pending = useRef<((flows: AppFlows) => void)[]>([]);
  const started = useRef<AppFlows | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import('../flows/app-session.tsx').then((module) => {
      if (cancelled) return;
      // Strict mode mounts twice; the flows are started once per provider.
      started.current ??= module.startAppSession({ router, queryClient, i18n });
      const ready = started.current;
      setReporter(() => module.SessionReporter);
      setFlows(ready);
      for (const run of pending.current.splice(0)) run(ready);
    });
    return () => {
      cancelled = true;
    };
  }, [router, queryClient, i18n]);

  const whenReady = useCallback(
    (run: (flows: AppFlows) => void) => {
      if (flows) run(flows);
      else pending.current.push(run);
    },
    [flows],
  );

  const openModal = useCallback(
    ({ type }: ModalRequest) => {
      setModalWanted(true);
      whenReady((ready) => void ready.openModal(type));
    },
    [whenReady],
  );

  // An emailed verification link: open the modal with the link's parameters, then drop them.
  const search = useRouterState({
    router,
    select: (state) => state.location.search as Record<string, unknown>,
  });
  const handledLink = useRef<unknown>(null);
  useEffect(() => {
    if (!linkAsksForModal(search) || handledLink.current === search) return;
    handledLink.current = search;
    setModalWanted(true);
    whenReady((ready) => {
      void ready.openModal('signup').then(() => {
        const { token: _token, openModal: _open, verified: _verified, ...rest } = search;
        void router.navigate({ to: '.', search: rest, replace: true });
      });
    });
  }, [search, whenReady, router]);

  // The members stay the same functions while the user changes, so effects that depend on them
  // (a screen handing each fresh copy to userChanged) do not run again for the session's own update.
  const actions = useMemo<Omit<SessionValue, 'user'>>(
    () => ({
      openAuthModal: (type) => openModal({ type }),
      logout: () => whenReady((ready) => ready.logout()),
      loadUserWithToken: (token) => whenReady((ready) => ready.loadUserWithToken(token)),
      userChanged: (changed) => whenReady((ready) => ready.userChanged(changed)),
    }),
    [openModal, whenReady],
  );
  const value = useMemo<SessionValue>(() => ({ user: report.user, ...actions }), [report.user, actions]);
  const onReport = useCallback((next: SessionReport) => {
    // Before the stored session is checked the stored copy stands; afterwards the session decides.
    setReport((previous) => (next.settled || previous.settled ? { ...next, settled: true } : previous));
  }, []);

  return (
    <SessionContext.Provider value={value}>
      <FlowsContext.Provider value={{ flows, modalWanted }}>
        {flows && Reporter ? <Reporter flows={flows} onReport={onReport} /> : null}
        {children}
      </FlowsContext.Provider>
    </SessionContext.Provider>
  );
}

const SignupModal = lazy(() =>
  import('../features/signup-modal/signup-modal.tsx').then((module) => ({ default: module.SignupModal })),
);

/** Mounts the modal's chunk the first time the modal is asked for. */
export function SignupModalSlot() {
  const { flows, modalWanted } = useContext(FlowsContext);
  if (!flows || !modalWanted) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal flows={flows} />
    </Suspense>
  );
}
