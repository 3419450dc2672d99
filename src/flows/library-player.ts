// The library player with the app's effects (decision 020): its read goes through the unit's query,
// so the page draws the content from the answer the player asked for, and a mark sets the unit's
// state in that answer and has the library and the item read again (their counts and next unit
// changed). Loaded with the unit's page only: the members' code stays off the public first load.
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { LibraryKind } from '../../domain/api-types.ts';
import { libraryPlayerMachine } from '../../machines/library-player/library-player.machine.ts';
import type { PlayerInput, UnitRead } from '../../machines/library-player/library-player.types.ts';
import { libraryKeys, libraryUnitQuery, markLibraryUnit } from '../features/library/library.queries.ts';
import { pageLocale } from '../lib/locale.ts';

export type LibraryPlayerLogic = ReturnType<typeof provideLibraryPlayer>;

export function provideLibraryPlayer(queryClient: QueryClient) {
  return libraryPlayerMachine.provide({
    actors: {
      readUnit: fromPromise<UnitRead, PlayerInput>(async ({ input }) => {
        const query = libraryUnitQuery(input.kind as LibraryKind, input.slug, input.unitKey);
        const answer = await queryClient.fetchQuery(query);
        return { done: answer.unit.state === 'done' };
      }),
      markUnit: fromPromise<UnitRead, PlayerInput & { done: boolean }>(async ({ input }) => {
        const kind = input.kind as LibraryKind;
        const answer = await markLibraryUnit(kind, input.slug, input.unitKey, input.done);
        const { state, doneAt } = answer.unit;
        const done = state === 'done';
        queryClient.setQueryData(
          libraryUnitQuery(kind, input.slug, input.unitKey, pageLocale()).queryKey,
          (read) =>
            read
              ? {
                  ...read,
                  unit: { ...read.unit, state: done ? ('done' as const) : ('open' as const), doneAt },
                }
              : read,
        );
        void queryClient.invalidateQueries({ queryKey: libraryKeys.item(kind, input.slug) });
        void queryClient.invalidateQueries({ queryKey: ['library', 'list'] });
        return { done };
      }),
    },
  });
}
