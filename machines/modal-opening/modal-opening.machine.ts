/**
 * One opening of the signup modal (`signupModal` in the app's system): started for each request to
 * open it (a Signup or Login control, an emailed link, a members-only page), and done once the modal
 * has been told to open.
 *
 * Lifecycle: the modal's code and the offer (what is on sale where it opens, and the address's
 * parameters) are asked for together; once both are here, the opening waits for the session to know
 * who the member is (checked with the server, or the stored copy while the server cannot be asked),
 * then sends `modal.open` with that member and the time. If the code cannot be loaded (the connection
 * dropped) the opening fails and the modal stays closed.
 *
 * Why it is shaped so: the modal opens whole at once, its code here, rather than after a suspended
 * render (React holds a suspended reveal back for about 300 ms), and it starts from who the member
 * is. These conditions used to be a chain of awaits in the app's wiring; as a chart they can be drawn
 * and tested path by path. The app provides the two loads; the member comes from the system's session.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { notProvided } from '../not-provided.ts';
import { sessionReports } from '../session/session-reports.ts';
import type { SignupModalEvent } from '../signup-modal/signup-modal.types.ts';
import type {
  ModalOpeningContext,
  ModalOpeningEvent,
  ModalOpeningInput,
  OfferAndPlace,
} from './modal-opening.types.ts';

export const modalOpeningMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as ModalOpeningContext,
    events: {} as ModalOpeningEvent,
    input: {} as ModalOpeningInput | undefined,
  },
  actors: {
    loadModalCode: fromPromise<unknown>(async () => notProvided('loadModalCode')),
    readOffer: fromPromise<OfferAndPlace>(async () => notProvided('readOffer')),
    sessionReports,
  },
  actions: {
    openModal: enqueueActions(({ context, system, enqueue }) => {
      const modal = system.get('signupModal');
      if (!modal || !context.offerAndPlace) return;
      const open: SignupModalEvent = {
        type: 'modal.open',
        modalType: context.modalType,
        ...(context.step ? { step: context.step } : {}),
        ...context.offerAndPlace,
        user: context.member.user,
        // The modal reads the time it opened (a subscription's end date) from the event, staying pure.
        now: Date.now(),
      };
      enqueue.sendTo(modal, open);
    }),
  },
  guards: {
    memberKnown: ({ context }) => context.member.known,
  },
}).createMachine({
  id: 'modalOpening',
  description: 'Opens the signup modal once its code, the offer and the member are known.',
  meta: {
    guards: {
      memberKnown:
        'The session has checked the stored member, or cannot ask the server for now and the stored copy stands.',
    },
    delays: {},
  },
  context: ({ input }) => ({
    modalType: input?.modalType ?? 'signup',
    step: input?.step ?? null,
    offerAndPlace: null,
    member: { known: false, user: null },
  }),
  invoke: { id: 'sessionReports', src: 'sessionReports' },
  on: {
    'session.changed': {
      description: 'The session reports where it stands: remembered until the modal opens.',
      actions: assign({ member: ({ event }) => ({ known: event.known, user: event.user }) }),
    },
  },
  initial: 'preparing',
  states: {
    preparing: {
      description: "The modal's code and the offer are asked for together.",
      type: 'parallel',
      onDone: { target: 'waitingForMember', description: 'The code and the offer are here.' },
      states: {
        code: {
          description: "The modal's code.",
          initial: 'loading',
          states: {
            loading: {
              description: "Loads the modal's code, so it shows whole at once.",
              invoke: {
                id: 'loadModalCode',
                src: 'loadModalCode',
                onDone: { target: 'loaded', description: 'The code is here.' },
                onError: {
                  target: '#modalOpening.failed',
                  description: 'The code could not be loaded (the connection dropped).',
                },
              },
            },
            loaded: { description: "The modal's code is here.", type: 'final' },
          },
        },
        offer: {
          description: 'What is on sale where the modal opens.',
          initial: 'reading',
          states: {
            reading: {
              description: 'Reads the products and settings, and the address, for the offer and the place.',
              invoke: {
                id: 'readOffer',
                src: 'readOffer',
                onDone: {
                  target: 'read',
                  description: 'The offer and the place are known.',
                  actions: assign({ offerAndPlace: ({ event }) => event.output }),
                },
                onError: {
                  target: '#modalOpening.failed',
                  description: 'The offer could not be read.',
                },
              },
            },
            read: { description: 'The offer and the place are known.', type: 'final' },
          },
        },
      },
    },
    waitingForMember: {
      description: 'Waits for the session to know who the member is.',
      always: {
        guard: 'memberKnown',
        target: 'opened',
        description: 'The member is known: the modal opens with them, the offer and the place.',
        actions: 'openModal',
      },
    },
    opened: { description: 'The modal has been told to open.', type: 'final' },
    failed: { description: 'The modal could not open; it stays closed.', type: 'final' },
  },
});
