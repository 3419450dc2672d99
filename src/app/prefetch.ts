// The code a visitor is likely to need next (the signup modal and its flows), fetched once the page
// has loaded and the browser is idle. The build names the files in the shell (decision 084).

export const PREFETCH_META = 'prefetch-after-load';

export function prefetchAfterLoad(doc: Document = document): void {
  const prefetch = () => {
    const files = doc.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META}"]`)?.content.split(/\s+/);
    for (const href of files ?? []) {
      if (!href) continue;
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      // Module scripts are fetched in CORS mode: a prefetch in another mode would not be reused.
      if (href.endsWith('.js')) {
        link.as = 'script';
        link.crossOrigin = '';
      } else link.as = 'style';
      doc.head.append(link);
    }
  };
  const prefetchWhenIdle = () => whenIdle(prefetch);
  if (doc.readyState === 'complete') prefetchWhenIdle();
  else globalThis.addEventListener('load', prefetchWhenIdle, { once: true });
}

/** Runs `work` when the browser is idle (soon after, where it cannot tell). */
export function whenIdle(work: () => void): void {
  (globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1)))(() => work());
}
