import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise } from 'xstate';
import { libraryPlayerMachine } from '../../../machines/library-player/library-player.machine.ts';
import {
  LibraryRefusal,
  type PlayerInput,
  type UnitRead,
} from '../../../machines/library-player/library-player.types.ts';
import { RequestError } from '../../../machines/session/session.types.ts';
import { libraryPlayerRules } from '../../spec/library-player.rules.ts';
import { RULES } from '../../spec/oracle.ts';
import { describeModel, expectLoadingWhileCalling } from '../model.ts';

const DAY_2 = { kind: 'challenge', slug: '30-day-shred', unitKey: 'day-2' };
const WORKOUT = { kind: 'workout', slug: 'morning-mobility', unitKey: 'main' };

const NOT_YET_OPEN = new LibraryRefusal('Day 2 opens on March 3, 2027 (UTC).', 403, {
  success: false,
  reason: 'notYetOpen',
  message: 'Day 2 opens on March 3, 2027 (UTC).',
  opensAt: '2027-03-03T00:00:00.000Z',
});
const REFUNDED = new LibraryRefusal('This purchase was refunded.', 403, {
  reason: 'refunded',
  message: 'This purchase was refunded.',
  success: false,
  product: { kind: 'challenge', slug: '30-day-shred', name: '30-Day Shred', plans: [] },
});
const NOT_FOUND = new LibraryRefusal('Not found', 404, null);
const OFFLINE = new RequestError('errors.network', 0);

const done = (output: UnitRead) => ({ output });
const VIEWS = ['view:unit', 'view:opensOn', 'view:locked', 'view:notFound', 'view:failed'];

describeModel('library player machine', libraryPlayerMachine, {
  samples: {
    'xstate.done.actor.readUnit': [
      { type: 'xstate.done.actor.readUnit', ...done({ done: false }) },
      { type: 'xstate.done.actor.readUnit', ...done({ done: true }) },
    ],
    'xstate.error.actor.readUnit': [NOT_YET_OPEN, REFUNDED, NOT_FOUND, OFFLINE].map((error) => ({
      type: 'xstate.error.actor.readUnit',
      error,
    })),
    // The server answers a mark with the unit's new state.
    'xstate.done.actor.markUnit': (snapshot) => [
      { type: 'xstate.done.actor.markUnit', ...done({ done: snapshot.matches('markingDone') }) },
    ],
    'xstate.error.actor.markUnit': [OFFLINE, REFUNDED, NOT_YET_OPEN].map((error) => ({
      type: 'xstate.error.actor.markUnit',
      error,
    })),
  },
  inputs: [
    { label: 'day 2: ', input: DAY_2 },
    { label: 'a library workout: ', input: WORKOUT },
  ],
  check: (snapshot, _step, effects) => {
    expectLoadingWhileCalling(snapshot, ['readUnit', 'markUnit']);
    // One view at a time, except while the first read runs, when the page says only that it opens.
    const views = VIEWS.filter((tag) => snapshot.hasTag(tag));
    expect(views.length).toBe(snapshot.matches('opening') ? 0 : 1);
    // A refusal is kept exactly while the page says it; a message only beside content or a failure.
    expect(snapshot.context.refusal !== null).toBe(
      snapshot.hasTag('view:opensOn') || snapshot.hasTag('view:locked'),
    );
    if (snapshot.hasTag('view:failed')) expect(snapshot.context.error).toBe('errors.network');
    if (snapshot.context.error !== null)
      expect(snapshot.hasTag('view:unit') || snapshot.hasTag('view:failed')).toBe(true);
    // Every call is about the page's own unit.
    for (const call of effects.actors)
      expect(call.input).toMatchObject(snapshot.context.unitKey === 'main' ? WORKOUT : DAY_2);
  },
});

describe('the library player', () => {
  it('opens a unit the server says is done on its done view, with Undo', async () => {
    const logic = libraryPlayerMachine.provide({
      actors: { readUnit: fromPromise<UnitRead, PlayerInput>(async () => ({ done: true })) },
    });
    const actor = createActor(logic, { input: DAY_2 }).start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().can({ type: 'unit.markNotDone' })).toBe(true);
    actor.stop();
  });

  it('fails loudly, naming the call, when the app does not provide it', async () => {
    for (const name of ['readUnit', 'markUnit'] as const) {
      const placeholder = libraryPlayerMachine.implementations.actors[name] as AnyActorLogic;
      const actor = createActor(placeholder, { input: { ...DAY_2, done: true } });
      const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
      actor.start();
      expect(String(await failed)).toMatch(new RegExp(`${name} must be provided`));
    }
  });

  it("is judged by the spec's player rules: the rules are found by the machine's id", () => {
    expect(RULES[libraryPlayerMachine.id]).toBe(libraryPlayerRules);
  });
});
