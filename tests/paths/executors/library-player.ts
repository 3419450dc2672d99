// The library player's executor table: a member who bought the Shred opens a day's page, and the
// server answers it (the day, open or done; not open yet; refunded; unknown; no answer), then the
// member marks it done or undoes it (answered, refused, or not answered), asks again for a day not
// yet open, or tries again after a failure; what the page shows after each step.
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { libraryPlayerMachine } from '../../../machines/library-player/library-player.machine.ts';
import { LibraryRefusal } from '../../../machines/library-player/library-player.types.ts';
import {
  type Action,
  button,
  type EventTable,
  heading,
  key,
  type Opening,
  type Outcome,
  presses,
  type StateTable,
} from '../ui.ts';
import { LIBRARY_DAY, LIBRARY_PRODUCT } from '../world.ts';

type Player = typeof libraryPlayerMachine;
type PlayerSnapshot = SnapshotFrom<Player>;
type ChildSettled =
  | 'xstate.done.actor.readUnit'
  | 'xstate.error.actor.readUnit'
  | 'xstate.done.actor.markUnit'
  | 'xstate.error.actor.markUnit';

/** Where the paths open: the day's page of a member who holds the challenge. */
export const LIBRARY_OPENING: Opening = {
  does: "A member who bought the Shred opens day 2's page",
  path: `/library/challenge/${LIBRARY_PRODUCT.slug}/${LIBRARY_DAY.key}`,
  member: 'verified',
  verification: true,
};
/** The player's input for that page, as the page gives it. */
export const LIBRARY_INPUT = { kind: 'challenge', slug: LIBRARY_PRODUCT.slug, unitKey: LIBRARY_DAY.key };

/** The server's refusals, as the contract's 403 and 404 carry them. */
const OPENS_AT = '2026-06-02T00:00:00.000Z';
const NOT_YET_OPEN = {
  success: false as const,
  reason: 'notYetOpen' as const,
  message: 'Day 2 opens on June 2, 2026 (UTC).',
  opensAt: OPENS_AT,
};
const REFUNDED = {
  success: false as const,
  reason: 'refunded' as const,
  message: 'Your purchase was refunded.',
  product: LIBRARY_PRODUCT,
};
const NOT_FOUND = { status: 404, message: 'Not found' };
const OFFLINE = 'errors.network';

function refusalError(body: typeof NOT_YET_OPEN | typeof REFUNDED): LibraryRefusal {
  return new LibraryRefusal(body.message, 403, body);
}

/** What the server (or the network) answers to a failed call, as the path's step gives it. */
function failure(error: unknown): { does: string; outcome: Outcome } {
  if (error instanceof LibraryRefusal && error.refusal) {
    const { success: _success, message, ...refusal } = error.refusal;
    return {
      does: `the server refuses: ${refusal.reason === 'notYetOpen' ? 'not open until June 2 (UTC)' : 'the purchase was refunded'}`,
      outcome: { ok: false, status: 403, message, refusal },
    };
  }
  if (error instanceof LibraryRefusal && error.status === 404)
    return { does: 'the server knows no such day (404)', outcome: { ok: false, ...NOT_FOUND } };
  return { does: 'the network fails (no answer)', outcome: { ok: false, network: true } };
}

const answer = (call: 'readUnit' | 'markUnit', error: unknown): { does: string; actions: Action[] } => {
  const { does, outcome } = failure(error);
  return { does, actions: [{ answer: call, outcome }] };
};

export const libraryPlayerEvents = {
  'xstate.done.actor.readUnit': ({ event }) => {
    const done = (event as AnyEventObject & { output: { done: boolean } }).output.done;
    return {
      does: done ? 'the server sends the day, marked done before' : 'the server sends the day',
      actions: [{ answer: 'readUnit', outcome: { ok: true, done } }],
    };
  },
  'xstate.error.actor.readUnit': ({ event }) => answer('readUnit', (event as { error?: unknown }).error),
  'unit.markDone': presses('presses Mark as done', 'library.unit.markDone'),
  'unit.markNotDone': () => ({ does: 'presses Undo', actions: [{ click: button('library.unit.undo') }] }),
  'xstate.done.actor.markUnit': ({ before }) => ({
    does: before.matches('markingDone') ? 'the server keeps it done' : 'the server keeps it not done',
    actions: [{ answer: 'markUnit', outcome: { ok: true } }],
  }),
  'xstate.error.actor.markUnit': ({ event }) => answer('markUnit', (event as { error?: unknown }).error),
  'unit.checkAgain': presses('presses Check again', 'library.unit.checkAgain'),
  'unit.retry': () => ({ does: 'presses Try again', actions: [{ click: button('library.unit.retry') }] }),
} satisfies EventTable<Player, ChildSettled>;

