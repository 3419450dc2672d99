// The Stripe gateway tested offline: the SDK is pointed at a local stub that records each request
// and answers like Stripe's API; the app on it and the checkout call the gateway files make.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export const requests: Recorded[] = [];
export let stub: Server;
/** What a test sets of the stub: a Stripe outage, what its subscriptions have besides their item. */
export const stubbed = {
  /** When set, the stub answers like a Stripe outage. */
  stripeDown: false,
  /** A portal's schedule, a cancellation. */
  subscriptionState: {} as Record<string, unknown>,
};
export let t: TestApp;

export function start(
  token: string,
  prices: string[],
  options: { coupon?: string; route?: string; campaign?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/user/startGatewayStripeSession${options.coupon ? `?coupon=${options.coupon}` : ''}`,
    headers: { token },
    payload: {
      prices,
      trainerID: DEMO_TRAINER_ID,
      route: options.route ?? '/',
      campaign: options.campaign ?? null,
    },
  });
}

/** Starts the stub and the app before the calling file's tests, forgets the requests before each. */
export function appOnGatewayStub(): void {
  beforeAll(async () => {
    stub = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const path = req.url ?? '';
        requests.push({
          method: req.method ?? '',
          path,
          headers: req.headers,
          form: Object.fromEntries(new URLSearchParams(body)),
        });
        res.setHeader('content-type', 'application/json');
        if (stubbed.stripeDown) {
          res.statusCode = 500;
          res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a bad day' } }));
        } else if (path === '/v1/checkout/sessions') {
          res.end(
            JSON.stringify({
              id: 'cs_test_stub',
              object: 'checkout.session',
              url: 'https://checkout.stripe.test/cs_test_stub',
            }),
          );
        } else if (path === '/v1/customers') {
          res.end(JSON.stringify({ id: 'cus_test_stub', object: 'customer' }));
        } else if (/^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)) {
          res.end(JSON.stringify({ id: path.split('/')[4], object: 'checkout.session', status: 'expired' }));
        } else if (path.startsWith('/v1/subscriptions/')) {
          res.end(
            JSON.stringify({
              id: path.split('/')[3],
              object: 'subscription',
              schedule: null,
              cancel_at_period_end: false,
              ...stubbed.subscriptionState,
              items: { object: 'list', data: [{ id: 'si_test_stub', object: 'subscription_item' }] },
            }),
          );
        } else if (/^\/v1\/subscription_schedules\/[^/]+\/release$/.test(path)) {
          res.end(
            JSON.stringify({ id: path.split('/')[3], object: 'subscription_schedule', status: 'released' }),
          );
        } else if (path.startsWith('/v1/prices?')) {
          res.end(JSON.stringify({ object: 'list', data: [], has_more: false }));
        } else if (path === '/v1/prices') {
          res.end(JSON.stringify({ id: 'price_test_stub', object: 'price' }));
        } else if (path === '/v1/billing_portal/sessions') {
          res.end(
            JSON.stringify({
              id: 'bps_test_stub',
              object: 'billing_portal.session',
              url: 'https://billing.stripe.test/bps',
            }),
          );
        } else {
          res.statusCode = 404;
          res.end(
            JSON.stringify({ error: { type: 'invalid_request_error', message: `No stub for ${path}` } }),
          );
        }
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const { port } = stub.address() as AddressInfo;
    t = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_offline',
        STRIPE_WEBHOOK_SECRET: 'whsec_offline',
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stub.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
    stubbed.subscriptionState = {};
  });
}
