// A test app on the Stripe path, its API the stub's, started before a file's tests and closed after
// them, and Stripe's way of sending it an event: signed with the webhook's secret, as Stripe signs it.
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { TEST_ENV } from './members.ts';
import { type StripeStub, startStripeStub } from './stripe-stub.ts';

const signer = new Stripe('sk_test_signing_only');

/** Starts the stub for `key` and an app with `env` on it for the file; `started` is handed both. */
function startedOnStripeStub(
  key: string,
  env: Record<string, string>,
  started: (t: TestApp, stub: StripeStub) => void | Promise<void>,
) {
  let t: TestApp | undefined;
  let stub: StripeStub | undefined;
  beforeAll(async () => {
    stub = await startStripeStub([key]);
    t = await startTestApp({ env: { ...env, STRIPE_SECRET_KEY: key, STRIPE_API_URL: stub.url } });
    await started(t, stub);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });
}

/**
 * An operator's app on the stub (the members' test env, an admin token), for the files that call
 * the admin API or the CLI against Stripe; `started` hands the app and the stub to the file's tests.
 */
export function adminAppOnStripeStub(
  site: { key: string; adminToken: string; webhookSecret: string },
  started: (t: TestApp, stub: StripeStub) => void | Promise<void>,
) {
  const env = { ...TEST_ENV, ADMIN_TOKEN: site.adminToken, STRIPE_WEBHOOK_SECRET: site.webhookSecret };
  startedOnStripeStub(site.key, env, started);
}

/** Starts the stub and the app for the file; `started` hands the app to the file's tests. */
export function appOnStripeStub(key: string, webhookSecret: string, started: (t: TestApp) => void) {
  let t: TestApp | undefined;
  startedOnStripeStub(key, { STRIPE_WEBHOOK_SECRET: webhookSecret }, (app) => {
    t = app;
    started(app);
  });
  /** Sends `event` to the app's Stripe webhook, signed. */
  return (event: object) => {
    if (!t) throw new Error('The app on the Stripe stub has not started');
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      payload,
    });
  };
}
