// A change sent once however often its button is pressed: a mutation's own pending state reaches the
// button only after a render, and a second press can land before it (a double click, an impatient
// tap), which would send the change twice. The flag is set at the first press, in the same event.
import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

export function useOneAtATime<Data, Vars>(
  mutation: UseMutationResult<Data, Error, Vars>,
): (variables: Vars) => void {
  const busy = useRef(false);
  const { mutate } = mutation;
  return useCallback(
    (variables: Vars) => {
      if (busy.current) return;
      busy.current = true;
      mutate(variables, {
        onSettled: () => {
          busy.current = false;
        },
      });
    },
    [mutate],
  );
}
