/**
 * The app's actor system: the root that the running app starts once, hosting its long-lived flows
 * as children with system ids, so each reaches another by `system.get(id)`: the session
 * (`session`), the signup modal (`signupModal`) and the address (`address`: emailed links and
 * members-only pages).
 *
 * Lifecycle: the session reports each change to the root (`sessionReports`); once it has checked
 * the stored member, the root tells the address machine whenever the member signs in or out. The
 * router's address arrives through `addressReports`, which the app provides, and goes on to the
 * address machine. Each request to open the modal (`modal.requested`: a Signup or Login control, the
 * address machine's offer to log in, or to sign up once a plan chosen on Home is in the address) starts its own opening (`modalOpening`), which opens the modal
 * once its code, the offer and the member are known; an emailed link's opening is the address
 * machine's own child. Logout (`logout.requested`) reaches the session only once the member is known
 * (`signOut`): pressed while the session still checks the stored member, it waits for the check.
 *
 * Why it is shaped so: these were glue in the app's wiring (one actor subscribed to, another sent
 * to, a second root actor beside the system). In one system, the wiring is a chart of its own that
 * can be drawn and tested; the app only provides the effects (the API, storage, the router) and sends
 * what the screens ask for.
 */
import {
  type ActorRefFrom,
  assign,
  enqueueActions,
  fromCallback,
  not,
  sendParent,
  setup,
  spawnChild,
} from 'xstate';
import { addressMachine } from '../address/address.machine.ts';
import { modalOpeningMachine } from '../modal-opening/modal-opening.machine.ts';
import { sessionMachine } from '../session/session.machine.ts';
import { sessionReports } from '../session/session-reports.ts';
import { signupModalMachine } from '../signup-modal/signup-modal.machine.ts';
import type { AppContext, AppEvent, AppInput } from './app.types.ts';

/**
 * The address machine as the app runs it: an emailed link's modal is an opening of its own, which
 * the address machine waits for; the login offered on a members-only page, and the signup modal
 * once a chosen plan is in the address, are asked of the root.
 */
export const appAddressMachine = addressMachine.provide({
  actors: { openSignupModal: modalOpeningMachine },
  actions: {
    openLoginModal: sendParent({ type: 'modal.requested', modalType: 'login' }),
    openSignupModalOnPlan: sendParent({ type: 'modal.requested', modalType: 'signup' }),
  },
});

export const appMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    signupModal: signupModalMachine,
    address: appAddressMachine,
    modalOpening: modalOpeningMachine,
    sessionReports,
    // The router's changes of address; the app provides it (without it, the address never changes).
    addressReports: fromCallback(() => {}),
  },
  actions: {
    tellAddressTheMember: enqueueActions(({ context, system, enqueue }) => {
      const address = system.get('address') as ActorRefFrom<typeof addressMachine> | undefined;
      if (address && context.reportedSignedIn !== null) {
        enqueue.sendTo(address, { type: 'member.changed', signedIn: context.reportedSignedIn });
      }
    }),
    tellAddressTheAddress: enqueueActions(({ event, system, enqueue }) => {
      const address = system.get('address') as ActorRefFrom<typeof addressMachine> | undefined;
      if (address && event.type === 'address.changed') enqueue.sendTo(address, event);
    }),
    signOut: enqueueActions(({ system, enqueue }) => {
      const session = system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;
      if (session) enqueue.sendTo(session, { type: 'auth.logout' });
    }),
    openModal: spawnChild('modalOpening', {
      input: ({ event }) =>
        event.type === 'modal.requested'
          ? { modalType: event.modalType, ...(event.step ? { step: event.step } : {}) }
          : {},
    }),
  },
  guards: {
    memberKnown: ({ event }) => event.type === 'session.changed' && event.known,
    memberChanged: ({ context, event }) =>
      event.type === 'session.changed' && event.settled && context.reportedSignedIn !== (event.user !== null),
  },
}).createMachine({
  id: 'app',
  description: "The app's long-lived flows in one actor system, and the wiring between them.",
  meta: {
    guards: {
      memberKnown:
        'The session can say who the member is: it has checked the stored member, or the server cannot be asked for now and the stored copy stands.',
      memberChanged:
        'The session has checked the stored member, and whether a member is signed in differs from what the address machine was told.',
    },
    delays: {},
  },
  context: ({ input }) => ({ ...input, reportedSignedIn: null }),
  invoke: [
    { id: 'session', src: 'session', systemId: 'session' },
    { id: 'signupModal', src: 'signupModal', systemId: 'signupModal' },
    {
      id: 'address',
      src: 'address',
      systemId: 'address',
      input: ({ context }) => ({ address: context.address, signedIn: context.signedIn }),
    },
    { id: 'sessionReports', src: 'sessionReports' },
    { id: 'addressReports', src: 'addressReports' },
  ],
  initial: 'running',
  states: {
    running: {
      description: 'The flows run; the root passes on what one flow tells another.',
      type: 'parallel',
      states: {
        wiring: {
          description: "Passes on the session's and the router's news and the requests for the modal.",
          on: {
            'session.changed': {
              guard: 'memberChanged',
              description: 'The member signed in or out: the address machine is told.',
              actions: [
                assign({
                  reportedSignedIn: ({ event }) => event.type === 'session.changed' && event.user !== null,
                }),
                'tellAddressTheMember',
              ],
            },
            'address.changed': {
              description: 'The router resolved a new address: the address machine decides on it.',
              actions: 'tellAddressTheAddress',
            },
            'modal.requested': {
              description:
                'A control or the address machine asks for the modal: an opening of its own starts.',
              actions: 'openModal',
            },
          },
        },
        signOut: {
          description:
            'Logout reaches the session once the member is known, so the stored member being checked is signed out too.',
          initial: 'memberUnknown',
          states: {
            memberUnknown: {
              description: 'The session is still checking who the member is.',
              on: {
                'session.changed': {
                  guard: 'memberKnown',
                  target: 'memberKnown',
                  description: 'The session knows the member.',
                },
                'logout.requested': {
                  target: 'logoutWaiting',
                  description: 'Logout pressed before the member is known: it waits.',
                },
              },
            },
            logoutWaiting: {
              description: 'Logout was pressed; the session is still checking who the member is.',
              on: {
                'session.changed': {
                  guard: 'memberKnown',
                  target: 'memberKnown',
                  actions: 'signOut',
                  description: 'The member is known: the session signs them out.',
                },
              },
            },
            memberKnown: {
              description: 'The session knows the member.',
              on: {
                'session.changed': {
                  guard: not('memberKnown'),
                  target: 'memberUnknown',
                  description: 'The session checks the member again (a login, a recheck).',
                },
                'logout.requested': {
                  actions: 'signOut',
                  description: 'The session signs the member out.',
                },
              },
            },
          },
        },
      },
    },
  },
});
