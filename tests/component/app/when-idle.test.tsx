// Work that can wait for the page (the modal's code) runs once the page has loaded and its first
// screen is on it, when the browser is idle, and also when that screen failed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenLoadedAndIdle } from '../../../src/app/when-idle.ts';

describe('whenLoadedAndIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first screen, then runs the work once', async () => {
    const work = vi.fn();
    let screenShown = () => {};
    const firstScreen = new Promise<void>((resolve) => {
      screenShown = resolve;
    });
    whenLoadedAndIdle(firstScreen, work);
    await vi.runAllTimersAsync();
    expect(work).not.toHaveBeenCalled();

    screenShown();
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work when the first screen failed to render', async () => {
    const work = vi.fn();
    whenLoadedAndIdle(Promise.reject(new Error('the route failed')), work);
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event of a page still loading', async () => {
    const work = vi.fn();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    whenLoadedAndIdle(Promise.resolve(), work);
    await vi.runAllTimersAsync();
    expect(work).not.toHaveBeenCalled();

    readyState.mockRestore();
    globalThis.dispatchEvent(new Event('load'));
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
