// The running app's flows: loaded after the first render (XState and the machines stay off the home
// route's first load), started once, and read by the session provider through narrow selectors.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { i18n } from 'i18next';
import { useEffect } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session/session.machine.ts';
import type { User } from '../../machines/shared/api-types.ts';
import type { signupModalMachine } from '../../machines/signup-modal/signup-modal.machine.ts';
import type { ModalStep, ModalType } from '../../machines/signup-modal/signup-modal.types.ts';
import { trackEvent } from '../app/analytics.ts';
import { TRAINER_ID } from '../config.ts';
import { siteSettingsQuery } from '../features/content/site-settings.ts';
import { offerAndPlace } from '../features/signup-modal/signup-modal.offer.ts';
import { fetchUser } from './api-calls.ts';
import { startAppFlows } from './flows.ts';

export interface AppSessionOptions {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
}

export type AppFlows = ReturnType<typeof startAppSession>;

export function startAppSession({ router, queryClient, i18n }: AppSessionOptions) {
  let closeModal = () => {};
  const flows = startAppFlows({
    trainerId: TRAINER_ID,
    fetch: (input, init) => globalThis.fetch(input, init),
    storage: globalThis.localStorage,
    navigate: (path) => void router.navigate({ to: path }),
    redirect: (url) => globalThis.location.assign(url),
    analytics: { track: (event, properties) => trackEvent(event, properties) },
    // No engagement service is configured in this build; there is nothing running to stop.
    engagement: { stop: () => {} },
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
  if (!flows.session || !flows.signupModal) throw new Error('the app flows did not register their actors');
  // The system returns untyped refs; these two are registered by startAppFlows with these machines.
  const session = flows.session as ActorRefFrom<typeof sessionMachine>;
  const signupModal = flows.signupModal as ActorRefFrom<typeof signupModalMachine>;
  const { deps } = flows;
  closeModal = () => signupModal.send({ type: 'modal.close' });

  return {
    session,
    signupModal,
    async openModal(modalType: ModalType, step?: ModalStep) {
      const { offer, place } = await offerAndPlace({ router, queryClient, locale: i18n.language });
      signupModal.send({
        type: 'modal.open',
        modalType,
        ...(step ? { step } : {}),
        offer,
        place,
        user: session.getSnapshot().context.user,
      });
    },
    logout() {
      session.send({ type: 'auth.logout' });
      void router.navigate({ to: '/' });
    },
    loadUserWithToken(token: string) {
      // The link's token fetches the user with a fresh session token; a refused link changes nothing.
      fetchUser(deps.linkApi, token).then(
        (user) => session.send({ type: 'user.received', user }),
        () => {},
      );
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

export interface SessionReport {
  user: User | null;
  settled: boolean;
}

/** Reports the session's user to the provider, read with narrow selectors. */
export function SessionReporter({
  flows,
  onReport,
}: {
  flows: AppFlows;
  onReport: (report: SessionReport) => void;
}) {
  const user = useSelector(flows.session, (snapshot) => snapshot.context.user);
  const isSettled = useSelector(flows.session, settled);
  useEffect(() => onReport({ user, settled: isSettled }), [user, isSettled, onReport]);
  return null;
}
