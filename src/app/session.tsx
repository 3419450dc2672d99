// The machine-backed session of the running app: it starts the flows (src/flows) only when the page
// needs them; their code stays off the first load and comes once the page is idle, so a visitor's
// page runs no flow (decisions 060 and 084). Screens read it through the seam, useSession().
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { User } from '../../domain/api-types.ts';
import { productsQuery } from '../features/products/products.queries.ts';
import { addressOf } from '../flows/signup-modal.offer.ts';
import type { Services } from '../integrations/integrations.ts';
import { peekStoredUser } from '../lib/stored-user.ts';
import { SessionProvider, type SessionValue } from '../session/use-session.tsx';

export interface AppSessionProviderProps {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
  services: Services;
  /** Whom the server rendered the page for (decision 127); undefined for a page it did not render. */
  pageMember?: User | null;
  children: ReactNode;
}

const loadModal = () => import('../features/signup-modal/signup-modal.tsx');
const loadFlows = () => import('../flows/app-session.tsx');

/**
 * Loads the flows' and the modal's code, running its modules but starting nothing: the page calls it
 * once it is idle after its first screen, so that a press on Signup finds the code ready and only has
 * to start the flows and render (decision 084).
 */
export function preloadAuthModal(): void {
  // A load that fails here (the connection dropped) is not reported: the member has asked for nothing.
  loadFlows().catch(() => {});
  loadModal().catch(() => {});
}

type SessionActions = Omit<SessionValue, 'user' | 'prepareAuthModal'>;
type Started = ReturnType<typeof import('../flows/app-session.tsx').startAppSession>;
/** One set of flows per router, however often React renders or mounts the provider. */
const startedFlows = new WeakMap<AnyRouter, Promise<Started>>();

/**
 * Whether the page needs the flows now: a stored member or a page rendered for one (the session
 * checks them), an emailed link that opens the modal, or a members-only page. A visitor reading the
 * site never starts them, so XState and the machines cost nothing until a control that opens the
 * modal is touched.
 */
function flowsNeeded(router: AnyRouter, pageMember: User | null | undefined): boolean {
  if (peekStoredUser() !== null || pageMember) return true;
  const { opensModal, needsMember } = addressOf(router);
  return opensModal || needsMember;
}

/** The machine-backed session of the running app. */
export function AppSessionProvider({
  router,
  queryClient,
  i18n,
  services,
  pageMember,
  children,
}: AppSessionProviderProps) {
  // Until the session has checked the member with the server: whom the server rendered the page for,
  // so it hydrates as it came; on a page it did not render, the stored member, so a returning member
  // never sees Login/Signup flash.
  const [user, setUser] = useState(() => (pageMember === undefined ? peekStoredUser() : pageMember));
  const [ui, setUi] = useState<ReactNode>(null);
  const [ready, setReady] = useState(() => startedFlows.get(router) ?? null);
  const start = useCallback(() => {
    let started = startedFlows.get(router);
    if (!started) {
      started = loadFlows().then((module) =>
        module.startAppSession({ router, queryClient, i18n, services, onUser: setUser, loadModal }),
      );
      startedFlows.set(router, started);
    }
    setReady(started);
    return started;
  }, [router, queryClient, i18n, services]);
  useEffect(() => {
    if (flowsNeeded(router, pageMember)) {
      void start();
      return;
    }
    // A later address can need them (a members-only page, a link followed within the app).
    const unsubscribe = router.subscribe('onResolved', () => {
      if (flowsNeeded(router, pageMember)) void start();
    });
    return unsubscribe;
  }, [router, start, pageMember]);
  useEffect(() => {
    if (!ready) return;
    let current = true;
    void ready.then((flows) => {
      if (current) setUi(flows.ui);
    });
    return () => {
      current = false;
    };
  }, [ready]);
  // Calls start the flows if they are not running, and wait for them. The members stay the same
  // functions while the user changes, so a screen that hands each fresh copy to userChanged in an
  // effect does not loop.
  const actions = useMemo(() => {
    const later =
      <Name extends keyof SessionActions>(name: Name) =>
      (...args: Parameters<SessionActions[Name]>) =>
        void start().then(({ flows }) => (flows[name] as (...args: unknown[]) => unknown)(...args));
    return {
      openAuthModal: later('openAuthModal'),
      choosePlan: later('choosePlan'),
      logout: later('logout'),
      userChanged: later('userChanged'),
      // The pointer is down or the control has focus: the click follows, and by then the code is
      // here or on its way (the page prefetched the chunks when the browser was idle).
      prepareAuthModal: () => {
        void start();
        void loadModal();
        // The modal opens on the plans it offers, so they are asked for now too.
        void queryClient.prefetchQuery(productsQuery());
      },
    };
  }, [start, queryClient]);
  const value = useMemo<SessionValue>(() => ({ user, ...actions }), [user, actions]);

  // What the flows draw (the modal) sits beside the router's matches, over every route.
  return (
    <SessionProvider value={value}>
      {children}
      {ui}
    </SessionProvider>
  );
}
