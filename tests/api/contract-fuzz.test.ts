// No client's mistake is ever a 5xx, and every answer keeps the contract: requests are drawn from the
// contract's own operations, some shaped as it asks, most broken in a way a client could break them
// (wrong types, missing or unknown fields, huge strings, NUL bytes, odd content types and encodings,
// bad JSON, a body where none belongs, correctly signed payment events with absurd values).
// CONTRACT_FUZZ_RUNS sets how many requests (300 by default), CONTRACT_FUZZ_SEED replays a run.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prices } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { type ContractOperation, contractOperations, responseViolation } from '../../server/http/contract.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { type Member, PASSWORD, TEST_ENV } from './members.ts';

const RUNS = Number(process.env.CONTRACT_FUZZ_RUNS ?? 300);
const SEED = process.env.CONTRACT_FUZZ_SEED ? Number(process.env.CONTRACT_FUZZ_SEED) : undefined;
const WEBHOOK_SECRET = 'whsec_contractfuzz';
const BODY_LIMIT = 1024 * 1024;
/** 10000-01-01T00:00:00Z: a JavaScript date, but not one PostgreSQL takes. */
const YEAR_10000 = 253_402_300_800;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = { [k: string]: Json };

// The catalogue, checkout and account calls run against the sandbox gateway, which answers without
// a network; Stripe's webhook needs a server configured for Stripe, which it never calls back.
let sandbox: TestApp;
let stripeApp: TestApp;
/** A member of the Stripe server, whose subscriptions the payment events build up. */
let subscriber: Member;
let priceIds: string[] = [];

// Stand-ins for a member of the sandbox server, made fresh for each request that names one: logout,
// a password or email change would otherwise spoil the one member for every later request.
const MEMBER_ID = 'usr_fuzz_member';
const MEMBER_TOKEN = 'fuzz-member-token';
const MEMBER_EMAIL = `${MEMBER_ID}@example.test`;
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
  subscriber = await createMember(stripeApp.context);
  priceIds = (await sandbox.context.db.select({ id: prices.id }).from(prices)).map((p) => p.id);
});
afterAll(async () => {
  await Promise.all([sandbox?.close(), stripeApp?.close()]);
});

interface FuzzRequest {
  op: ContractOperation['id'];
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as sent; a `{repeat}` stands for a body too large to print. */
  body?: string | { repeat: string; times: number };
  encoding?: string;
  /** Sign the body as Stripe would (the webhook only). */
  signed?: boolean;
  remoteAddress: string;
}

// ——— values from the contract's schemas ———

const text = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
  );

/** Values near the real ones for the fields whose value decides how far a request gets. */
function hinted(name: string | undefined): fc.Arbitrary<Json> | undefined {
  switch (name) {
    case 'trainerID':
      return fc.oneof({ weight: 4, arbitrary: fc.constant(DEMO_TRAINER_ID) }, fc.constant('other-trainer'));
    case 'email':
      return fc.constantFrom(MEMBER_EMAIL, 'someone@example.test');
    case 'password':
    case 'oldPassword':
    case 'currentPassword':
      return fc.constantFrom(PASSWORD, 'a brand new password');
    case 'prices':
      return fc.subarray(priceIds, { minLength: 1, maxLength: 3 });
    case 'route':
    case 'currentRoute':
      return fc.constantFrom('/', '/profile', '//evil.test', 'https://evil.test/');
    default:
      return undefined;
  }
}

function fieldValue(schema: Schema, name?: string): fc.Arbitrary<Json> {
  const hint = hinted(name);
  const plain = plainValueOf(schema);
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, plain) : plain;
}

function plainValueOf(schema: Schema): fc.Arbitrary<Json> {
  if ('const' in schema) return fc.constant(schema.const as Json);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    return plainValueOf(Object.assign({}, ...(allOf as Schema[]), rest));
  }
  if (Array.isArray(schema.oneOf)) return fc.oneof(...(schema.oneOf as Schema[]).map((s) => plainValueOf(s)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => plainValueOf({ ...schema, type })));
  }
  const min = (key: string, fallback: number) => (typeof schema[key] === 'number' ? schema[key] : fallback);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'email') {
        return fc.stringMatching(/^[a-z0-9.]{1,20}$/).map((local) => `${local}@example.test`);
      }
      return text(min('minLength', 0), Math.min(min('maxLength', 40), 40));
    case 'integer':
      return fc.integer({ min: min('minimum', -1000), max: 100_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fieldValue((schema.items ?? {}) as Schema), {
        minLength: min('minItems', 0),
        maxLength: Math.min(min('maxItems', 5), 5),
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      if (Object.keys(properties).length === 0) return fc.dictionary(fc.string(), fc.jsonValue()) as never;
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, fieldValue(s, key)])),
        { requiredKeys: required },
      ) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue() as fc.Arbitrary<Json>;
  }
}

const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue() as fc.Arbitrary<Json>,
  fc.constantFrom<Json>(null, '', 0, -1, 1e308, true, [], {}, '\u0000', 'a\u0000b'),
  fc.constant('x'.repeat(100_000)),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

