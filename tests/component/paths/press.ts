// What both path drivers do with a target: wait for it on screen, and press it once it is enabled.
import { fireEvent, waitFor } from '@testing-library/react';
import type { Target } from '../../paths/ui.ts';

export const describeTarget = (target: Target) => JSON.stringify(target);

export function targetActions(find: (target: Target) => HTMLElement[]) {
  const one = async (target: Target) => {
    let found: HTMLElement | undefined;
    // A chunk loads on a part's first opening (the modal's, a studio page's), which can take more
    // than waitFor's default second.
    await waitFor(
      () => {
        found = find(target)[0];
        if (!found) throw new Error(`nothing on screen matches ${describeTarget(target)}`);
      },
      { timeout: 5000 },
    );
    return found as HTMLElement;
  };

  async function press(target: Target) {
    const found = await one(target);
    await waitFor(() => {
      if ((found as HTMLButtonElement).disabled) throw new Error(`${describeTarget(target)} is disabled`);
    });
    fireEvent.click(found);
  }

  return { one, press };
}
