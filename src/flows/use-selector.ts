// `useSelector` with the contract of @xstate/react's: the component re-renders only when the
// selected value changes (by `compare`). It sits on React's own useSyncExternalStore, because
// @xstate/react's goes through the `use-sync-external-store` shim that the router also uses, and
// sharing it splits the home route's first load into one more chunk than the budget allows (062).
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

export function useSelector<Actor extends AnyActorRef, Selected>(
  actor: Actor,
  selector: (snapshot: SnapshotFrom<Actor>) => Selected,
  compare: (a: Selected, b: Selected) => boolean = Object.is,
): Selected {
  const last = useRef<{ value: Selected } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = () => {
    const next = selector(actor.getSnapshot());
    if (last.current && compare(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(subscribe, read, read);
}
