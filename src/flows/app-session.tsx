// The running app's flows: loaded after the first render (XState and the machines stay off the home
// route's first load), started once, and read by the session provider through narrow selectors.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { i18n } from 'i18next';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { type ActorRefFrom, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import { addressMachine } from '../../machines/address/address.machine.ts';
import type { sessionMachine } from '../../machines/session/session.machine.ts';
import type { signupModalMachine } from '../../machines/signup-modal/signup-modal.machine.ts';
import type { ModalStep, ModalType } from '../../machines/signup-modal/signup-modal.types.ts';
import { sessionClient } from '../api/session-client.ts';
import { TRAINER_ID } from '../config.ts';
import { siteSettingsQuery } from '../features/content/site-settings.ts';
import { peekStoredUser } from '../lib/stored-user.ts';
import type { Services } from '../services/services.ts';
import { fetchUser } from './api-calls.ts';
import { startAppFlows } from './flows.ts';
import { flowInspector } from './inspection.ts';
import { addressOf, offerAndPlace, removeLinkParams } from './signup-modal.offer.ts';

export interface AppSessionOptions {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
  services: Services;
  /** Receives the session's user once the stored session has been checked. */
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
  let closeModal = () => {};
  const started = startAppFlows({
    trainerId: TRAINER_ID,
    client: sessionClient,
    storage: globalThis.localStorage,
    navigate: (path) => void router.navigate({ to: path }),
    redirect: (url) => globalThis.location.assign(url),
    analytics: services.analytics,
    engagement: services.engagement,
    // Member-specific server data must not outlive the member; settings keep their inlined copy.
    resetStore: () => void queryClient.resetQueries(),
    // The selected order lives in the modal's context, which the next opening starts afresh.
    clearSelectedOrder: () => closeModal(),
    contactSupport: () => {
      const settings = queryClient.getQueryData(siteSettingsQuery().queryKey);
      globalThis.location.assign(
        settings?.supportEmail ? `mailto:${settings.supportEmail}` : i18n.t('footer.supportFallbackHref'),
      );
    },
  });
  if (!started.signupModal) throw new Error('the app flows did not register the signup modal');
  const { session } = started;
  // The system returns untyped refs; this one is registered by startAppFlows with this machine.
  const signupModal = started.signupModal as ActorRefFrom<typeof signupModalMachine>;
  const { deps } = started;
  closeModal = () => signupModal.send({ type: 'modal.close' });

  // The session has checked the stored member, or cannot ask the server for now (the stored copy
  // then stands): what the modal and a logout wait for.
  const memberKnown = () =>
    waitFor(session, (snapshot) => settled(snapshot) || snapshot.matches('waitingToRecheck'));

  const openAuthModal = async (modalType: ModalType, step?: ModalStep) => {
    // The modal opens once its code is here, so it shows whole at once rather than after a
    // suspended render (React holds a suspended reveal back for about 300 ms).
    const [{ offer, place }] = await Promise.all([
      offerAndPlace({ router, queryClient, locale: i18n.language }),
      loadModal(),
    ]);
    // The modal starts from who the member is, so it waits for the session's check of the stored
    // member; while the server cannot be asked, the stored member stands, as on every screen.
    const checked = await memberKnown();
    signupModal.send({
      type: 'modal.open',
      modalType,
      ...(step ? { step } : {}),
      offer,
      place,
      user: checked.context.user ?? (checked.matches('waitingToRecheck') ? checked.context.stored : null),
      now: Date.now(),
    });
  };
  // The link's token fetches the user with a fresh session token; a refused link changes nothing.
  const signInWithLink = async (token: string) => {
    session.send({ type: 'user.received', user: await fetchUser(deps.api, token) });
  };

  const address = createActor(
    addressMachine.provide({
      actors: {
        openSignupModal: fromPromise(() => openAuthModal('signup')),
        signInWithLink: fromPromise<void, { token: string }>(({ input }) => signInWithLink(input.token)),
      },
      actions: {
        removeLinkParams: () => removeLinkParams(router),
        openLoginModal: () => void openAuthModal('login'),
      },
    }),
    { input: { address: addressOf(router), signedIn: peekStoredUser() !== null }, inspect: flowInspector() },
  );
  address.start();
  router.subscribe('onResolved', () => address.send({ type: 'address.changed', ...addressOf(router) }));
  let signedIn: boolean | null = null;
  session.subscribe((snapshot) => {
    if (!settled(snapshot) || signedIn === (snapshot.context.user !== null)) return;
    signedIn = snapshot.context.user !== null;
    address.send({ type: 'member.changed', signedIn });
  });

  return {
    session,
    signupModal,
    router,
    openAuthModal,
    logout() {
      // A logout pressed while the session still checks the stored member (the page rendered from
      // the stored copy) waits for the check: the chart takes it only once the member is known.
      void memberKnown().then(() => session.send({ type: 'auth.logout' }));
    },
    userChanged(user: User) {
      // Some answers carry no session token; the member keeps the one they have.
      const token = session.getSnapshot().context.token ?? '';
      session.send({ type: 'user.received', user: user.token ? user : { ...user, token } });
    },
  };
}

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Until the stored session has been checked with the server, the provider keeps the stored copy. */
const settled = (snapshot: SessionSnapshot) =>
  snapshot.matches('signedIn') || snapshot.matches('signedOut') || snapshot.matches('signingOut');

/** Reports the session's user to the provider, read with narrow selectors, once it is settled. */
function SessionReporter({ flows, onUser }: FlowsUiProps) {
  const user = useSelector(flows.session, (snapshot) => snapshot.context.user);
  const isSettled = useSelector(flows.session, settled);
  const reported = useRef(false);
  useEffect(() => {
    reported.current ||= isSettled;
    if (reported.current) onUser(user);
  }, [user, isSettled, onUser]);
  return null;
}

type ModalComponent = ComponentType<{ flows: AppFlows }>;

/** Mounts the modal the first time it opens; its code has arrived by then (see openAuthModal). */
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
