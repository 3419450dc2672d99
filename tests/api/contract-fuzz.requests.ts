// Requests drawn from the contract's operations for the contract fuzz test (contract-fuzz.test.ts): some
// shaped as it asks, most broken; and the bytes each sends.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import type { ContractOperation } from '../../server/http/contract.ts';
import {
  type Json,
  MEMBER_ID,
  MEMBER_TOKEN,
  objectBody,
  paymentEvent,
  plainValueOf,
  type Schema,
} from './contract-fuzz.values.ts';

export const BODY_LIMIT = 1024 * 1024;

export interface FuzzRequest {
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

export const contentTypes = fc.oneof(
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

export const encodings = fc.oneof(
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

export const badJson = fc.constantFrom(
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

export function bodyFor(op: ContractOperation, clean: boolean): fc.Arbitrary<FuzzRequest['body']> {
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

export function paramValue(schema: Schema, name: string, clean: boolean): fc.Arbitrary<string> {
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
export function requestFor(op: ContractOperation, clean: boolean): fc.Arbitrary<FuzzRequest> {
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

export function payloadOf(request: FuzzRequest): Buffer | undefined {
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
