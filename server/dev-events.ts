// The dev collector of the embedded services: with no vendor configured, the SPA's error reports
// (Bugsnag's own payloads, sent to these endpoints), analytics events and engagement calls come here,
// and so do the server's own 5xx reports. `/dev/events` lists them as a page, `/dev/events.json` for
// tests (`?after=<seq>` for what came after a known point). Like the dev mailbox, it exists only while
// `config.devPages` holds. The list lives in the process's memory, newest kept: it shows what a journey
// sends, it is not a store. Anyone who can reach the port can post to it, so it holds a bounded number
// of bytes (the oldest go first), refuses an event too big to be a browser's with 413, and answers
// one page at a time.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEV_EVENTS_PATH, redactTokens } from '../domain/services.ts';
import { sendDevPage } from './mail/dev-mailbox.ts';
import { escapeHtml } from './mail/templates.ts';

export type DevEventKind = 'error' | 'session' | 'analytics' | 'engagement';

export interface DevEvent {
  seq: number;
  at: string;
  kind: DevEventKind;
  source: 'browser' | 'server';
  /** A one-line summary for the page: the error's class and message, the event's or call's name. */
  summary: string;
  payload: unknown;
}

const KEEP = 1000;
/** Bugsnag batches at most a few events per request; anything bigger is not a browser's report. */
const BODY_LIMIT = 256 * 1024;
/** One event, as JSON: a browser's error report with its breadcrumbs is a few kilobytes. */
export const EVENT_LIMIT = 64 * 1024;
/** Everything held, so memory stays bounded however much is posted. */
export const HELD_LIMIT = 4 * 1024 * 1024;
/** Events per answer, JSON or HTML: a page renders in milliseconds whatever is held. */
export const PAGE = 100;
const SUMMARY_LIMIT = 300;

interface Held extends DevEvent {
  bytes: number;
}

