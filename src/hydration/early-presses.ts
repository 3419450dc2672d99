// A button of the server's page does nothing until React has hydrated it: a press in between (a
// visitor quick on Signup while the scripts start) would be lost. Such presses are kept, and pressed
// again on the same button once React has taken it over (decision 118). Links need no help: they
// work without JavaScript.

/** Whether React has hydrated the element (it keeps its props on the node). */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));

const REPLAY_WAIT_MS = 10_000;
const POLL_MS = 50;

/** Starts keeping the presses on the buttons under `root`; the result stops it and returns them. */
export function keepEarlyPresses(root: HTMLElement): () => HTMLElement[] {
  const kept: HTMLElement[] = [];
  const keep = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !root.contains(button) || hydrated(button)) return;
    event.preventDefault();
    if (!kept.includes(button)) kept.push(button);
  };
  document.addEventListener('click', keep, true);
  return () => {
    document.removeEventListener('click', keep, true);
    return kept;
  };
}

/**
 * Presses each kept button again once React has hydrated it. A button the page no longer holds (the
 * page was rendered afresh) is dropped, as is one still not hydrated after a while.
 */
export function replayPresses(buttons: HTMLElement[]): void {
  const started = performance.now();
  const pending = [...buttons];
  const next = () => {
    while (pending[0] && (hydrated(pending[0]) || !pending[0].isConnected)) {
      const button = pending.shift() as HTMLElement;
      if (button.isConnected) button.click();
    }
    if (pending.length > 0 && performance.now() - started < REPLAY_WAIT_MS) setTimeout(next, POLL_MS);
  };
  next();
}
