// What the hardening files share: the app most of their tests push on, a built site in development
// for the headers and the proxy setting, other apps a test starts with a configuration of its own,
// and the calls of the accounts' links.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { closedAfterEach, startTestApp, type TestApp } from './app.ts';
import { TEST_ENV } from './members.ts';

export let t: TestApp;
export let app: TestApp['app'];

/** Starts the app before the calling file's tests and closes it after them. */
export function hardeningApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ env: TEST_ENV });
    app = t.app;
  });
  afterAll(() => t.close());
}

export let dist: string;
export let site: TestApp;

/**
 * A built site (a shell, a script and its map) served in development for the calling file's tests.
 * A server's start is most of a test's time (decision 176): the tests of a built site in development
 * and of a proxy not trusted (a limit of 2, only this test's client calls the limited call) share one.
 */
export function builtSite(): void {
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'trainer-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app.js.map'), '{}');
    site = await startTestApp({ env: { ...TEST_ENV, DIST_DIR: dist, RATE_LIMIT_MAX: '2' } });
  });
  afterAll(async () => {
    await site.close();
    rmSync(dist, { recursive: true, force: true });
  });
}

/** Starts an app with `env` over the test configuration for one test of the calling file. */
export function appsForOneTest(): (env: Record<string, string>) => Promise<TestApp> {
  const others = closedAfterEach();
  return async (env) => {
    const other = await startTestApp({ env: { ...TEST_ENV, ...env } });
    others.push(other);
    return other;
  };
}

export const post = (
  url: string,
  payload: unknown,
  options: { remoteAddress?: string; token?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    ...(options.token && { headers: { token: options.token } }),
  });

export async function forgot(email: string) {
  const res = await post('/api/user/forgot-password', { email, trainerID: DEMO_TRAINER_ID });
  await t.context.background.settled();
  return res;
}

export const reset = (token: string, password: string) =>
  post('/api/user/reset-password', { token, password });

/** Lets the next reset or verification email go out at once, as if a minute had passed. */
export async function skipCooldowns(userId: string) {
  await t.context.db
    .update(users)
    .set({ lastResetSentAt: null, lastVerificationSentAt: null, lastSignupNoticeAt: null })
    .where(eq(users.id, userId));
}
