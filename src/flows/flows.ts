// The machines with the app's real side effects, provided once at the app root. Each machine keeps
// its pure definition; this module is the only place that knows about the API, storage, the router,
// analytics and the engagement tracker.
import { createActor, fromPromise, setup } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import { confirmationPath } from '../../domain/plans.ts';
import { checkoutAttemptOf, checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import type { StartCheckoutInput } from '../../machines/checkout/checkout.types.ts';
import { emailVerificationMachine } from '../../machines/email-verification/email-verification.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { RegisterDetails } from '../../machines/session/session.types.ts';
import { signupModalMachine } from '../../machines/signup-modal/signup-modal.machine.ts';
import { upgradeMachine } from '../../machines/upgrade/upgrade.machine.ts';
import { type ApiClientOptions, createApiClient } from '../api/client.ts';
import * as calls from './api-calls.ts';
import type { FlowDependencies } from './flow-dependencies.ts';
import { readStoredUser, removeStoredUser, writeStoredUser } from './stored-user.ts';

export function provideSession(deps: FlowDependencies) {
  return sessionMachine.provide({
    actors: {
      readStoredUser: fromPromise(async () => readStoredUser(deps.storage)),
      fetchUser: fromPromise<User, { token: string }>(({ input }) => calls.fetchUser(deps.api, input.token)),
      login: fromPromise<string, { email: string; password: string }>(({ input }) =>
        calls.login(deps.api, input.email, input.password),
      ),
      register: fromPromise<User, RegisterDetails>(({ input }) => calls.register(deps.api, input)),
      logout: fromPromise<void, { token: string }>(({ input }) => calls.logout(deps.api, input.token)),
    },
    actions: {
      storeUser: ({ context }) => {
        if (context.user) writeStoredUser(deps.storage, context.user);
      },
      removeStoredUser: () => removeStoredUser(deps.storage),
      resetStore: () => deps.resetStore(),
      clearSelectedOrder: () => deps.clearSelectedOrder(),
      stopEngagementTracker: () => deps.engagement.stop(),
      trackSignIn: ({ context }) => {
        if (context.user) deps.analytics.track('sign_in', { userId: context.user._id });
      },
      trackSignUp: ({ context }) => {
        if (context.user) deps.analytics.track('sign_up', { userId: context.user._id });
      },
    },
  });
}

export function provideEmailVerification(deps: FlowDependencies) {
  return emailVerificationMachine.provide({
    actors: {
      fetchUserByToken: fromPromise<User, { token: string }>(({ input }) =>
        calls.fetchUser(deps.linkApi, input.token),
      ),
      markEmailVerified: fromPromise<User, { user: User; token: string }>(({ input }) =>
        calls.markEmailVerified(deps.linkApi, input.user, input.token),
      ),
    },
  });
}

export function provideCheckout(deps: FlowDependencies) {
  return checkoutMachine.provide({
    actors: {
      startCheckoutSession: fromPromise<string, StartCheckoutInput>(({ input }) =>
        calls.startCheckoutSession(deps.api, input),
      ),
    },
    actions: {
      trackCheckoutAttempt: ({ context }) =>
        deps.analytics.track('checkout_attempt', { ...checkoutAttemptOf(context) }),
      redirectToCheckout: (_, url) => deps.redirect(url),
      navigateToConfirmation: ({ context }) => deps.navigate(confirmationPath(context.route)),
    },
  });
}

export function provideSignupModal(deps: FlowDependencies) {
  return signupModalMachine.provide({
    actors: {
      requestPasswordReset: fromPromise<void, { email: string }>(({ input }) =>
        calls.requestPasswordReset(deps.api, input.email),
      ),
      resendVerification: fromPromise<void>(() => calls.resendVerification(deps.api)),
      refreshUser: fromPromise<User>(() => calls.fetchUser(deps.api)),
      emailVerification: provideEmailVerification(deps),
      upgrade: upgradeMachine,
      checkout: provideCheckout(deps),
    },
    actions: {
      contactSupport: () => deps.contactSupport(),
    },
  });
}

export type AppFlowOptions = Omit<FlowDependencies, 'api' | 'linkApi'> &
  Pick<ApiClientOptions, 'trainerId' | 'baseUrl' | 'fetch'>;

/**
 * Starts the app's long-lived flows in one actor system: the session (`systemId: 'session'`) and the
 * signup modal (`systemId: 'signupModal'`), so each can reach the other by its system id. A 401 from
 * any call made with the session token becomes `auth.unauthorized` for the session.
 */
export function startAppFlows(options: AppFlowOptions) {
  const { trainerId, baseUrl, fetch, ...effects } = options;
  let token: () => string | null = () => null;
  let onUnauthorized = () => {};
  const api = createApiClient({
    trainerId,
    baseUrl,
    fetch,
    getToken: () => token(),
    onUnauthorized: () => onUnauthorized(),
  });
  const linkApi = createApiClient({ trainerId, baseUrl, fetch, getToken: () => null });
  const deps: FlowDependencies = { ...effects, api, linkApi };
  const root = createActor(appFlowsMachine(deps));
  root.start();
  const session = root.system.get('session');
  token = () => session?.getSnapshot().context.token ?? null;
  onUnauthorized = () => session?.send({ type: 'auth.unauthorized' });
  return { root, session, signupModal: root.system.get('signupModal'), deps };
}

/** A root that only hosts the two long-lived flows as children, so they share one system. */
function appFlowsMachine(deps: FlowDependencies) {
  return setup({
    actors: { session: provideSession(deps), signupModal: provideSignupModal(deps) },
  }).createMachine({
    id: 'app',
    invoke: [
      { id: 'session', src: 'session', systemId: 'session' },
      { id: 'signupModal', src: 'signupModal', systemId: 'signupModal' },
    ],
  });
}
