// A test app on the Stripe path, its API the stub's, started before a file's tests and closed after
// them, and Stripe's way of sending it an event: signed with the webhook's secret, as Stripe signs it.
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { type StripeStub, startStripeStub } from './stripe-stub.ts';

const signer = new Stripe('sk_test_signing_only');

/** Starts the stub and the app for the file; `started` hands the app to the file's tests. */
export function appOnStripeStub(key: string, webhookSecret: string, started: (t: TestApp) => void) {
  let t: TestApp | undefined;
  let stub: StripeStub | undefined;
  beforeAll(async () => {
    stub = await startStripeStub([key]);
    t = await startTestApp({
      env: { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: stub.url },
    });
    started(t);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
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
