import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { catalogueEditMachine } from '../../../machines/catalogue-edit/catalogue-edit.machine.ts';
import type { CatalogueCheck } from '../../../machines/catalogue-edit/catalogue-edit.types.ts';
import { StudioRequestError } from '../../../machines/studio-error.ts';
import { describeModel, expectLoadingWhileCalling } from '../model.ts';

const REPLACES: CatalogueCheck = {
  replacesSoldPrice: true,
  soldPrice: { amount: 2999, currency: 'usd' },
  newPrice: { amount: 3499, currency: 'usd' },
};
const IN_PLACE: CatalogueCheck = { replacesSoldPrice: false, soldPrice: null, newPrice: null };
const BAD_FIELD = new StudioRequestError('The amount must be a whole number of cents.', 400);
const COACH = new StudioRequestError('Only an owner may change the catalogue.', 403);
const OFFLINE = new StudioRequestError('errors.network', 0);
const DRAFT = { name: 'Monthly', amount: 3499 };

const VIEWS = [
  'view:form',
  'view:confirmReplacement',
  'view:confirmArchive',
  'view:saved',
  'view:archived',
  'view:refused',
];

describeModel('catalogue edit machine', catalogueEditMachine, {
  samples: {
    'edit.save': [{ type: 'edit.save', draft: DRAFT }],
    'xstate.done.actor.checkChange': [REPLACES, IN_PLACE].map((output) => ({
      type: 'xstate.done.actor.checkChange',
      output,
    })),
    'xstate.error.actor.checkChange': [BAD_FIELD, COACH].map((error) => ({
      type: 'xstate.error.actor.checkChange',
      error,
    })),
    'xstate.done.actor.saveItem': [{ type: 'xstate.done.actor.saveItem', output: {} }],
    'xstate.error.actor.saveItem': [BAD_FIELD, COACH].map((error) => ({
      type: 'xstate.error.actor.saveItem',
      error,
    })),
    'xstate.done.actor.archiveItem': [{ type: 'xstate.done.actor.archiveItem', output: {} }],
    'xstate.error.actor.archiveItem': [OFFLINE, COACH].map((error) => ({
      type: 'xstate.error.actor.archiveItem',
      error,
    })),
  },
  inputs: [
    { label: 'a plan: ', input: { kind: 'plan', id: 'plan_1' } },
    { label: 'a new coupon: ', input: { kind: 'coupon', id: null } },
  ],
  check: (snapshot) => {
    expectLoadingWhileCalling(snapshot, ['checkChange', 'saveItem', 'archiveItem']);
    const views = VIEWS.filter((tag) => snapshot.hasTag(tag));
    expect(views.length).toBe(snapshot.matches('saving') || snapshot.matches('archiving') ? 0 : 1);
    if (snapshot.hasTag('view:confirmReplacement')) expect(snapshot.context.check).toEqual(REPLACES);
  },
});

describe('the catalogue edit', () => {
  it('saves a change that keeps every sold price without asking twice', async () => {
    const calls: string[] = [];
    const actor = createActor(
      catalogueEditMachine.provide({
        actors: {
          checkChange: fromPromise(async () => {
            calls.push('check');
            return IN_PLACE;
          }),
          saveItem: fromPromise(async (): Promise<unknown> => {
            calls.push('save');
            return {};
          }),
        },
      }),
      { input: { kind: 'plan', id: 'plan_1' } },
    ).start();
    actor.send({ type: 'edit.save', draft: DRAFT });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(calls).toEqual(['check', 'save']);
  });

  it('offers no archive for an item not yet saved', () => {
    const actor = createActor(catalogueEditMachine, { input: { kind: 'coupon', id: null } }).start();
    expect(actor.getSnapshot().can({ type: 'edit.archive' })).toBe(false);
  });
});
