// The content model against the code that reads it (decision 123): the GROQ queries read exactly its
// fields, and each of its fields changes what the API answers, so the model holds no field the site
// ignores. The dataset and the reserved slugs: model.test.ts.
import { evaluate, parse } from 'groq-js';
import { describe, expect, it } from 'vitest';
import { toContentPage, toSiteSettings } from '../../../server/content/content-service.ts';
import type { ContentSource } from '../../../server/content/content-source.ts';
import { toCourse, toLibraryEntry, toProgram } from '../../../server/content/library-content.ts';
import { CONTENT_TYPES, contentType, DOCUMENT_TYPES, type Field } from '../../../server/content/model.ts';
import { documentProblems } from '../../../server/content/model-check.ts';
import {
  COURSE_QUERY,
  LIBRARY_QUERY,
  PAGE_QUERY,
  PROGRAM_QUERY,
  SETTINGS_QUERY,
} from '../../../server/content/queries.ts';

/** The attribute paths a GROQ expression reads from the document, and the `_type` it filters on. */
function reads(node: unknown, found = { type: '', paths: new Set<string>() }) {
  if (Array.isArray(node)) {
    for (const n of node) reads(n, found);
  } else if (node && typeof node === 'object') {
    const n = node as Record<string, unknown>;
    const chain = attributeChain(n);
    if (chain) {
      found.paths.add(chain);
      return found;
    }
    const left = n.left as Record<string, unknown> | undefined;
    const right = n.right as { type?: string; value?: unknown } | undefined;
    if (n.op === '==' && left && attributeChain(left) === '_type' && right?.type === 'Value') {
      found.type = String(right.value);
    }
    for (const value of Object.values(n)) reads(value, found);
  }
  return found;
}

function attributeChain(n: Record<string, unknown>): string | undefined {
  if (n.type !== 'AccessAttribute') return undefined;
  const base = n.base as Record<string, unknown> | undefined;
  if (!base) return String(n.name);
  const inner = attributeChain(base);
  return inner ? `${inner}.${String(n.name)}` : undefined;
}

const SUB_FIELDS: Partial<Record<Field['type'], string[]>> = { slug: ['current'] };

const QUERIES = { SETTINGS_QUERY, PAGE_QUERY, PROGRAM_QUERY, COURSE_QUERY, LIBRARY_QUERY };

describe('the GROQ queries and the model', () => {
  for (const [name, query] of Object.entries(QUERIES)) {
    it(`${name} reads every field of its document type and nothing the model lacks`, () => {
      const { type, paths } = reads(parse(query));
      expect(DOCUMENT_TYPES).toContain(type);
      const fields = contentType(type).fields;
      const roots = new Set([...paths].map((p) => p.split('.')[0]));
      roots.delete('_type');
      expect([...roots].sort()).toEqual(fields.map((f) => f.name).sort());
      for (const p of paths) {
        const [root, sub] = p.split('.');
        if (!sub || root === '_type') continue;
        const field = fields.find((f) => f.name === root) as Field;
        expect(SUB_FIELDS[field.type], p).toContain(sub);
      }
    });
  }
});

/** A value for every field of the model, each different from what the API assumes when it is unset. */
function sample(field: Field): unknown {
  switch (field.type) {
    case 'string':
      return field.pattern ? 'SAMPLE10' : 'Sample';
    case 'text':
      return 'Sample text';
    case 'url':
      return `https://example.com/${field.name}`;
    case 'email':
      return 'help@example.com';
    case 'boolean':
      return !field.initial;
    case 'datetime':
      return field.after ? '2026-02-01T00:00:00Z' : '2026-01-01T00:00:00Z';
    case 'color':
      return { _type: 'color', hex: '#123456', rgb: { _type: 'rgbaColor', r: 18, g: 52, b: 86, a: 1 } };
    case 'image':
      return { _type: 'image', asset: { _type: 'reference', _ref: `image-${'a'.repeat(40)}-20x10-png` } };
    case 'slug':
      return { _type: 'slug', current: 'sample' };
    case 'localeString':
    case 'localeText':
      return { _type: field.type, en: `${field.name} in English`, es: `${field.name} en español` };
    case 'localeBlockContent': {
      const text = (t: string) => [
        {
          _type: 'block',
          _key: 'b',
          style: 'normal',
          markDefs: [],
          children: [{ _type: 'span', _key: 's', text: t, marks: ['strong'] }],
        },
      ];
      return { _type: field.type, en: text('Hello'), es: text('Hola') };
    }
    case 'object':
      return full(field.of);
    case 'file':
      return { _type: 'file', asset: { _type: 'reference', _ref: `file-${'b'.repeat(40)}-pdf` } };
    case 'integer':
      return field.min + 1;
    case 'choice':
      return field.options.find((o) => o.value !== field.initial)?.value;
    case 'array':
      return [{ _key: 'k1', ...full(field.of) }];
    case 'tags':
      return ['annual'];
    case 'code':
      return CODE_SAMPLES[field.name];
  }
}

