// The running app's flows: loaded after the first render (XState and the machines stay off the home
// route's first load), started once, and read by the session provider through narrow selectors.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { i18n } from 'i18next';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import type { User } from '../../domain/api-types.ts';
import { reportOf } from '../../machines/session/session-reports.ts';
import type { ModalStep, ModalType } from '../../machines/signup-modal/signup-modal.types.ts';
import { sessionClient } from '../api/session-client.ts';
import { TRAINER_ID } from '../config.ts';
import { siteSettingsQuery } from '../features/content/site-settings.ts';
import { USER_QUERY_KEY } from '../features/profile/user.queries.ts';
import type { Services } from '../integrations/integrations.ts';
import { peekStoredUser } from '../lib/stored-user.ts';
import { useSession } from '../session/use-session.tsx';
import { startAppFlows } from './flows.ts';
import { addressOf, offerAndPlace, removeLinkParams, writePlan } from './signup-modal.offer.ts';

export interface AppSessionOptions {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
  services: Services;
  /** Receives the session's user once it can say who it is (checked, or the stored copy standing). */
  onUser: (user: User | null) => void;
  /** Loads the modal's chunk; the shell holds the import so the chunks share one loader. */
  loadModal: () => Promise<typeof import('../features/signup-modal/signup-modal.tsx')>;
}

export type AppFlows = ReturnType<typeof createFlows>;

/** Starts the flows; `ui` is what they draw (the session's reports, emailed links, the modal). */
export function startAppSession(options: AppSessionOptions) {
  const flows = createFlows(options);
  return { flows, ui: <FlowsUi flows={flows} onUser={options.onUser} loadModal={options.loadModal} /> };
}

function createFlows({ router, queryClient, i18n, services, loadModal }: AppSessionOptions) {
  let tellModalSignedOut = () => {};
  const { root, session, signupModal } = startAppFlows({
    trainerId: TRAINER_ID,
    client: sessionClient,
    storage: globalThis.localStorage,
    navigate: (path) => void router.navigate({ to: path }),
    redirect: (url) => globalThis.location.assign(url),
    analytics: services.analytics,
    engagement: services.engagement,
    // The member's own server data must not outlive the member. The catalogue, the pages' texts and
    // the settings are everyone's and stay: a page the server rendered may still be hydrating from
    // them when a session it was opened with turns out to have ended (decision 127).
    resetStore: () => void queryClient.resetQueries({ queryKey: USER_QUERY_KEY }),
    // The selected order lives in the modal's context: the modal drops it with the member, closing
    // unless its own account view asked to sign out. Told after the session's step, not inside it: a
    // send from within an action would start the modal's children mid-step, which XState refuses.
    clearSelectedOrder: () => queueMicrotask(() => tellModalSignedOut()),
    contactSupport: () => {
      const settings = queryClient.getQueryData(siteSettingsQuery().queryKey);
      globalThis.location.assign(
        settings?.supportEmail ? `mailto:${settings.supportEmail}` : i18n.t('footer.supportFallbackHref'),
      );
    },
    shell: {
      start: { address: addressOf(router), signedIn: peekStoredUser() !== null },
      watchAddress: (report) => router.subscribe('onResolved', () => report(addressOf(router))),
      removeLinkParams: () => removeLinkParams(router),
      writePlan: (plan) => writePlan(router, plan),
      loadModal,
      readOffer: () => offerAndPlace({ router, queryClient, locale: i18n.language }),
    },
  });
  tellModalSignedOut = () => signupModal.send({ type: 'member.signedOut' });

  return {
    session,
    signupModal,
    router,
    /** Asks the app's system for the modal; it opens once its code, the offer and the member are known. */
    openAuthModal(modalType: ModalType, step?: ModalStep) {
      root.send({ type: 'modal.requested', modalType, ...(step ? { step } : {}) });
    },
    /** The address machine puts the plan in the address, then asks for the signup modal on it. */
    choosePlan(plan: string) {
      root.system.get('address')?.send({ type: 'plan.chosen', plan });
    },
    /** The app's chart passes it on once the session knows the member (`signOut` in the app chart). */
    logout() {
      root.send({ type: 'logout.requested' });
    },
    userChanged(user: User) {
      // Some answers carry no session token; the member keeps the one they have.
      const token = session.getSnapshot().context.token ?? '';
      session.send({ type: 'user.received', user: user.token ? user : { ...user, token } });
    },
  };
}

/**
 * Reports the session's user to the provider, read with narrow selectors, once the session can say
 * who it is: checked with the server, or the stored copy standing while the server cannot be asked.
 */
function SessionReporter({ flows, onUser }: FlowsUiProps) {
  const user = useSelector(flows.session, (snapshot) => reportOf(snapshot).user);
  // Until then the provider keeps whom the page was drawn for.
  const isKnown = useSelector(flows.session, (snapshot) => reportOf(snapshot).known);
  const reported = useRef(false);
  useEffect(() => {
    reported.current ||= isKnown;
    if (reported.current) onUser(user);
  }, [user, isKnown, onUser]);
  // Once the page shows whom the session says, what says who is signed in is shown again, where the
  // page's loader held it back (src/hydration/start.ts, decision 127).
  const shown = useSession().user;
  useEffect(() => {
    if (isKnown && shown === user) delete document.documentElement.dataset.identity;
  }, [isKnown, shown, user]);
  return null;
}

type ModalComponent = ComponentType<{ flows: AppFlows }>;

/** Mounts the modal the first time it opens; its code has arrived by then (machines/modal-opening). */
function ModalMount({ flows, loadModal }: { flows: AppFlows; loadModal: AppSessionOptions['loadModal'] }) {
  const open = useSelector(flows.signupModal, (snapshot) => snapshot.hasTag('modal:open'));
  const [Modal, setModal] = useState<ModalComponent | null>(null);
  useEffect(() => {
    if (!open || Modal) return;
    let current = true;
    void loadModal().then((module) => {
      if (current) setModal(() => module.SignupModal);
    });
    return () => {
      current = false;
    };
  }, [open, Modal, loadModal]);
  return Modal ? <Modal flows={flows} /> : null;
}

export interface FlowsUiProps {
  flows: AppFlows;
  onUser: (user: User | null) => void;
}

/** What the flows add to the page: the session's reports and the modal. */
function FlowsUi({ loadModal, ...props }: FlowsUiProps & Pick<AppSessionOptions, 'loadModal'>) {
  return (
    <>
      <SessionReporter {...props} />
      <ModalMount flows={props.flows} loadModal={loadModal} />
    </>
  );
}
