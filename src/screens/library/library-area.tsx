// The members' area's pages by their address: `/library` the member's library, `/library/<kind>/<slug>`
// a challenge's program or a course, `/library/<kind>/<slug>/<unit>` a day, a lesson or a library
// entry (whose item address is its one unit). One route for all of them keeps the public first load
// as it was (decision 140).
import { useParams } from '@tanstack/react-router';
import { ENTRY_UNIT_KEY, isEntry, isLibraryKind } from '../../features/library/library.queries.ts';
import { LibraryFrame } from '../../features/library/library-frame.tsx';
import { LibraryItemScreen, NotFound } from './item-screen.tsx';
import { LibraryScreen } from './library-screen.tsx';
import { LibraryUnitScreen, type PlayerFactory } from './unit-screen.tsx';

export function LibraryArea({ player }: { player: PlayerFactory }) {
  const { _splat } = useParams({ strict: false }) as { _splat?: string };
  const [kind, slug, unitKey, ...rest] = (_splat ?? '').split('/').filter(Boolean);
  if (!kind) return <LibraryScreen />;
  if (slug && isLibraryKind(kind) && rest.length === 0) {
    if (unitKey) return <LibraryUnitScreen address={{ kind, slug, unitKey }} player={player} />;
    if (isEntry(kind))
      return <LibraryUnitScreen address={{ kind, slug, unitKey: ENTRY_UNIT_KEY }} player={player} />;
    return <LibraryItemScreen kind={kind} slug={slug} />;
  }
  return (
    <LibraryFrame>
      <NotFound />
    </LibraryFrame>
  );
}
