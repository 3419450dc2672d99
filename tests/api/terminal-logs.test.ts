// The logs a person reads on a terminal (LOG_FORMAT=pretty, what a terminal gets by default): one
// plain line per request with its method, address, status and time, the address's secrets redacted,
// and no JSON; without LOG_FORMAT, a stream that is not a terminal gets pino's JSON lines.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { TEST_ENV } from './members.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function logsOf(env: Record<string, string>, requests: string[]): Promise<string[]> {
  let written = '';
  const stream = new PassThrough();
  stream.on('data', (chunk) => {
    written += chunk.toString('utf8');
  });
  t = await startTestApp({ env: { ...TEST_ENV, LOG_LEVEL: 'info', ...env }, logStream: stream });
  for (const url of requests) await t.app.inject({ method: 'GET', url });
  return written.split('\n').filter(Boolean);
}

describe('logs on a terminal', () => {
  it('are one line per request, its secrets redacted, no JSON', async () => {
    const secret = 'a-secret-token-value';
    const lines = await logsOf({ LOG_FORMAT: 'pretty' }, ['/api/health', `/api/user?token=${secret}`]);
    const requests = lines.filter((line) => / (GET) \//.test(line));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: GET \/api\/health 200 \d+ ms$/);
    expect(requests[1]).toMatch(/GET \/api\/user\?token=\[redacted\] 401 \d+ ms$/);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
  });

  it('are JSON lines, request and answer apart, where no terminal reads them', async () => {
    const lines = await logsOf({}, ['/api/health']);
    const entries = lines.map((line) => JSON.parse(line) as { msg: string });
    expect(entries.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
  });
});
