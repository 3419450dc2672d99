// The machines with the app's real side effects, provided once at the app root. Each machine keeps
// its pure definition; this module is the only place that knows about the API, storage, the router,
// analytics and the engagement tracker.
import { type ActorRefFrom, createActor, fromPromise, setup } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import { confirmationPath } from '../../domain/plans.ts';
import { checkoutAttemptOf, checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import type { StartCheckoutInput } from '../../machines/checkout/checkout.types.ts';
import { emailVerificationMachine } from '../../machines/email-verification/email-verification.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { RegisterDetails } from '../../machines/session/session.types.ts';
import { authStepMachine } from '../../machines/signup-modal/auth-step.machine.ts';
import { signupModalMachine } from '../../machines/signup-modal/signup-modal.machine.ts';
import { upgradeMachine } from '../../machines/upgrade/upgrade.machine.ts';
import type { ApiClientOptions } from '../api/client.ts';
import { createSessionClient, type SessionClient } from '../api/session-client.ts';
import { readStoredUser, removeStoredUser, writeStoredUser } from '../lib/stored-user.ts';
import * as calls from './api-calls.ts';
import type { FlowDependencies } from './flow-dependencies.ts';
import { flowInspector } from './inspection.ts';

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
      navigateHome: () => deps.navigate('/'),
      resetStore: () => deps.resetStore(),
      clearSelectedOrder: () => deps.clearSelectedOrder(),
      stopEngagementTracker: () => deps.engagement.stop(),
      identifyMember: ({ context }) => {
        if (context.user) deps.engagement.identify(context.user._id);
      },
      // The events say what happened, never who: the engagement service knows the member already.
      trackSignIn: () => {
        deps.analytics.send('sign_in', {});
        deps.engagement.track('sign_in', {});
      },
      trackSignUp: () => {
        deps.analytics.send('sign_up', {});
        deps.engagement.track('sign_up', {});
      },
    },
  });
}

export function provideEmailVerification(deps: FlowDependencies) {
  return emailVerificationMachine.provide({
    actors: {
      fetchUserByToken: fromPromise<User, { token: string }>(({ input }) =>
        calls.fetchUser(deps.api, input.token),
      ),
      markEmailVerified: fromPromise<User, { user: User; token: string }>(({ input }) =>
        calls.markEmailVerified(deps.api, input.user, input.token),
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
      trackCheckoutAttempt: ({ context }) => {
        const attempt = checkoutAttemptOf(context);
        deps.analytics.send('checkout_attempt', attempt);
        deps.engagement.track('checkout_attempt', { ...attempt });
      },
      redirectToCheckout: (_, url) => deps.redirect(url),
      navigateToConfirmation: ({ context }) => deps.navigate(confirmationPath(context.route)),
    },
  });
}

export function provideAuthStep(deps: FlowDependencies) {
  return authStepMachine.provide({
    actors: {
      requestPasswordReset: fromPromise<void, { email: string }>(({ input }) =>
        calls.requestPasswordReset(deps.api, input.email),
      ),
      resendVerification: fromPromise<void>(() => calls.resendVerification(deps.api)),
      refreshUser: fromPromise<User>(() => calls.fetchUser(deps.api)),
      emailVerification: provideEmailVerification(deps),
    },
    actions: {
      contactSupport: () => deps.contactSupport(),
    },
  });
}

export function provideSignupModal(deps: FlowDependencies) {
  return signupModalMachine.provide({
    actors: {
      authStep: provideAuthStep(deps),
      upgrade: upgradeMachine,
      checkout: provideCheckout(deps),
    },
    actions: {
      // The profile's subscription page, where a subscriber changes the plan they have.
      showManageSubscription: () => deps.navigate('/profile/subscription'),
    },
  });
}

export type AppFlowOptions = Omit<FlowDependencies, 'api'> &
  Pick<ApiClientOptions, 'trainerId' | 'baseUrl' | 'fetch'> & {
    /** The app's client; one is made from the options above when none is given (tests). */
    client?: SessionClient;
  };

/**
 * Starts the app's long-lived flows in one actor system: the session (`systemId: 'session'`) and the
 * signup modal (`systemId: 'signupModal'`), so each can reach the other by its system id. The client
 * takes its token from the session, and a 401 to that token becomes `auth.unauthorized`.
 */
export function startAppFlows(options: AppFlowOptions) {
  const { trainerId, baseUrl, fetch, client: given, ...effects } = options;
  const client = given ?? createSessionClient({ trainerId, baseUrl, fetch, storage: effects.storage });
  const deps: FlowDependencies = { ...effects, api: client.api };
  const root = createActor(appFlowsMachine(deps), { inspect: flowInspector() });
  root.start();
  const session = root.system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;
  if (!session) throw new Error('the app flows did not start the session');
  client.connectSession({
    token: () => session.getSnapshot().context.token,
    unauthorized: () => session.send({ type: 'auth.unauthorized' }),
  });
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
