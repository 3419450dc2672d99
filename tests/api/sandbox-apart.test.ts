// The sandbox (decision 101) is a dev-only plugin: a server with Stripe configured, which every
// production server is, never loads a module of server/sandbox nor serves its pages. Each check is
// run against a sandbox server too, so that it is seen to notice the sandbox when it is there.
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { startServerProcess } from './server-process.ts';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_offline',
  STRIPE_WEBHOOK_SECRET: 'whsec_offline',
  // Nothing listens there: building the app makes no call to Stripe.
  STRIPE_API_URL: 'http://127.0.0.1:9',
};

// Counts the loads of the sandbox's entry, the only module outside code may import it by
// (tests/unit/architecture/import-graph.test.ts), in this test file's module registry.
const loads = vi.hoisted(() => ({ sandbox: 0 }));
vi.mock('../../server/sandbox/index.ts', async (importOriginal) => {
  loads.sandbox += 1;
  return importOriginal();
});

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function hostedPage(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, html: String(res.headers['content-type']).startsWith('text/html') };
}

describe('an app built with Stripe settings', () => {
  // In file order: the Stripe app first, while nothing has loaded the sandbox yet.
  it('neither loads the sandbox nor serves its pages or its clock', async () => {
    const t = await startTestApp({ env: STRIPE });
    apps.push(t);
    expect(t.context.payments.gateway.kind).toBe('stripe');
    expect(t.context.payments.hostedPages).toBeUndefined();
    expect(await hostedPage(t, '/sandbox/checkout/cs_unknown')).toEqual({ status: 404, html: false });
    expect(await hostedPage(t, '/sandbox/portal/bps_unknown')).toEqual({ status: 404, html: false });
    const clock = await t.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { email: 'a@example.com', trainerId: 'demo-trainer', days: 1 },
    });
    expect(clock.statusCode).toBe(404);
    expect(loads.sandbox).toBe(0);
  });

  it('is told apart from a sandbox app, which loads the sandbox once and serves its pages', async () => {
    const t = await startTestApp();
    apps.push(t);
    expect(t.context.payments.gateway.kind).toBe('sandbox');
    expect(await hostedPage(t, '/sandbox/checkout/cs_unknown')).toEqual({ status: 404, html: true });
    expect(loads.sandbox).toBe(1);
  });
});

describe('a production server process', () => {
  const moduleLog = `--import=${path.resolve(import.meta.dirname, 'module-log.ts')}`;
  const loaded = (stderr: string) =>
    [...stderr.matchAll(/^module loaded: (\S+)$/gm)].map((m) =>
      (m[1] ?? '').replace(/^.*\/server\//, 'server/'),
    );

  it('runs without a single module of server/sandbox', async () => {
    const server = await startServerProcess({
      ...STRIPE,
      NODE_ENV: 'production',
      PASSWORD_HASH_LOG2_COST: '17',
      DATA_DIR: 'memory://',
      NODE_OPTIONS: moduleLog,
    });
    const page = await fetch(`${server.url}/sandbox/checkout/cs_unknown`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).not.toMatch(/^text\/html/);
    server.child.kill('SIGTERM');
    await server.exited;
    const modules = loaded(server.stderr());
    // The log works: the Stripe gateway and the app were loaded through the hook.
    expect(modules).toEqual(expect.arrayContaining(['server/app.ts', 'server/payments/stripe-gateway.ts']));
    expect(modules.filter((m) => m.startsWith('server/sandbox/'))).toEqual([]);
  });

  it('is told apart from a server without Stripe, which loads the sandbox', async () => {
    const server = await startServerProcess({ DATA_DIR: 'memory://', NODE_OPTIONS: moduleLog });
    server.child.kill('SIGTERM');
    await server.exited;
    expect(loaded(server.stderr())).toEqual(
      expect.arrayContaining(['server/sandbox/index.ts', 'server/sandbox/sandbox.routes.ts']),
    );
  });
});
