// Work that can wait for the page: run once the page has loaded, `ready` has settled and the browser
// is idle, so it never competes with the first screen (decision 084).

/** Runs `work` once the page has loaded and `ready` has settled, when the browser is idle. */
export function whenLoadedAndIdle(ready: Promise<unknown>, work: () => void): void {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else globalThis.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.allSettled([loaded, ready]).then(() => whenIdle(work));
}

/** Runs `work` when the browser is idle (soon after, where it cannot tell). */
export function whenIdle(work: () => void): void {
  (globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1)))(() => work());
}
