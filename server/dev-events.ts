// The dev collector of the embedded services: with no vendor configured, the SPA's error reports
// (Bugsnag's own payloads, sent to these endpoints), analytics events and engagement calls come here,
// and so do the server's own 5xx reports. `/dev/events` lists them as a page, `/dev/events.json` for
// tests (`?after=<seq>` for what came after a known point). Like the dev mailbox, it exists only while
// `config.devPages` holds. The list lives in the process's memory, newest kept: it shows what a journey
// sends, it is not a store.
import type { FastifyInstance } from 'fastify';
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

export class DevEvents {
  private events: DevEvent[] = [];
  private seq = 0;

  add(kind: DevEventKind, source: DevEvent['source'], summary: string, payload: unknown): void {
    this.seq += 1;
    this.events.push({ seq: this.seq, at: new Date().toISOString(), kind, source, summary, payload });
    if (this.events.length > KEEP) this.events.splice(0, this.events.length - KEEP);
  }

  list(after = 0): DevEvent[] {
    return this.events.filter((event) => event.seq > after);
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

  // Bugsnag's notify endpoint: one request carries `events[]`; it expects 202.
  app.post(`${DEV_EVENTS_PATH}/notify`, json, async (request, reply) => {
    const body = request.body;
    if (!isObject(body) || !Array.isArray(body.events) || !body.events.every(isObject)) {
      return reply.code(400).send(refuse('Expected a Bugsnag notify payload: { events: [...] }'));
    }
    for (const event of body.events as Json[])
      events.add('error', 'browser', redactTokens(errorSummary(event)), event);
    return reply.code(202).send({ success: true });
  });

  // Bugsnag's sessions endpoint, for the stability score.
  app.post(`${DEV_EVENTS_PATH}/sessions`, json, async (request, reply) => {
    const body = request.body;
    if (!isObject(body) || !Array.isArray(body.sessions)) {
      return reply.code(400).send(refuse('Expected a Bugsnag sessions payload: { sessions: [...] }'));
    }
    events.add('session', 'browser', `${body.sessions.length} session(s) started`, body);
    return reply.code(202).send({ success: true });
  });

  app.post(`${DEV_EVENTS_PATH}/analytics`, json, async (request, reply) => {
    const body = request.body;
    if (!isObject(body) || typeof body.name !== 'string' || !isObject(body.params)) {
      return reply.code(400).send(refuse('Expected an analytics event: { name, params }'));
    }
    events.add('analytics', 'browser', body.name, { name: body.name, params: body.params });
    return reply.code(202).send({ success: true });
  });

  app.post(`${DEV_EVENTS_PATH}/engagement`, json, async (request, reply) => {
    const body = request.body;
    if (!isObject(body) || typeof body.call !== 'string') {
      return reply.code(400).send(refuse('Expected an engagement call: { call, ... }'));
    }
    const name = typeof body.name === 'string' ? `(${body.name})` : '';
    events.add('engagement', 'browser', `${body.call}${name}`, body);
    return reply.code(202).send({ success: true });
  });

  app.get(`${DEV_EVENTS_PATH}.json`, async (request, reply) => {
    const after = Number((request.query as { after?: string }).after ?? 0);
    if (!Number.isInteger(after) || after < 0) {
      return reply
        .code(400)
        .send(refuse('after must be a whole number: the seq of the last event already seen'));
    }
    return { success: true, events: events.list(after) };
  });

  app.get(DEV_EVENTS_PATH, async (_request, reply) => {
    const rows = events.list().reverse();
    const items = rows.map(
      (e) => `<li>
  <h2><span>${escapeHtml(e.kind)}</span> ${escapeHtml(e.summary)}</h2>
  <p>#${e.seq} from the ${e.source}, <time datetime="${e.at}">${escapeHtml(e.at)}</time></p>
  <details><summary>Payload</summary><pre>${escapeHtml(JSON.stringify(e.payload, null, 2))}</pre></details>
</li>`,
    );
    const body = rows.length ? `<ol>${items.join('\n')}</ol>` : '<p>Nothing sent yet.</p>';
    return sendDevPage(
      reply,
      'Dev events',
      `<p>What the site sent to error reporting, analytics and engagement, newest first.</p>${body}`,
    );
  });
}
