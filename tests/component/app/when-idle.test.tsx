// Work that can wait for the page (the modal's code) runs once the page has loaded and its first
// screen is on it and painted, when the browser is idle, and also when that screen failed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAINT_WAIT_MS, whenLoadedAndIdle } from '../../../src/app/when-idle.ts';

/**
 * The browser's performance timeline, reduced to what the wait reads: largest-contentful-paint
 * entries, delivered to observers when `paint` is called, and buffered for later ones.
 */
function fakePaintTimeline() {
  const entries: { startTime: number }[] = [];
  const observers = new Set<(entries: { startTime: number }[]) => void>();
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    private readonly deliver: (delivered: { startTime: number }[]) => void;
    constructor(callback: (list: { getEntries(): { startTime: number }[] }) => void) {
      this.deliver = (delivered) => callback({ getEntries: () => delivered });
    }
    observe(options: { type: string; buffered?: boolean }) {
      expect(options.type).toBe('largest-contentful-paint');
      observers.add(this.deliver);
      if (options.buffered && entries.length > 0) queueMicrotask(() => this.deliver([...entries]));
    }
    disconnect() {
      observers.delete(this.deliver);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint(startTime: number) {
      entries.push({ startTime });
      for (const deliver of observers) deliver([{ startTime }]);
    },
    observing: () => observers.size,
  };
}

describe('whenLoadedAndIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
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

  it('waits for a frame to be painted after the first screen where paints are not reported', async () => {
    const work = vi.fn();
    whenLoadedAndIdle(Promise.resolve(), work);
    await vi.advanceTimersByTimeAsync(5);
    expect(work).not.toHaveBeenCalled();

    await vi.advanceTimersToNextFrame();
    await vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(5);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for a frame to be painted in a browser without a performance timeline', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const work = vi.fn();
    whenLoadedAndIdle(Promise.resolve(), work);
    await vi.advanceTimersByTimeAsync(5);
    expect(work).not.toHaveBeenCalled();

    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the paint of the first screen, not an earlier one', async () => {
    const timeline = fakePaintTimeline();
    const work = vi.fn();
    timeline.paint(performance.now());
    await vi.advanceTimersByTimeAsync(10);
    let screenShown = () => {};
    const firstScreen = new Promise<void>((resolve) => {
      screenShown = resolve;
    });
    whenLoadedAndIdle(firstScreen, work);
    screenShown();
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS / 2);
    expect(work).not.toHaveBeenCalled();
    expect(timeline.observing()).toBe(1);

    timeline.paint(performance.now());
    await vi.advanceTimersByTimeAsync(5);
    expect(work).toHaveBeenCalledTimes(1);
    expect(timeline.observing()).toBe(0);
  });

  it('takes a paint reported before it began to wait, when it came after the first screen', async () => {
    const timeline = fakePaintTimeline();
    const work = vi.fn();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    whenLoadedAndIdle(Promise.resolve(), work);
    await vi.advanceTimersByTimeAsync(10);
    timeline.paint(performance.now());
    readyState.mockRestore();
    globalThis.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('goes ahead after PAINT_WAIT_MS when no paint is reported', async () => {
    const timeline = fakePaintTimeline();
    const work = vi.fn();
    whenLoadedAndIdle(Promise.resolve(), work);
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 10);
    expect(work).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(20);
    expect(work).toHaveBeenCalledTimes(1);
    expect(timeline.observing()).toBe(0);
  });
});
