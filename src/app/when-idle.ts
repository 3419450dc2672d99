// Work that can wait for the page: run once the page has loaded, `ready` has settled, the screen it
// renders has been painted and the browser is idle, so it never competes with the first screen
// (decision 084).

/** How long the work waits for the screen's paint to be reported before it goes ahead anyway. */
export const PAINT_WAIT_MS = 1000;

/** Runs `work` once the page has loaded and `ready` has settled and been painted, when the browser is idle. */
export function whenLoadedAndIdle(ready: Promise<unknown>, work: () => void): void {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else globalThis.addEventListener('load', () => resolve(), { once: true });
  });
  const readyAt = ready.then(
    () => performance.now(),
    () => performance.now(),
  );
  void Promise.all([loaded, readyAt])
    .then(([, since]) => paintedSince(since))
    .then(() => whenIdle(work));
}

/** Runs `work` when the browser is idle (soon after, where it cannot tell). */
export function whenIdle(work: () => void): void {
  (globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1)))(() => work());
}

/**
 * Settles once the browser reports a largest-contentful-paint candidate painted at or after `since`.
 * An idle callback, even two frames later, can come before that paint is presented, and a phone
 * then counts a request made there as one its largest paint waited for. Where the browser reports
 * no such paint (no such entries, nothing larger painted, a tap already made), it settles after two
 * frames, or after PAINT_WAIT_MS at most.
 */
function paintedSince(since: number): Promise<void> {
  return new Promise((resolve) => {
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) done();
    });
    const timer = setTimeout(done, PAINT_WAIT_MS);
    function done() {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    }
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}