/** A code for the sibling choice's sample value (the first option: a YouTube video). */
const CODE_SAMPLES: Record<string, string> = { id: 'Abc123_-xyZ' };

function full(typeName: string, head: Record<string, unknown> = {}): Record<string, unknown> {
  const type = contentType(typeName);
  return { ...head, _type: typeName, ...Object.fromEntries(type.fields.map((f) => [f.name, sample(f)])) };
}

const source: ContentSource = {
  query: async <T>() => null as T,
  assetUrl: (ref) => `/img/${ref.id}`,
  fileUrl: (ref) => `/file/${ref.id}`,
};
const player = { embedUrl: async (v: { provider: string; id: string }) => `embed:${v.provider}:${v.id}` };

const SHAPES: Record<string, [string, (doc: unknown, locale: 'en' | 'es') => unknown]> = {
  settings: [SETTINGS_QUERY, (doc, locale) => toSiteSettings(source, doc, locale)],
  page: [PAGE_QUERY, (doc, locale) => toContentPage(source, doc, locale)],
  program: [PROGRAM_QUERY, (doc, locale) => toProgram(source, player, doc, locale)],
  course: [COURSE_QUERY, (doc, locale) => toCourse(source, player, doc, locale)],
  libraryEntry: [
    LIBRARY_QUERY,
    (docs, locale) => Promise.all((docs as unknown[]).map((d) => toLibraryEntry(source, player, d, locale))),
  ],
};

async function answer(doc: Record<string, unknown>) {
  const [query, shape] = SHAPES[doc._type as string] as (typeof SHAPES)[string];
  const params = { slug: 'sample', product: 'SAMPLE10' };
  const result = await (await evaluate(parse(query), { dataset: [doc], params })).get();
  return Promise.all([shape(result, 'en'), shape(result, 'es')]);
}

/** Each field path of a type, nested objects and the first item of arrays included. */
function fieldPaths(typeName: string, prefix: string[] = []): string[][] {
  return contentType(typeName).fields.flatMap((f) => [
    [...prefix, f.name],
    ...(f.type === 'object' ? fieldPaths(f.of, [...prefix, f.name]) : []),
    ...(f.type === 'array' ? fieldPaths(f.of, [...prefix, f.name, '0']) : []),
    ...(f.type.startsWith('locale') ? [[...prefix, f.name, 'es']] : []),
  ]);
}

describe('the API and the model', () => {
  for (const type of DOCUMENT_TYPES) {
    it(`answers differently without any one field of ${type}: the model holds no field the site ignores`, async () => {
      const doc = full(type, { _id: `sample-${type}` });
      expect(documentProblems({ line: 1, doc })).toEqual([]);
      const whole = await answer(doc);
      const ignored: string[] = [];
      for (const fieldPath of fieldPaths(type)) {
        const without = structuredClone(doc);
        const parent = fieldPath
          .slice(0, -1)
          .reduce<Record<string, unknown>>((o, k) => o[k] as never, without);
        delete parent[fieldPath.at(-1) as string];
        if (JSON.stringify(await answer(without)) === JSON.stringify(whole))
          ignored.push(fieldPath.join('.'));
      }
      expect(ignored).toEqual([]);
    });
  }

  it('has every type a field or a document refers to, and a query for every document type', () => {
    for (const type of CONTENT_TYPES) {
      for (const field of type.fields)
        if (field.type === 'object' || field.type === 'array')
          expect(() => contentType(field.of)).not.toThrow();
    }
    expect(Object.keys(SHAPES).sort()).toEqual([...DOCUMENT_TYPES].sort());
  });
});
