// The server's Bugsnag client against a local HTTP server standing in for Bugsnag's notify endpoint:
// the real SDK decides, from the release stage, whether anything is sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { serverErrorReporter } from '../../../server/integrations.ts';

let server: Server;
interface Payload {
  events: { app: { releaseStage: string }; metaData: Record<string, unknown> }[];
}
let received: Payload[] = [];
let endpoint = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(JSON.parse(body));
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const reporter = (stage: string) =>
  serverErrorReporter(
    loadConfig({
      RELEASE_STAGE: stage,
      BUGSNAG_API_KEY: 'a'.repeat(32),
      BUGSNAG_NOTIFY_ENDPOINT: `${endpoint}/notify`,
      BUGSNAG_SESSIONS_ENDPOINT: `${endpoint}/sessions`,
    }),
    null,
  );

describe("the server's error reports", () => {
  it.each(['production', 'staging'])('are sent from %s', async (stage) => {
    await reporter(stage).report(new Error('boom'), { method: 'GET', url: '/api/user' });
    expect(received).toHaveLength(1);
    expect(received[0]?.events[0]?.app.releaseStage).toBe(stage);
  });

  it.each(['development', 'test'])('are not sent from %s', async (stage) => {
    await reporter(stage).report(new Error('boom'));
    expect(received).toEqual([]);
  });

  it('carry the request without its token, and no header or body', async () => {
    // Made at run time: Bugsnag sends the lines of source around the stack frames, this one included.
    const token = crypto.randomUUID();
    await reporter('staging').report(new Error('boom'), {
      method: 'GET',
      url: `/api/user/verify?token=${token}&x=1`,
      route: '/api/user/verify',
    });
    const sent = JSON.stringify(received);
    expect(sent).not.toContain(token);
    expect(received[0]?.events[0]?.metaData.request).toEqual({
      method: 'GET',
      url: '/api/user/verify?token=[redacted]&x=1',
      route: '/api/user/verify',
    });
  });
});

describe('the dev collector as the server reporter', () => {
  const collected: string[] = [];
  const collecting = (stage: string) =>
    serverErrorReporter(loadConfig({ RELEASE_STAGE: stage }), (summary) => collected.push(summary));

  it('records a 5xx from staging, and nothing from development', async () => {
    await collecting('development').report(new Error('quiet'));
    await collecting('staging').report(new TypeError('loud ?token=abc'));
    expect(collected).toEqual(['TypeError: loud ?token=[redacted]']);
  });
});
