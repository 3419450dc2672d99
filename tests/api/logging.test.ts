// The request logs are read from the stream pino writes to: after a register, a login, calls with
// the token header and a page request with `?token=`, no token or password appears in them.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createContext } from '../../server/context.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { lastMailTo, PASSWORD, register, TEST_ENV, uniqueEmail } from './accounts.helpers.ts';

let app: FastifyInstance;
let logs = '';

beforeAll(async () => {
  const config = loadConfig({
    ...TEST_ENV,
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    DIST_DIR: 'does-not-exist',
    DATA_DIR: 'memory://',
    PUBLIC_URL: 'http://site.test',
  });
  const stream = new PassThrough();
  stream.on('data', (chunk) => {
    logs += chunk.toString('utf8');
  });
  app = await buildApp({ context: await createContext(config), logStream: stream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('request logs', () => {
  it('never contain tokens or passwords', async () => {
    const email = uniqueEmail();
    const member = await register(app, { email, enableEmailVerification: true });
    const { token: verifyToken } = await lastMailTo(app, email);
    const loggedIn = await app.inject({
      method: 'POST',
      url: '/api/user/login?gateway=true',
      payload: { email, password: PASSWORD, trainerID: DEMO_TRAINER_ID },
    });
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