/** A body of the operation's shape, or one broken in a single place. */
function objectBody(schema: Schema): fc.Arbitrary<Json> {
  const valid = plainValueOf(schema);
  if (schema.type !== 'object') return valid;
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          valid,
          fc.string({ maxLength: 12 }),
          wrongValue,
          fc.nat(),
          fc.constantFrom('set', 'drop', 'nest'),
        )
        .map(([body, extra, value, pick, how]) => {
          if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
          const keys = [...Object.keys((schema.properties ?? {}) as Schema), extra];
          const key = keys[pick % keys.length] as string;
          const copy: { [k: string]: Json } = { ...body };
          if (how === 'drop') delete copy[key];
          else if (how === 'nest') copy[key] = { [extra]: value };
          else copy[key] = value;
          return copy;
        }),
    },
  );
}

// ——— payment events, signed ———

const eventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.succeeded',
  'something.else',
];

const seconds = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(YEAR_10000, YEAR_10000 - 1, 8_640_000_000_000, 0, -1, 2 ** 53 - 1),
  },
  { weight: 1, arbitrary: fc.oneof(fc.double(), fc.string({ maxLength: 12 })) as fc.Arbitrary<Json> },
);

const paymentEvent: fc.Arbitrary<Json> = fc
  .record({
    id: fc.oneof(fc.constant('evt_fixed'), fc.stringMatching(/^evt_[a-z0-9]{1,20}$/), text(0, 300)),
    type: fc.constantFrom(...eventTypes),
    created: seconds,
    subscriptionId: fc.constantFrom('sub_fuzz_1', 'sub_fuzz_2'),
    status: fc.constantFrom('active', 'trialing', 'past_due', 'canceled', 'incomplete', 'weird'),
    when: fc.record({
      current_period_end: seconds,
      current_period_start: seconds,
      trial_end: fc.oneof(seconds, fc.constant(null)),
      billing_cycle_anchor: seconds,
      ended_at: fc.oneof(seconds, fc.constant(null)),
      next_payment_attempt: fc.oneof(seconds, fc.constant(null)),
    }),
    amount: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(-1, 2 ** 31, 2 ** 53 - 1, 1.5)),
    priceId: fc.oneof(fc.constant('demo-trainer-price-weekly'), text(0, 80)),
    userId: fc.oneof(fc.constant('member'), text(0, 80)),
    extra: fc.dictionary(fc.string({ maxLength: 10 }), wrongValue, { maxKeys: 2 }),
  })
  .map((e) => {
    const metadata = {
      trainerId: DEMO_TRAINER_ID,
      userId: e.userId === 'member' ? subscriber.id : e.userId,
      priceIds: e.priceId,
    };
    return {
      id: e.id,
      object: 'event',
      type: e.type,
      created: e.created,
      data: {
        object: {
          id: e.subscriptionId,
          object: e.type.split('.')[0] ?? 'x',
          customer: 'cus_fuzz',
          mode: 'subscription',
          status: e.status,
          cancel_at_period_end: false,
          ...e.when,
          items: {
            data: [{ current_period_end: e.when.current_period_end, price: { id: e.priceId } }],
          },
          discount: { coupon: { id: 'WELCOME10' }, end: e.when.current_period_end },
          amount_paid: e.amount,
          amount_due: e.amount,
          refunded: true,
          invoice: 'in_fuzz',
          lines: { data: [{ amount: e.amount }] },
          parent: { subscription_details: { subscription: e.subscriptionId, metadata } },
          metadata,
          ...e.extra,
        },
      },
    } as Json;
  });

// ——— requests ———

const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'text/plain',
      'text/html',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/jsonx',
      'application/vnd.api+json',
      '*/*',
      ';;',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const encodings = fc.oneof(
  { weight: 10, arbitrary: fc.constant(undefined) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'gzip',
      'br',
      'deflate',
      'identity',
      'bogus:gzip',
      'compress',
      'zstd',
      'gzip, br',
      'x-unknown',
      'GZIP',
    ),
  },
);

const badJson = fc.constantFrom(
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"\\u0000"',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
  '\uFEFF{}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":1}{"b":2}',
  'NaN',
  '1e999999',
);

function bodyFor(op: ContractOperation, clean: boolean): fc.Arbitrary<FuzzRequest['body']> {
  const content = ((op.operation.requestBody as Schema | undefined)?.content ?? {}) as Schema;
  const schema = (content['application/json'] as Schema | undefined)?.schema as Schema | undefined;
  if (clean) {
    if (op.id === 'stripeWebhook') return paymentEvent.map((v) => JSON.stringify(v));
    return schema ? plainValueOf(schema).map((v) => JSON.stringify(v)) : fc.constant(undefined);
  }
  const shaped: fc.Arbitrary<Json> =
    op.id === 'stripeWebhook' ? paymentEvent : schema ? objectBody(schema) : fc.constant({});
  return fc.oneof(
    { weight: schema ? 8 : 2, arbitrary: shaped.map((v) => JSON.stringify(v)) },
    { weight: schema ? 1 : 3, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: badJson },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { repeat: 'a', times: BODY_LIMIT + 1 },
        { repeat: '{"a":"', times: 1 },
        { repeat: ' ', times: BODY_LIMIT - 10 },
      ),
    },
  );
}

