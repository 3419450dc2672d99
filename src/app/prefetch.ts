// The code a visitor is likely to need next (the signup modal and its flows), fetched once the page
// has loaded and the browser is idle. The build names the files in the shell (decision 084). Its
// modules are preloaded, which fetches and compiles them without running them: a press then only
// runs them, where a prefetched copy was still parsed and compiled after the press. Its CSS is only
// prefetched, as a stylesheet would apply at once.

export const PREFETCH_META = 'prefetch-after-load';

/** Once the page has loaded and `ready` has settled (the first screen is on it), when the browser is idle. */
export function prefetchAfterLoad(
  doc: Document = document,
  ready: Promise<unknown> = Promise.resolve(),
): void {
  const prefetch = () => {
    const files = doc.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META}"]`)?.content.split(/\s+/);
    for (const href of files ?? []) {
      if (!href) continue;
      const link = doc.createElement('link');
      link.href = href;
      if (href.endsWith('.js')) link.rel = 'modulepreload';
      else {
        link.rel = 'prefetch';
        link.as = 'style';
      }
      doc.head.append(link);
    }
  };
  const loaded = new Promise<void>((resolve) => {
    if (doc.readyState === 'complete') resolve();
    else globalThis.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.allSettled([loaded, ready]).then(() => whenIdle(prefetch));
}

/** Runs `work` when the browser is idle (soon after, where it cannot tell). */
export function whenIdle(work: () => void): void {
  (globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1)))(() => work());
}
