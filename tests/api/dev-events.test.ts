// The dev collector at /dev/events is open to whoever reaches the port while the dev pages are on:
// what it holds stays within a number of bytes however much is posted, one event too big is refused
// with 413, and each answer, JSON or HTML, is one page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevEvents, EVENT_LIMIT, HELD_LIMIT, PAGE } from '../../server/dev/dev-events.ts';
import { startTestApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Listed {
  seq: number;
  summary: string;
  payload: unknown;
}
const eventsJson = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/dev/events.json${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { held: number; events: Listed[]; more: boolean };
};

/** An analytics event of about `bytes` bytes of JSON. */
const analytics = (name: string, bytes: number) => ({ name, params: { filler: 'x'.repeat(bytes - 60) } });

describe('the dev collector', () => {
  it('holds at most its byte bound however much is posted, dropping the oldest', async () => {
    const size = EVENT_LIMIT - 1024;
    const posted = Math.ceil((4 * HELD_LIMIT) / size);
    for (let i = 0; i < posted; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dev/events/analytics',
        payload: analytics(`flood-${i}`, size),
      });
      expect(res.statusCode).toBe(202);
    }
    const first = await eventsJson();
    expect(first.held).toBeLessThanOrEqual(HELD_LIMIT);
    expect(first.held).toBeGreaterThan(HELD_LIMIT - 2 * size);
    // Every page together is what is held: the newest events, oldest ones gone.
    const all: Listed[] = [...first.events];
    for (let page = first; page.more; ) {
      page = await eventsJson(`?before=${all[0]?.seq}`);
      all.unshift(...page.events);
    }
    const bytes = all.reduce(
      (sum, e) => sum + Buffer.byteLength(JSON.stringify(e.payload)) + e.summary.length,
      0,
    );
    expect(bytes).toBe(first.held);
    expect(all.at(-1)?.summary).toBe(`flood-${posted - 1}`);
    expect(all.some((e) => e.summary === 'flood-0')).toBe(false);
  });

  it('refuses one event over the limit with 413 and a clear message, recording nothing', async () => {
    const before = await eventsJson();
    for (const [url, payload] of [
      ['/dev/events/analytics', analytics('huge', EVENT_LIMIT + 100)],
      ['/dev/events/engagement', { call: 'logCustomEvent', data: 'x'.repeat(EVENT_LIMIT) }],
      ['/dev/events/sessions', { sessions: [{ id: 'x'.repeat(EVENT_LIMIT) }] }],
      ['/dev/events/notify', { events: [{ exceptions: [], metaData: { blob: 'x'.repeat(EVENT_LIMIT) } }] }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(413);
      expect(res.json().message).toMatch(/at most \d+ bytes/);
    }
    const after = await eventsJson();
    expect(after.events.at(-1)?.seq).toBe(before.events.at(-1)?.seq);
  });

  it('answers one page at a time, as JSON and as HTML, with a link to the older ones', async () => {
    for (let i = 0; i < 3 * PAGE; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/dev/events/analytics',
        payload: analytics(`small-${i}`, 100),
      });
    }
    const json = await eventsJson();
    expect(json.events).toHaveLength(PAGE);
    expect(json.more).toBe(true);
    expect(json.events.at(-1)?.summary).toBe(`small-${3 * PAGE - 1}`);
    const after = await eventsJson(`?after=${json.events.at(-2)?.seq}`);
    expect(after.events.map((e) => e.summary)).toEqual([`small-${3 * PAGE - 1}`]);

    const html = await t.app.inject({ method: 'GET', url: '/dev/events' });
    expect(html.statusCode).toBe(200);
    expect(html.body.match(/<li>/g)).toHaveLength(PAGE);
    const older = /href="(\/dev\/events\?before=\d+)"/.exec(html.body)?.[1];
    expect(older).toBeDefined();
    const next = await t.app.inject({ method: 'GET', url: String(older) });
    expect(next.body.match(/<li>/g)).toHaveLength(PAGE);
    expect(next.body).toContain(`small-${2 * PAGE - 1}`);
    expect(next.body).not.toContain(`small-${2 * PAGE}<`);
  });

  it('keeps a server report that is too big as a note of its size', () => {
    const events = new DevEvents();
    events.add('error', 'server', 'Error: big', { blob: 'x'.repeat(2 * EVENT_LIMIT) });
    expect(events.bytes()).toBeLessThan(1024);
    expect(events.page().events[0]?.payload).toEqual({ dropped: expect.stringMatching(/bytes/) });
  });
});
