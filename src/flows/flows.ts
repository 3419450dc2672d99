// The machines with the app's real side effects, provided once at the app root. Each machine keeps
// its pure definition; this module is the only place that knows about the API, storage, the router,
// analytics and the engagement tracker.
import { type ActorRefFrom, createActor, fromCallback, fromPromise } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import { confirmationPath } from '../../domain/plans.ts';
import type { Address } from '../../machines/address/address.types.ts';
import { appAddressMachine, appMachine } from '../../machines/app/app.machine.ts';
import type { AppInput } from '../../machines/app/app.types.ts';
import { checkoutAttemptOf, checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import type { StartCheckoutInput } from '../../machines/checkout/checkout.types.ts';
import { emailVerificationMachine } from '../../machines/email-verification/email-verification.machine.ts';
import { modalOpeningMachine } from '../../machines/modal-opening/modal-opening.machine.ts';
import type { OfferAndPlace } from '../../machines/modal-opening/modal-opening.types.ts';
import { notProvided } from '../../machines/not-provided.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { RegisterDetails } from '../../machines/session/session.types.ts';
import { authStepMachine } from '../../machines/signup-modal/auth-step.machine.ts';
import { signupModalMachine } from '../../machines/signup-modal/signup-modal.machine.ts';
import { upgradeMachine } from '../../machines/upgrade/upgrade.machine.ts';
import type { ApiClientOptions } from '../api/client.ts';
import { createSessionClient, type SessionClient } from '../api/session-client.ts';
import { flowInspector } from '../lib/inspection.ts';
import { readStoredUser, removeStoredUser, writeStoredUser } from '../lib/stored-user.ts';
import * as calls from './api-calls.ts';
import type { FlowDependencies } from './flow-dependencies.ts';

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

/** What the shell gives the wiring: the router's address, and what opening the modal needs. */
export interface ShellEffects {
  /** The address the app starts on, and whether a member is stored. */
  start: AppInput;
  /** Calls `report` with each address the router resolves; returns how to stop. */
  watchAddress: (report: (address: Address) => void) => () => void;
  /** Takes an emailed link's token and flags out of the address. */
  removeLinkParams: () => void;
  /** Puts a chosen plan in the address (`?plan=`); done once the router has it. */
  writePlan: (plan: string) => Promise<void>;
  /** Loads the modal's code. */
  loadModal: () => Promise<unknown>;
  /** What is on sale where the modal opens, and the place. */
  readOffer: () => Promise<OfferAndPlace>;
}

/** A shell with no router (tests of the flows): the home page, nothing stored, no modal to load. */
const NO_SHELL: ShellEffects = {
  start: { address: { path: '/', token: null, opensModal: false, needsMember: false }, signedIn: false },
  watchAddress: () => () => {},
  removeLinkParams: () => {},
  writePlan: async () => notProvided('writePlan'),
  loadModal: async () => notProvided('loadModal'),
  readOffer: async () => notProvided('readOffer'),
};

export function provideModalOpening(shell: ShellEffects) {
  return modalOpeningMachine.provide({
    actors: {
      loadModalCode: fromPromise(() => shell.loadModal()),
      readOffer: fromPromise(() => shell.readOffer()),
    },
  });
}

export function provideAddress(deps: FlowDependencies, shell: ShellEffects) {
  return appAddressMachine.provide({
    actors: {
      openSignupModal: provideModalOpening(shell),
      // The link's token fetches the user with a fresh session token; a refused link changes nothing.
      signInWithLink: fromPromise<void, { token: string }>(async ({ input, system }) => {
        const user = await calls.fetchUser(deps.api, input.token);
        (system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined)?.send({
          type: 'user.received',
          user,
        });
      }),
      writePlan: fromPromise<void, { plan: string }>(({ input }) => shell.writePlan(input.plan)),
    },
    actions: { removeLinkParams: () => shell.removeLinkParams() },
  });
}

export type AppFlowOptions = Omit<FlowDependencies, 'api'> &
  Pick<ApiClientOptions, 'trainerId' | 'baseUrl' | 'fetch'> & {
    /** The app's client; one is made from the options above when none is given (tests). */
    client?: SessionClient;
    /** The router and the modal's loads; none in tests of the flows. */
    shell?: ShellEffects;
  };

/**
 * Starts the app's actor system (machines/app): the session (`systemId: 'session'`), the signup
 * modal (`systemId: 'signupModal'`) and the address (`systemId: 'address'`), each reaching the others
 * by its system id, with the app's effects provided. The client takes its token from the session,
 * and a 401 to that token becomes `auth.unauthorized`.
 */
export function startAppFlows(options: AppFlowOptions) {
  const { trainerId, baseUrl, fetch, client: given, shell = NO_SHELL, ...effects } = options;
  const client = given ?? createSessionClient({ trainerId, baseUrl, fetch, storage: effects.storage });
  const deps: FlowDependencies = { ...effects, api: client.api };
  const logic = appMachine.provide({
    actors: {
      session: provideSession(deps),
      signupModal: provideSignupModal(deps),
      address: provideAddress(deps, shell),
      modalOpening: provideModalOpening(shell),
      addressReports: fromCallback(({ sendBack }) =>
        shell.watchAddress((address) => sendBack({ type: 'address.changed', ...address })),
      ),
    },
  });
  const root = createActor(logic, { input: shell.start, inspect: flowInspector() });
  root.start();
  const session = root.system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;
  const signupModal = root.system.get('signupModal') as ActorRefFrom<typeof signupModalMachine> | undefined;
  if (!session || !signupModal) throw new Error('the app flows did not start the session and the modal');
  client.connectSession({
    token: () => session.getSnapshot().context.token,
    unauthorized: () => session.send({ type: 'auth.unauthorized' }),
  });
  return { root, session, signupModal, deps };
}
