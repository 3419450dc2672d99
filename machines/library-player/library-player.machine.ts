/**
 * The player of the members' area: one day of a challenge's program, one lesson of a course, or one
 * entry of the membership's library, opened on its own page.
 *
 * Lifecycle: the page opens the unit by asking the server for it (which also records the member's
 * first opening and the last place). The server answers with the content, and the member reads it
 * and marks it done, or undoes that. It may refuse: a day of the drip that is not open yet (the page
 * says the date it opens, and the member can ask again once it has come), an item the member does not
 * hold or no longer holds (the page says why and shows the way to buy it, never the content), or an
 * address it does not know. A mark can be refused the same way when access closed meanwhile (a
 * refund, an ended subscription). A read or a mark that fails otherwise (no answer) says so and
 * leaves the member where they were.
 *
 * Why it is shaped so: whether a unit may be opened is the server's to decide on every request
 * (decision 136): the chart holds no rule of access or drip of its own, only the server's answer, so
 * a refusal is a state the member sees, not a guess of the page's. The content itself stays in the
 * page's query (server data is not copied into the chart); the chart keeps where the member stands.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../not-provided.ts';
import {
  type LibraryPlayerContext,
  type LibraryPlayerEvent,
  LibraryRefusal,
  type PlayerInput,
  type UnitRead,
} from './library-player.types.ts';

const refusalOf = (error: unknown) => (error instanceof LibraryRefusal ? error.refusal : null);
const statusOf = (error: unknown) => (error instanceof LibraryRefusal ? error.status : 0);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A mark the server refuses, done or undone: the unit is not open (its start moved), or the item closed meanwhile. */
const MARK_REFUSED = [
  {
    guard: 'notYetOpen',
    target: 'opensOn',
    actions: 'keepRefusal',
    description: 'The server refused: the unit is not open (its start moved).',
  },
  {
    guard: 'notHeld',
    target: 'locked',
    actions: 'keepRefusal',
    description: 'The server refused: the member lost the item meanwhile (a refund, an ended subscription).',
  },
] as const;

