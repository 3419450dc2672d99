/**
 * The wait of a confirmation page (the page a checkout returns to) for the purchase to show.
 *
 * Lifecycle: the purchase is recorded by the payment events, which may arrive after the member does,
 * so the page reads the member's record: at once, then every `POLL_INTERVAL` until the purchase
 * shows, for at most `CONFIRMATION_MAX_ATTEMPTS` reads (about a minute). A read that fails counts as
 * one that did not find it. When the reads run out the page says so plainly, and the member can check
 * again, one read at a time.
 *
 * Why it is shaped so: the wait used to be a query's refetch interval computed in the page; as a chart
 * its delays and its bound can be drawn and tested, and the page only renders where it stands. The
 * page provides the read (which also hands the fresh member to the session) and whether it shows the
 * purchase.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../not-provided.ts';

/** How often the member's record is read while waiting for the payment events. */
export const CONFIRMATION_POLL_INTERVAL_MS = 2_000;
/** Reads before giving up: with the interval, about a minute of waiting. */
export const CONFIRMATION_MAX_ATTEMPTS = 30;

export interface ConfirmationContext {
  /** The reads made since the page opened. */
  attempts: number;
}

export type ConfirmationEvent = { type: 'confirmation.checkAgain' };

export const confirmationMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as ConfirmationContext,
    events: {} as ConfirmationEvent,
  },
  actors: {
    /** Reads the member's record; true when it shows the page's purchase. */
    readPurchase: fromPromise<boolean>(async () => notProvided('readPurchase')),
  },
  actions: {
    countRead: assign({ attempts: ({ context }) => context.attempts + 1 }),
  },
  guards: {
    purchaseShown: ({ event }) => 'output' in event && event.output === true,
    lastAttempt: ({ context }) => context.attempts + 1 >= CONFIRMATION_MAX_ATTEMPTS,
  },
  delays: { POLL_INTERVAL: CONFIRMATION_POLL_INTERVAL_MS },
}).createMachine({
  id: 'confirmation',
  description: "A confirmation page's wait for the purchase to show in the member's record.",
  meta: {
    guards: {
      purchaseShown: "The member's record shows the page's purchase.",
      lastAttempt: `This read is the last of the ${CONFIRMATION_MAX_ATTEMPTS} the page makes on its own.`,
    },
    delays: { POLL_INTERVAL: 'How long the page waits between two reads of the member.' },
  },
  context: { attempts: 0 },
  initial: 'reading',
  states: {
    reading: {
      description: "Reads the member's record.",
      tags: ['waiting'],
      invoke: {
        id: 'readPurchase',
        src: 'readPurchase',
        onDone: [
          {
            guard: 'purchaseShown',
            target: 'confirmed',
            description: 'The purchase shows: the page shows what was bought.',
            actions: 'countRead',
          },
          {
            guard: 'lastAttempt',
            target: 'notYet',
            description: 'Not yet, and that was the last read: the page says so.',
            actions: 'countRead',
          },
          { target: 'waiting', description: 'Not yet: read again later.', actions: 'countRead' },
        ],
        onError: [
          {
            guard: 'lastAttempt',
            target: 'notYet',
            description: 'The read failed, and it was the last: the page says so.',
            actions: 'countRead',
          },
          { target: 'waiting', description: 'The read failed: read again later.', actions: 'countRead' },
        ],
      },
    },
    waiting: {
      description: 'Waits before the next read.',
      tags: ['waiting'],
      after: { POLL_INTERVAL: { target: 'reading', description: 'Reads again.' } },
    },
    notYet: {
      description: 'The reads ran out: the page says the payment is not confirmed yet.',
      on: {
        'confirmation.checkAgain': {
          target: 'checkingAgain',
          description: 'The member asks to check again.',
        },
      },
    },
    checkingAgain: {
      description: "Reads the member's record once more, at the member's asking.",
      invoke: {
        id: 'checkAgain',
        src: 'readPurchase',
        onDone: [
          {
            guard: 'purchaseShown',
            target: 'confirmed',
            description: 'The purchase shows now.',
          },
          { target: 'notYet', description: 'Still not.' },
        ],
        onError: { target: 'notYet', description: 'The read failed: still not confirmed.' },
      },
    },
    confirmed: { description: 'The purchase shows.', type: 'final' },
  },
});