const DAY_HEADING = { role: 'heading' as const, name: key(LIBRARY_DAY.title) };
const MARK = button('library.unit.markDone');
const UNDO = button('library.unit.undo');
const SAVING = button('library.unit.marking');
const CONTENT = { testId: 'unit-content' };

export const libraryPlayerStates = {
  opening: () => ({
    says: 'the day opening',
    shows: [{ label: key('library.unit.opening') }],
    hides: [CONTENT],
  }),
  reading: (s: PlayerSnapshot) => ({
    says: s.context.error
      ? "the day, with 'Mark as done' and the message that it was not saved"
      : "the day, with 'Mark as done'",
    shows: [DAY_HEADING, CONTENT, MARK, ...(s.context.error ? [{ role: 'alert' as const }] : [])],
    hides: [UNDO],
  }),
  markingDone: () => ({ says: 'the day, saving', shows: [DAY_HEADING, CONTENT, SAVING] }),
  done: (s: PlayerSnapshot) => ({
    says: s.context.error
      ? 'the day marked done, with Undo and the message that it was not saved'
      : 'the day marked done, with Undo',
    shows: [DAY_HEADING, CONTENT, UNDO, ...(s.context.error ? [{ role: 'alert' as const }] : [])],
    hides: [MARK],
  }),
  markingNotDone: () => ({ says: 'the day, saving', shows: [DAY_HEADING, CONTENT, SAVING] }),
  opensOn: () => ({
    says: 'not open yet, with the date it opens and Check again',
    shows: [heading('library.unit.opensOnTitle'), button('library.unit.checkAgain')],
    hides: [CONTENT],
  }),
  locked: () => ({
    says: 'why it is closed and the way to buy it, never the content',
    shows: [
      { role: 'heading' as const, name: key('library.locked.title', { title: LIBRARY_PRODUCT.name }) },
      { role: 'link' as const, name: key('library.locked.buy.challenge') },
    ],
    hides: [CONTENT],
  }),
  notFound: () => ({
    says: 'that the day is not in the library',
    shows: [{ text: key('library.unit.notFound') }],
    hides: [CONTENT],
  }),
  failed: () => ({
    says: 'that the day could not be opened, with Try again',
    shows: [{ role: 'alert' as const }, button('library.unit.retry')],
    hides: [CONTENT],
  }),
} satisfies StateTable<Player>;

/** The events the screens bring about, as samples: each answer the server or the network gives. */
export function libraryPlayerSamples(): Record<
  string,
  AnyEventObject[] | ((s: PlayerSnapshot) => AnyEventObject[])
> {
  const errors = (type: string, list: unknown[]) => list.map((error) => ({ type, error }));
  return {
    'xstate.done.actor.readUnit': [
      { type: 'xstate.done.actor.readUnit', output: { done: false } },
      { type: 'xstate.done.actor.readUnit', output: { done: true } },
    ],
    'xstate.error.actor.readUnit': errors('xstate.error.actor.readUnit', [
      refusalError(NOT_YET_OPEN),
      refusalError(REFUNDED),
      new LibraryRefusal(NOT_FOUND.message, NOT_FOUND.status, null),
      new LibraryRefusal(OFFLINE, 0, null),
    ]),
    'xstate.done.actor.markUnit': (s) => [
      { type: 'xstate.done.actor.markUnit', output: { done: s.matches('markingDone') } },
    ],
    'xstate.error.actor.markUnit': errors('xstate.error.actor.markUnit', [
      new LibraryRefusal(OFFLINE, 0, null),
      refusalError(REFUNDED),
      refusalError(NOT_YET_OPEN),
    ]),
  };
}

export const libraryPlayerExecutor = {
  machine: libraryPlayerMachine,
  events: libraryPlayerEvents,
  states: libraryPlayerStates,
};