function paramValue(schema: Schema, name: string, clean: boolean): fc.Arbitrary<string> {
  const hint =
    name === 'userID'
      ? fc.constant(MEMBER_ID)
      : name === 'trainerID'
        ? fc.constant(DEMO_TRAINER_ID)
        : name === 'slug'
          ? fc.constantFrom('about', 'terms', 'privacy')
          : name === 'lang'
            ? fc.constantFrom('en', 'es')
            : undefined;
  const plain = plainValueOf(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const broken = fc.oneof(
    fc.constantFrom('', '\u0000', 'a\u0000', '..', '%', '%00', 'x'.repeat(300), 'ünï©ødé', '{}'),
    fc.string({ unit: 'binary', maxLength: 80 }),
  );
  if (clean) return hint ? fc.oneof({ weight: 3, arbitrary: hint }, plain) : plain;
  return fc.oneof(...(hint ? [{ weight: 3, arbitrary: hint }] : []), plain, broken);
}

/**
 * A clean request is what a client that follows the contract sends, so that the handlers' own
 * refusals and successes are reached too; the others carry any number of mistakes.
 */
function requestFor(op: ContractOperation, clean: boolean): fc.Arbitrary<FuzzRequest> {
  const parameters = ((op.operation.parameters ?? []) as Schema[]).map((p) => ({
    name: String(p.name),
    in: String(p.in),
    schema: (p.schema ?? {}) as Schema,
  }));
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query');
  const secured = op.operation.security !== undefined;
  return fc
    .record({
      path: fc.tuple(...inPath.map((p) => paramValue(p.schema, p.name, clean))),
      // Sent as it is, not escaped: an escape the router cannot decode.
      rawPath: clean
        ? fc.constant(undefined)
        : fc.option(fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%00%'), { nil: undefined }),
      query: fc.tuple(
        ...inQuery.map((p) => fc.option(paramValue(p.schema, p.name, clean), { nil: undefined })),
      ),
      repeatedQuery: clean ? fc.constant(false) : fc.boolean(),
      extraQuery: clean
        ? fc.constant(undefined)
        : fc.option(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })), { nil: undefined }),
      token: clean
        ? fc.constant(secured ? 'member' : undefined)
        : fc.oneof(
            { weight: secured ? 4 : 1, arbitrary: fc.constant('member') },
            { weight: 1, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: fc.stringMatching(/^[ -~]{0,300}$/) },
          ),
      ifNoneMatch: clean
        ? fc.constant(undefined)
        : fc.option(fc.stringMatching(/^[ -~]{0,80}$/), { nil: undefined }),
      body: bodyFor(op, clean),
      contentType: clean ? fc.constant('application/json') : contentTypes,
      encoding: clean ? fc.constantFrom(undefined, 'gzip', 'br') : encodings,
      signed: clean ? fc.constant(true) : fc.boolean(),
      client: fc.integer({ min: 1, max: 250 }),
    })
    .map((r) => {
      let path = op.path;
      inPath.forEach((p, i) => {
        const raw = i === 0 ? r.rawPath : undefined;
        path = path.replace(`{${p.name}}`, raw ?? encodeURIComponent(r.path[i] ?? ''));
      });
      const search = new URLSearchParams();
      inQuery.forEach((p, i) => {
        const value = r.query[i];
        if (value === undefined) return;
        search.append(p.name, value);
        if (r.repeatedQuery) search.append(p.name, value);
      });
      if (r.extraQuery) search.append(...r.extraQuery);
      const headers: Record<string, string> = {};
      if (r.body !== undefined) headers['content-type'] = r.contentType;
      if (r.token !== undefined) headers.token = r.token === 'member' ? MEMBER_TOKEN : r.token;
      if (r.ifNoneMatch !== undefined) headers['if-none-match'] = r.ifNoneMatch;
      if (op.id === 'stripeWebhook' && !r.signed) headers['stripe-signature'] = 't=1,v1=00';
      const query = search.toString();
      return {
        op: op.id,
        method: op.method,
        url: query ? `${path}?${query}` : path,
        headers,
        ...(r.body !== undefined && { body: r.body }),
        ...(r.body !== undefined && r.encoding && { encoding: r.encoding }),
        signed: op.id === 'stripeWebhook' && r.signed,
        remoteAddress: `10.77.0.${r.client}`,
      };
    });
}

// ——— sending ———

function payloadOf(request: FuzzRequest): Buffer | undefined {
  if (request.body === undefined) return undefined;
  const raw =
    typeof request.body === 'string'
      ? Buffer.from(request.body)
      : Buffer.from(request.body.repeat.repeat(request.body.times));
  switch (request.encoding) {
    case 'gzip':
    case 'GZIP':
      return gzipSync(raw);
    case 'br':
      return brotliCompressSync(raw);
    case 'deflate':
      return deflateSync(raw);
    default:
      return raw;
  }
}

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
