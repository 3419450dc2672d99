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
import { contract, contractOperations } from '../../server/http/contract.ts';
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

/**
 * Every parameter the contract declares (path, query, header) and every credential it accepts (its
 * security schemes), placed by hand: a value the log must never show (a secret, or a person's), or
 * one it may. A parameter added to the contract fails here until it is placed.
 */
const PARAMETERS: Record<string, 'secret' | 'personal' | 'neither'> = {
  token: 'secret',
  'admin-token': 'secret',
  'stripe-signature': 'secret',
  // The session cookies of the member's pages and of the studio.
  trainer_session: 'secret',
  studio_session: 'secret',
  // The members search: part of a name or an email.
  q: 'personal',
  // "The member's id, or their email address": an email, in a path.
  memberID: 'personal',
  // "A person's name or login".
  'admin-actor': 'personal',
  userID: 'neither',
  trainerID: 'neither',
  subscriptionID: 'neither',
  chargeID: 'neither',
  couponID: 'neither',
  planID: 'neither',
  productID: 'neither',
  slug: 'neither',
  // The members' library: an item's kind, a unit's key, an operator's grant.
  kind: 'neither',
  key: 'neither',
  grantID: 'neither',
  lang: 'neither',
  gateway: 'neither',
  coupon: 'neither',
  limit: 'neither',
  // Pages, filters and periods of lists and figures.
  cursor: 'neither',
  after: 'neither',
  status: 'neither',
  plan: 'neither',
  failing: 'neither',
  from: 'neither',
  to: 'neither',
  months: 'neither',
  at: 'neither',
  dryRun: 'neither',
  invoiceID: 'neither',
  sessionID: 'neither',
  passkeyID: 'neither',
  staffID: 'neither',
  'if-none-match': 'neither',
};

function contractParameters(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (name: string, where: string) => found.set(name, (found.get(name) ?? new Set()).add(where));
  for (const { operation } of contractOperations()) {
    for (const p of (operation.parameters ?? []) as { name: string; in: string }[]) add(p.name, p.in);
  }
  const schemes = (contract.components as { securitySchemes: Record<string, { name: string; in: string }> })
    .securitySchemes;
  for (const scheme of Object.values(schemes)) add(scheme.name, scheme.in);
  return found;
}

describe('request logs and the parameters the API accepts', () => {
  const accepted = contractParameters();
  const kept = Object.keys(PARAMETERS).filter((name) => PARAMETERS[name] !== 'neither');

  it('place every parameter and credential of the contract', () => {
    expect([...accepted.keys()].sort()).toEqual(Object.keys(PARAMETERS).sort());
  });

  it("never show a secret's or a person's value, wherever a client puts it: query, path or header", async () => {
    // A part of an email, as the member search takes it, so that only the parameter's name can tell;
    // a member named in a path is a whole address.
    const secretOf = (name: string) =>
      name === 'memberID' ? `v-${name}-${'q'.repeat(8)}@example.com` : `v-${name}-${'q'.repeat(8)}`;
    const query = (names: string[]) =>
      names.map((name) => `${name}=${encodeURIComponent(secretOf(name))}`).join('&');
    const headers = Object.fromEntries(kept.map((name) => [name, secretOf(name)]));
    const before = read().length;
    // Each alone and all together, on a page, on an API call, and on the admin API.
    for (const url of ['/privacy', '/api/user', `/api/admin/trainers/${DEMO_TRAINER_ID}/members`]) {
      for (const name of kept) await app.inject({ method: 'GET', url: `${url}?${query([name])}&lang=es` });
      await app.inject({ method: 'GET', url: `${url}?lang=es&${query(kept)}`, headers });
    }
    // The one personal value the contract takes in a path: a member named by email.
    for (const email of ['jane.doe@example.com', 'jane.doe%40example.com']) {
      await app.inject({
        method: 'GET',
        url: `/api/admin/trainers/${DEMO_TRAINER_ID}/members/${email}?email=${email}`,
        headers,
      });
    }
    const logged = read().slice(before);
    // Written, with the parameters named and harmless values kept: the absence below means something.
    expect(logged).toContain('/privacy?token=[redacted]&lang=es');
    expect(logged).toContain(`/api/admin/trainers/${DEMO_TRAINER_ID}/members/[redacted]?email=[redacted]`);
    for (const name of kept) expect(logged).toContain(`${name}=[redacted]`);
    for (const name of kept) {
      expect(logged).not.toContain(secretOf(name));
      expect(logged).not.toContain(encodeURIComponent(secretOf(name)));
      expect(logged).not.toContain(`v-${name}-`);
    }
    expect(logged).not.toContain('jane.doe');
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
