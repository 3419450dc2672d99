// No client's mistake is ever a 5xx, and every answer keeps the contract: requests are drawn from the
// contract's own operations, some shaped as it asks, most broken in a way a client could break them
// (wrong types, missing or unknown fields, huge strings, NUL bytes, odd content types and encodings,
// bad JSON, a body where none belongs, correctly signed payment events with absurd values).
// CONTRACT_FUZZ_RUNS sets how many requests (300 by default), CONTRACT_FUZZ_SEED replays a run.
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prices } from '../../server/db/schema.ts';
import { type ContractOperation, contractOperations, responseViolation } from '../../server/http/contract.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { type FuzzRequest, payloadOf, requestFor } from './contract-fuzz.requests.ts';
import { MEMBER_ID, MEMBER_TOKEN, world } from './contract-fuzz.values.ts';
import { createMember } from './fixtures.ts';
import { TEST_ENV } from './members.ts';

const RUNS = Number(process.env.CONTRACT_FUZZ_RUNS ?? 300);
const SEED = process.env.CONTRACT_FUZZ_SEED ? Number(process.env.CONTRACT_FUZZ_SEED) : undefined;
const WEBHOOK_SECRET = 'whsec_contractfuzz';

// The catalogue, checkout and account calls run against the sandbox gateway, which answers without
// a network; Stripe's webhook needs a server configured for Stripe, which it never calls back.
let sandbox: TestApp;
let stripeApp: TestApp;

const stripe = new Stripe('sk_test_signing_only');

beforeAll(async () => {
  [sandbox, stripeApp] = await Promise.all([
    startTestApp({ env: TEST_ENV }),
    startTestApp({
      env: {
        ...TEST_ENV,
        STRIPE_SECRET_KEY: 'sk_test_offline',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    }),
  ]);
  world.subscriberId = (await createMember(stripeApp.context)).id;
  world.priceIds = (await sandbox.context.db.select({ id: prices.id }).from(prices)).map((p) => p.id);
});
afterAll(async () => {
  await Promise.all([sandbox?.close(), stripeApp?.close()]);
});

async function send(request: FuzzRequest) {
  const named = [request.url, request.headers.token, request.body].some(
    (part) => typeof part === 'string' && (part.includes(MEMBER_ID) || part === MEMBER_TOKEN),
  );
  if (named) {
    const member = await createMember(sandbox.context);
    const swap = (part: string) => part.replaceAll(MEMBER_ID, member.id);
    request = {
      ...request,
      url: swap(request.url),
      headers: {
        ...request.headers,
        ...(request.headers.token === MEMBER_TOKEN && { token: member.token }),
      },
      ...(typeof request.body === 'string' && { body: swap(request.body) }),
    };
  }
  const payload = payloadOf(request);
  const headers = { ...request.headers };
  if (request.encoding) headers['content-encoding'] = request.encoding.replace('bogus:', '');
  if (request.signed) {
    headers['stripe-signature'] = stripe.webhooks.generateTestHeaderString({
      payload: typeof request.body === 'string' ? request.body : '',
      secret: WEBHOOK_SECRET,
    });
  }
  const target = request.op === 'stripeWebhook' ? stripeApp : sandbox;
  return target.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    remoteAddress: request.remoteAddress,
    ...(payload && { payload }),
  });
}

/** The request as a reader can replay it: long strings cut, the body's size kept. */
function printable(request: FuzzRequest): string {
  return JSON.stringify(request, (_key, value) =>
    typeof value === 'string' && value.length > 300
      ? `${value.slice(0, 300)}… (${value.length} characters)`
      : value,
  );
}

const operations = contractOperations();
const byId = new Map(operations.map((op) => [op.id, op]));

describe('requests drawn from the contract', () => {
  it(`never get a 5xx, and every answer keeps the contract (${RUNS} requests)`, async () => {
    const statuses = new Map<string, number>();
    const tally = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          ...operations.flatMap((op) => [
            { weight: 1, arbitrary: requestFor(op, true) },
            { weight: 2, arbitrary: requestFor(op, false) },
          ]),
        ),
        async (request) => {
          const response = await send(request);
          tally(String(response.statusCode));
          tally(`${request.op} ${response.statusCode}`);
          const where = `${request.op} answered ${response.statusCode} ${response.body.slice(0, 300)}\nto ${printable(request)}`;
          if (response.statusCode >= 500) throw new Error(where);
          // A path the router cannot take (a parameter it will not match) never reaches the operation.
          if (response.statusCode === 404 && /^No route /.test(response.json().message)) return;
          const op = byId.get(request.op) as ContractOperation;
          const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
          const violation = responseViolation(op, response.statusCode, json ? response.json() : undefined);
          if (violation) throw new Error(`${violation}\n${where}`);
        },
      ),
      { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }), endOnFailure: true },
    );
    const summary = (perOperation: boolean) =>
      [...statuses]
        .filter(([key]) => key.includes(' ') === perOperation)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, n]) => `${key}×${n}`)
        .join(perOperation ? ', ' : ' ');
    console.info(
      `contract fuzz: ${RUNS} requests in ${Date.now() - started} ms: ${summary(false)}\n${summary(true)}`,
    );
  }, 120_000);
});

describe('a client’s mistake is never a 500', () => {
  it.each([
    ['an unknown content type', { 'content-type': 'application/x-unknown' }, 415],
    [
      'an unknown content encoding',
      { 'content-type': 'application/json', 'content-encoding': 'x-unknown' },
      415,
    ],
  ])('answers %s with %s, as the contract says', async (_, headers, status) => {
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers,
      payload: '{}',
    });
    expect(response.statusCode).toBe(status);
    expectContract(response, 'login');
  });

  it.each([
    ['logout', 'POST', '/api/user/logout', 'logout'],
    ['resend-verification', 'POST', '/api/user/resend-verification', 'resendVerification'],
  ] as const)('answers a NUL byte in the body of %s with 400', async (_, method, url, op) => {
    const response = await sandbox.app.inject({
      method,
      url,
      headers: { token: (await createMember(sandbox.context)).token, 'content-type': 'application/json' },
      payload: '{"a":"\\u0000"}',
    });
    expect(response.statusCode).toBe(400);
    expectContract(response, op);
  });

  it.each([
    ['a path parameter longer than the router reads', `/api/content/pages/${'x'.repeat(300)}`],
    ['a %-escape that does not decode', '/api/content/pages/%zz'],
  ])('answers %s with the contract’s 400', async (_, url) => {
    const response = await sandbox.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expectContract(response, 'getContentPage');
  });

  it('answers a NUL byte in the query of health with 400', async () => {
    const response = await sandbox.app.inject({ method: 'GET', url: '/api/health?x=%00' });
    expect(response.statusCode).toBe(400);
    expectContract(response, 'getHealth');
  });
});
