// The request logs are read from the stream pino writes to: after a register, a login, calls with
// the token header and a page request with `?token=`, no token or password appears in them. Work
// done after an answer logs its failures through the same redaction, and a hop-count TRUST_PROXY is
// warned about at start.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_PROXY_HOPS_WARNING } from '../../server/app.ts';
import type { ServerContext } from '../../server/context.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { lastMailTo, login, PASSWORD, register, TEST_ENV, uniqueEmail } from './members.ts';

let app: FastifyInstance;
let context: ServerContext;
let logs = '';

/** An app whose logs are appended to what `read` returns. */
async function loggedApp(env: Record<string, string> = {}) {
  let written = '';
  const stream = new PassThrough();
  stream.on('data', (chunk) => {
    written += chunk.toString('utf8');
  });
  const t = await startTestApp({ env: { ...TEST_ENV, LOG_LEVEL: 'trace', ...env }, logStream: stream });
  return { ...t, read: () => written };
}

let t: TestApp;
let read = () => '';
beforeAll(async () => {
  const logged = await loggedApp();
  ({ app, context, read } = logged);
  t = logged;
});
afterAll(async () => {
  await t.close();
});

describe('request logs', () => {
  it('never contain tokens or passwords', async () => {
    const email = uniqueEmail();
    const member = await register(app, { email, enableEmailVerification: true });
    const { token: verifyToken } = await lastMailTo(app, email);
    const loggedIn = await login(app, email);
    const userToken = loggedIn.json().userToken as string;
    await app.inject({ method: 'GET', url: '/api/user?gateway=true', headers: { token: userToken } });
    await app.inject({ method: 'GET', url: '/api/user', headers: { token: verifyToken } });
    await app.inject({ method: 'GET', url: `/challenge/30-day-shred?token=${verifyToken}&openModal=true` });
    await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: verifyToken, password: 'a secret new password' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: 'a wrong secret password', trainerID: DEMO_TRAINER_ID },
    });

    logs = read();
    // The logs were written, and name the calls, so their absence below means something.
    expect(logs).toContain('/api/user/login');
    expect(logs).toContain('/challenge/30-day-shred?token=[redacted]&openModal=true');
    for (const secret of [
      member.token,
      userToken,
      verifyToken,
      PASSWORD,
      'a secret new password',
      'a wrong secret password',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('background work', () => {
  it('logs a failure without the values of its secret-looking fields or a token in its message', async () => {
    const failure = Object.assign(new Error('could not send http://site.test/reset?token=tok-in-message'), {
      password: 'background-secret-password',
      resetToken: 'background-secret-token',
      email: 'secret-member@example.com',
      attempt: 3,
    });
    context.background.run('a test job', app.log, async () => {
      throw failure;
    });
    await context.background.settled();
    const line = read()
      .split('\n')
      .find((l) => l.includes('a test job failed'));
    expect(line).toBeDefined();
    const logged = JSON.parse(String(line)) as { err: Record<string, unknown> };
    expect(logged.err).toMatchObject({
      password: '[redacted]',
      resetToken: '[redacted]',
      email: '[redacted]',
      attempt: 3,
      message: 'could not send http://site.test/reset?token=[redacted]',
    });
    for (const secret of [
      'background-secret-password',
      'background-secret-token',
      'secret-member@example.com',
      'tok-in-message',
    ]) {
      expect(line).not.toContain(secret);
    }
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('is warned about at start, and a list of proxy addresses is not', async () => {
    const hops = await loggedApp({ TRUST_PROXY: '1' });
    const list = await loggedApp({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' });
    try {
      expect(hops.read()).toContain(TRUST_PROXY_HOPS_WARNING);
      expect(
        JSON.parse(
          hops
            .read()
            .split('\n')
            .find((l) => l.includes('TRUST_PROXY')) ?? '{}',
        ).level,
      ).toBe(40);
      expect(list.read()).not.toContain('TRUST_PROXY');
    } finally {
      await hops.close();
      await list.close();
    }
  });
});