/** The JSON size of what an event keeps, or Infinity when it cannot be written as JSON. */
function sizeOf(summary: string, payload: unknown): number {
  try {
    return Buffer.byteLength(summary) + Buffer.byteLength(JSON.stringify(payload) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export class DevEvents {
  private events: Held[] = [];
  private seq = 0;
  private held = 0;

  /** Whether an event of this summary and payload is small enough to keep. */
  static fits(summary: string, payload: unknown): boolean {
    return sizeOf(summary.slice(0, SUMMARY_LIMIT), payload) <= EVENT_LIMIT;
  }

  /** Keeps the event, dropping the oldest ones to stay within the bounds; an oversized one is dropped. */
  add(kind: DevEventKind, source: DevEvent['source'], summary: string, payload: unknown): void {
    const short = summary.slice(0, SUMMARY_LIMIT);
    const bytes = sizeOf(short, payload);
    // The server's own reports arrive here unchecked; one too big is summarised, not kept whole.
    const kept = bytes <= EVENT_LIMIT ? payload : { dropped: `payload of ${bytes} bytes` };
    this.seq += 1;
    const event = {
      seq: this.seq,
      at: new Date().toISOString(),
      kind,
      source,
      summary: short,
      payload: kept,
    };
    this.events.push({ ...event, bytes: bytes <= EVENT_LIMIT ? bytes : sizeOf(short, kept) });
    this.held += this.events.at(-1)?.bytes ?? 0;
    let drop = 0;
    while (this.events.length - drop > KEEP || this.held > HELD_LIMIT) {
      this.held -= this.events[drop]?.bytes ?? 0;
      drop += 1;
    }
    if (drop) this.events.splice(0, drop);
  }

  /** The JSON bytes held now. */
  bytes(): number {
    return this.held;
  }

  /**
   * The newest events with `after < seq < before`, at most `limit`, oldest first, and whether older
   * ones in that range were left for another page.
   */
  page(after = 0, before = Number.POSITIVE_INFINITY, limit = PAGE): { events: DevEvent[]; more: boolean } {
    const range = this.events.filter((event) => event.seq > after && event.seq < before);
    const events = range.slice(-limit).map(({ bytes: _bytes, ...event }) => event);
    return { events, more: range.length > events.length };
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function errorSummary(event: Json): string {
  const exception =
    Array.isArray(event.exceptions) && isObject(event.exceptions[0]) ? event.exceptions[0] : {};
  return `${text(exception.errorClass) || 'Error'}: ${text(exception.message)}`;
}

export function registerDevEvents(app: FastifyInstance, events: DevEvents | null): void {
  if (!events) return;
  const refuse = (message: string) => ({ success: false, message });
  const json = { bodyLimit: BODY_LIMIT };
  const tooBig = (reply: FastifyReply) =>
    reply
      .code(413)
      .send(refuse(`One event may be at most ${EVENT_LIMIT} bytes of JSON; nothing was recorded`));

  // Bugsnag's notify endpoint: one request carries `events[]`; it expects 202.
  app.post(`${DEV_EVENTS_PATH}/notify`, json, async (request, reply) => {
    const body = request.body;
    if (!isObject(body) || !Array.isArray(body.events) || !body.events.every(isObject)) {
      return reply.code(400).send(refuse('Expected a Bugsnag notify payload: { events: [...] }'));
    }
    const reports = (body.events as Json[]).map((event) => ({
      summary: redactTokens(errorSummary(event)),
      event,
    }));
    if (!reports.every(({ summary, event }) => DevEvents.fits(summary, event))) return tooBig(reply);
    for (const { summary, event } of reports) events.add('error', 'browser', summary, event);
    return reply.code(202).send({ success: true });
  });

  // Bugsnag's sessions endpoint, for the stability score.
  app.post(`${DEV_EVENTS_PATH}/sessions`, json, async (request, reply) => {
    const body = request.body;
    if (!isObject(body) || !Array.isArray(body.sessions)) {
      return reply.code(400).send(refuse('Expected a Bugsnag sessions payload: { sessions: [...] }'));
    }
    const summary = `${body.sessions.length} session(s) started`;
    if (!DevEvents.fits(summary, body)) return tooBig(reply);
    events.add('session', 'browser', summary, body);
    return reply.code(202).send({ success: true });
  });

  app.post(`${DEV_EVENTS_PATH}/analytics`, json, async (request, reply) => {
    const body = request.body;
    if (!isObject(body) || typeof body.name !== 'string' || !isObject(body.params)) {
      return reply.code(400).send(refuse('Expected an analytics event: { name, params }'));
    }
    const event = { name: body.name, params: body.params };
    if (!DevEvents.fits(body.name, event)) return tooBig(reply);
    events.add('analytics', 'browser', body.name, event);
    return reply.code(202).send({ success: true });
  });

  app.post(`${DEV_EVENTS_PATH}/engagement`, json, async (request, reply) => {
    const body = request.body;
    if (!isObject(body) || typeof body.call !== 'string') {
      return reply.code(400).send(refuse('Expected an engagement call: { call, ... }'));
    }
    const name = typeof body.name === 'string' ? `(${body.name})` : '';
    if (!DevEvents.fits(`${body.call}${name}`, body)) return tooBig(reply);
    events.add('engagement', 'browser', `${body.call}${name}`, body);
    return reply.code(202).send({ success: true });
  });

  // One page: the newest events after `after` (and before `before`), oldest first. When `more`,
  // `before` set to the first one's seq gives the page before it.
  app.get(`${DEV_EVENTS_PATH}.json`, async (request, reply) => {
    const query = request.query as { after?: string; before?: string };
    const after = Number(query.after ?? 0);
    const before = query.before === undefined ? Number.POSITIVE_INFINITY : Number(query.before);
    if (!Number.isInteger(after) || after < 0) {
      return reply
        .code(400)
        .send(refuse('after must be a whole number: the seq of the last event already seen'));
    }
    if (before !== Number.POSITIVE_INFINITY && (!Number.isInteger(before) || before < 1)) {
      return reply.code(400).send(refuse('before must be a whole number: the seq a page starts after'));
    }
    return { success: true, held: events.bytes(), ...events.page(after, before) };
  });

  app.get(DEV_EVENTS_PATH, async (request, reply) => {
    const query = request.query as { before?: string };
    const before = Number(query.before ?? Number.POSITIVE_INFINITY);
    if (Number.isNaN(before) || before < 1) {
      return reply.code(400).send(refuse('before must be a whole number: the seq a page starts after'));
    }
    const { events: page, more } = events.page(0, before);
    const rows = page.reverse();
    const items = rows.map(
      (e) => `<li>
  <h2><span>${escapeHtml(e.kind)}</span> ${escapeHtml(e.summary)}</h2>
  <p>#${e.seq} from the ${e.source}, <time datetime="${e.at}">${escapeHtml(e.at)}</time></p>
  <details><summary>Payload</summary><pre>${escapeHtml(JSON.stringify(e.payload, null, 2))}</pre></details>
</li>`,
    );
    const older = more
      ? `<p><a href="${DEV_EVENTS_PATH}?before=${rows.at(-1)?.seq ?? 0}">Older events</a></p>`
      : '';
    const body = rows.length ? `<ol>${items.join('\n')}</ol>${older}` : '<p>Nothing sent yet.</p>';
    return sendDevPage(
      reply,
      'Dev events',
      `<p>What the site sent to error reporting, analytics and engagement, newest first (${PAGE} a page; the oldest are dropped past ${HELD_LIMIT / 1024 / 1024} MiB).</p>${body}`,
    );
  });
}
