// Every client reads a refusal in the product's words (decision 166): for every operation of the
// contract that takes a body or parameters, each field is sent wrong (the wrong type, and past each
// limit its schema sets), in English and in Spanish; the answer is 400, never 500, its message names
// the field in words as locales/api says it, and none of the validator's own text gets through.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractOperation, contractOperations } from '../../server/http/contract.ts';
import { startTestApp, type TestApp } from './app.ts';
import { TEST_ENV } from './members.ts';

type Schema = Record<string, unknown>;
const read = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/api/${language}.json`, import.meta.url), 'utf8')) as {
    fields: Record<string, string>;
  };
const LABELS = { en: read('en').fields, es: read('es').fields };

/** What only the validator says: its keywords' phrasing and its `body/…` paths. */
const VALIDATOR_TEXT =
  /must (match|have required|NOT|be (<|>|equal|integer|string|number|boolean|object|array|null)\b)|\b(body|querystring|params|headers)\/|additional properties|allowed values/;

/** The parts of a request in the order Fastify checks them: a part is checked only when those before pass. */
const ORDER = ['path', 'body', 'query', 'header'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: 'readable-refusals-admin-token-0123456789' } });
});
afterAll(() => t.close());

/** Values the schema refuses: the wrong type (bodies only: a query is always text), and past each limit. */
function wrongValues(schema: Schema, inBody: boolean): unknown[] {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const values: unknown[] = [];
  if (inBody) {
    if (types.includes('string') || schema.enum || schema.pattern) values.push(12345);
    else if (types.includes('integer') || types.includes('number')) values.push('twelve');
    else if (types.includes('boolean')) values.push('yes');
    else if (types.includes('array')) values.push('a list');
    else if (types.includes('object')) values.push(['not', 'an', 'object']);
    else if (schema.const !== undefined || schema.oneOf || schema.anyOf) values.push({ nothing: 'like it' });
  }
  if (typeof schema.maxLength === 'number') values.push('x'.repeat(schema.maxLength + 1));
  if (typeof schema.maximum === 'number' && inBody) values.push(schema.maximum + 1);
  if (typeof schema.minimum === 'number' && inBody) values.push(schema.minimum - 1);
  if (schema.enum) values.push('not-one-of-them');
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test('!')) values.push('!');
  return values;
}

interface Case {
  op: ContractOperation;
  where: 'body' | 'query' | 'path' | 'header';
  name: string;
  value: unknown;
}

function cases(): Case[] {
  return contractOperations().flatMap((op) => {
    const found: Case[] = [];
    for (const p of (op.operation.parameters as Schema[] | undefined) ?? []) {
      const where = p.in as Case['where'];
      for (const value of wrongValues(p.schema as Schema, false)) {
        found.push({ op, where, name: String(p.name), value });
      }
    }
    const content = (op.operation.requestBody as Schema | undefined)?.content as Schema | undefined;
    const body = (content?.['application/json'] as Schema | undefined)?.schema as Schema | undefined;
    for (const [name, schema] of Object.entries((body?.properties as Record<string, Schema>) ?? {})) {
      for (const value of wrongValues(schema, true)) found.push({ op, where: 'body', name, value });
    }
    return found;
  });
}

/** A value a path parameter's schema takes, so the request is refused for the field under test. */
function fitting(schema: Schema): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : /./;
  return ['demo-trainer', 'abc123', '2027-01-31', '10'].find((v) => pattern.test(v)) ?? 'demo-trainer';
}

/** The request with the one field wrong; the other path parameters given a plausible value. */
function request({ op, where, name, value }: Case, language: 'en' | 'es') {
  const params = (op.operation.parameters as Schema[] | undefined) ?? [];
  let url = op.path.replace(/\{(\w+)\}/g, (_, param: string) =>
    where === 'path' && param === name
      ? encodeURIComponent(String(value))
      : fitting((params.find((p) => p.name === param)?.schema as Schema | undefined) ?? {}),
  );
  if (where === 'query') url += `?${new URLSearchParams({ [name]: String(value) })}`;
  const hasBody = Boolean(op.operation.requestBody);
  return t.app.inject({
    method: op.method as 'POST',
    url,
    headers: {
      'accept-language': language,
      // The studio's calls are taken only from its own page.
      origin: 'http://site.test',
      ...(where === 'header' && { [name]: String(value) }),
      ...(hasBody && { 'content-type': 'application/json' }),
    },
    ...(hasBody && { payload: JSON.stringify(where === 'body' ? { [name]: value } : {}) }),
  });
}

const all = cases();

describe('a request the contract refuses', () => {
  it('covers every field of every operation that takes one', () => {
    const ops = new Set(all.map((c) => c.op.id));
    expect(ops.size).toBeGreaterThan(50);
    expect(all.length).toBeGreaterThan(200);
    for (const name of new Set(all.map((c) => c.name.toLowerCase()))) {
      const key = Object.keys(LABELS.en).find((k) => k.toLowerCase() === name);
      expect(key, `a label for ${name}`).toBeDefined();
      expect(LABELS.es[key ?? ''], `a Spanish label for ${name}`).toBeTruthy();
    }
  });

  it.each(['en', 'es'] as const)('is answered 400 naming each field in words (%s)', async (language) => {
    const failures: string[] = [];
    for (const c of all) {
      const res = await request(c, language);
      const label = (n: string) =>
        LABELS[language][Object.keys(LABELS.en).find((k) => k.toLowerCase() === n.toLowerCase()) ?? n];
      const what = `${c.op.id} ${c.where} ${c.name}=${JSON.stringify(c.value).slice(0, 40)}`;
      if (res.statusCode !== 400) {
        failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const body = res.json() as {
        message: string;
        errors?: { in: string; field: string; message: string }[];
      };
      const field = c.where === 'header' ? c.name.toLowerCase() : c.name;
      const own = body.errors?.find((e) => e.field === field && e.in === c.where);
      // A field of a later part goes unchecked when an earlier part (a body left empty) is refused.
      const earlier = body.errors?.every((e) => ORDER.indexOf(e.in) < ORDER.indexOf(c.where));
      if (!own && !earlier)
        failures.push(`${what}: no problem for the field in ${JSON.stringify(body.errors)}`);
      else if (own && !own.message.toLowerCase().includes(String(label(c.name)).toLowerCase())) {
        failures.push(`${what}: "${own.message}" does not name ${label(c.name)}`);
      }
      if (VALIDATOR_TEXT.test(body.message)) failures.push(`${what}: validator's text "${body.message}"`);
      if (/[A-Z_]/.test(c.name) && !/-/.test(c.name) && body.message.includes(c.name)) {
        failures.push(`${what}: the field's code name in "${body.message}"`);
      }
      if (own && !body.message.includes(own.message))
        failures.push(`${what}: "${own.message}" not in the message`);
    }
    expect(failures).toEqual([]);
  });

  it('says each wrong field of one request, in the member’s language, keeping the detail for programs', async () => {
    const send = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/trainers/demo-trainer/coupons',
        headers: {
          'admin-token': 'readable-refusals-admin-token-0123456789',
          'admin-actor': 'Marta',
          'accept-language': language,
        },
        payload: { code: 'SPRING20', duration: 'weekly', percentOff: 101 },
      });
    const en = await send('en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      success: false,
      message:
        'The percentage off must be at most 100. The duration must be one of: once, repeating, forever.',
      errors: [
        {
          in: 'body',
          field: 'percentOff',
          rule: 'maximum',
          message: 'The percentage off must be at most 100.',
        },
        {
          in: 'body',
          field: 'duration',
          rule: 'enum',
          message: 'The duration must be one of: once, repeating, forever.',
        },
      ],
    });
    const es = await send('es-ES,es;q=0.9');
    expect(es.json().message).toBe(
      'El porcentaje de descuento debe ser como máximo 100. La duración debe ser uno de: once, repeating, forever.',
    );
  });
});
