// The dev collector of the embedded services: with no vendor configured, the SPA's error reports
// (Bugsnag's own payloads, sent to these endpoints), analytics events and engagement calls come here.
// `/dev/events` lists them as a page, `/dev/events.json` for tests (`?after=<seq>` for what came after
// a known point). Like the dev mailbox, it is registered only while `config.devPages` holds. An event
// too big to be a browser's is refused with 413.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { DEV_EVENTS_PATH, redactParameters } from '../../domain/integrations.ts';
import { escapeHtml } from '../text/html.ts';
import {
  BODY_LIMIT,
  DevEvents,
  EVENT_LIMIT,
  errorSummary,
  HELD_LIMIT,
  isObject,
  type Json,
  PAGE,
} from './dev-events.ts';
import { devPage } from './dev-page.ts';

export const devEventsRoutes: FastifyPluginAsync<{ events: DevEvents }> = async (app, { events }) => {
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
      summary: redactParameters(errorSummary(event)),
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
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        devPage(
          'Dev events',
          `<p>What the site sent to error reporting, analytics and engagement, newest first (${PAGE} a page; the oldest are dropped past ${HELD_LIMIT / 1024 / 1024} MiB).</p>${body}`,
        ),
      );
  });
};