export const libraryPlayerMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as LibraryPlayerContext,
    events: {} as LibraryPlayerEvent,
    input: {} as PlayerInput,
  },
  actors: {
    /** Asks the server for the unit (the page's query keeps the content); says whether it is done. */
    readUnit: fromPromise<UnitRead, PlayerInput>(async () => notProvided('readUnit')),
    /** Marks the unit done or not done on the server (idempotent). */
    markUnit: fromPromise<UnitRead, PlayerInput & { done: boolean }>(async () => notProvided('markUnit')),
  },
  actions: {
    /** The server's refusal, for the page to say (the date it opens, or why it is closed). */
    keepRefusal: assign({
      refusal: ({ event }) => refusalOf((event as { error?: unknown }).error),
      error: () => null,
    }),
    /** A failure without a refusal: its message. */
    keepError: assign({
      refusal: () => null,
      error: ({ event }) => messageOf((event as { error?: unknown }).error),
    }),
    forgetError: assign({ error: () => null, refusal: () => null }),
  },
  guards: {
    unitDone: ({ event }) => (event as { output?: UnitRead }).output?.done === true,
    notYetOpen: ({ event }) => refusalOf((event as { error?: unknown }).error)?.reason === 'notYetOpen',
    notHeld: ({ event }) => {
      const refusal = refusalOf((event as { error?: unknown }).error);
      return refusal !== null && refusal.reason !== 'notYetOpen';
    },
    unknownAddress: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
  },
}).createMachine({
  id: 'libraryPlayer',
  description:
    "A day of a challenge, a lesson of a course or a library entry on its page: opened from the server, read, marked done or not, or refused (the drip's 'opens on', an item not held).",
  meta: {
    guards: {
      unitDone: 'The server says the member marked this unit done.',
      notYetOpen: "The server refused: the unit's day has not come (it says the date it opens).",
      notHeld:
        'The server refused: the member does not hold the item, or no longer does (refunded, ended, overdue, another plan).',
      unknownAddress: 'The server knows no such item or unit (404).',
    },
    delays: {},
  },
  context: ({ input }) => ({ ...input, refusal: null, error: null }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Asks the server for the unit; the page says it is opening it.',
      tags: ['loading'],
      invoke: {
        id: 'readUnit',
        src: 'readUnit',
        input: ({ context }) => ({ kind: context.kind, slug: context.slug, unitKey: context.unitKey }),
        onDone: [
          {
            guard: 'unitDone',
            target: 'done',
            description: 'The unit, marked done before: its content, and the way to undo the mark.',
          },
          { target: 'reading', description: "The unit's content, with 'Mark as done'." },
        ],
        onError: [
          {
            guard: 'notYetOpen',
            target: 'opensOn',
            actions: 'keepRefusal',
            description: 'Not open yet: the page says the date it opens (UTC).',
          },
          {
            guard: 'notHeld',
            target: 'locked',
            actions: 'keepRefusal',
            description: 'Not held: the page says why and shows the way to buy it.',
          },
          {
            guard: 'unknownAddress',
            target: 'notFound',
            description: 'No such item or unit: the page says so and leads back to the library.',
          },
          {
            target: 'failed',
            actions: 'keepError',
            description: 'Any other failure (no answer): the page says so, with a way to try again.',
          },
        ],
      },
    },
    reading: {
      description: "The unit's content, with 'Mark as done' and the way to the next.",
      tags: ['view:unit'],
      on: {
        'unit.markDone': {
          target: 'markingDone',
          actions: 'forgetError',
          description: "The member presses 'Mark as done'.",
        },
      },
    },
    markingDone: {
      description: 'Tells the server the unit is done; the content stays on screen.',
      tags: ['view:unit', 'loading'],
      invoke: {
        id: 'markUnit',
        src: 'markUnit',
        input: ({ context }) => ({
          kind: context.kind,
          slug: context.slug,
          unitKey: context.unitKey,
          done: true,
        }),
        onDone: { target: 'done', description: 'Marked done.' },
        onError: [
          ...MARK_REFUSED,
          {
            target: 'reading',
            actions: 'keepError',
            description:
              'The mark failed: the content stays, with the message, and the member may press again.',
          },
        ],
      },
    },
    done: {
      description: "The unit's content, marked done, with the way to undo it and to the next.",
      tags: ['view:unit', 'unit:done'],
      on: {
        'unit.markNotDone': {
          target: 'markingNotDone',
          actions: 'forgetError',
          description: "The member presses 'Undo'.",
        },
      },
    },
    markingNotDone: {
      description: 'Tells the server the unit is not done after all; the content stays on screen.',
      tags: ['view:unit', 'unit:done', 'loading'],
      invoke: {
        id: 'markUnit',
        src: 'markUnit',
        input: ({ context }) => ({
          kind: context.kind,
          slug: context.slug,
          unitKey: context.unitKey,
          done: false,
        }),
        onDone: { target: 'reading', description: 'No longer done.' },
        onError: [
          ...MARK_REFUSED,
          {
            target: 'done',
            actions: 'keepError',
            description: 'The undo failed: still done, with the message.',
          },
        ],
      },
    },
    opensOn: {
      description:
        "The drip's 'opens on': the unit is not open yet, and the page says the date it opens (UTC).",
      tags: ['view:opensOn'],
      on: {
        'unit.checkAgain': {
          target: 'opening',
          actions: 'forgetError',
          description: 'The member asks again (the day may have come).',
        },
      },
    },
    locked: {
      description:
        'The member does not hold the item: the page says why and shows what it is and the way to buy it, never the content.',
      tags: ['view:locked'],
      type: 'final',
    },
    notFound: {
      description: 'No such item or unit: the page says so and leads back to the library.',
      tags: ['view:notFound'],
      type: 'final',
    },
    failed: {
      description: 'The unit could not be read (no answer): the page says so.',
      tags: ['view:failed'],
      on: {
        'unit.retry': {
          target: 'opening',
          actions: 'forgetError',
          description: 'The member tries again.',
        },
      },
    },
  },
});
