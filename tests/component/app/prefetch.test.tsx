// The modal's code named in the shell is fetched once the page has loaded and its first screen is on
// it, when the browser is idle: scripts as module preloads (fetched and compiled, not run), CSS as
// prefetches (a stylesheet would apply at once).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_META, prefetchAfterLoad } from '../../../src/app/prefetch.ts';

/** The loaded page's document, its shell naming `files`. */
function shellDocument(files: string): Document {
  const meta = document.createElement('meta');
  meta.name = PREFETCH_META;
  meta.content = files;
  document.head.append(meta);
  return document;
}

const links = (doc: Document) =>
  [...doc.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

describe('prefetchAfterLoad', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.replaceChildren();
  });

  it('waits for the first screen, then preloads the scripts and prefetches the CSS', async () => {
    const doc = shellDocument('/assets/modal.js /assets/modal.css  /assets/flows.js');
    let screenShown = () => {};
    const firstScreen = new Promise<void>((resolve) => {
      screenShown = resolve;
    });
    prefetchAfterLoad(doc, firstScreen);
    await vi.runAllTimersAsync();
    expect(links(doc)).toEqual([]);

    screenShown();
    await vi.runAllTimersAsync();
    expect(links(doc)).toEqual([
      'modulepreload /assets/modal.js',
      'prefetch /assets/modal.css',
      'modulepreload /assets/flows.js',
    ]);
    expect(doc.head.querySelector<HTMLLinkElement>('link[rel="prefetch"]')?.as).toBe('style');
  });

  it('still fetches the code when the first screen failed to render', async () => {
    const doc = shellDocument('/assets/modal.js');
    prefetchAfterLoad(doc, Promise.reject(new Error('the route failed')));
    await vi.runAllTimersAsync();
    expect(links(doc)).toEqual(['modulepreload /assets/modal.js']);
  });
});
