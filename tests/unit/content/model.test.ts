// The content model against what it describes: the embedded dataset fits it, a document that does
// not is refused with a message naming the line, the field and the fault, the GROQ queries read
// exactly its fields, and each of its fields changes what the API answers (decision 123).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluate, parse } from 'groq-js';
import { describe, expect, it } from 'vitest';
import { toContentPage, toSiteSettings } from '../../../server/content/content-service.ts';
import type { ContentSource } from '../../../server/content/content-source.ts';
import { toCourse, toLibraryEntry, toProgram } from '../../../server/content/library-content.ts';
import {
  CONTENT_TYPES,
  contentType,
  DOCUMENT_TYPES,
  type Field,
  RESERVED_SLUGS,
} from '../../../server/content/model.ts';
import { datasetProblems, documentProblems, type Located } from '../../../server/content/model-check.ts';
import {
  COURSE_QUERY,
  LIBRARY_QUERY,
  PAGE_QUERY,
  PROGRAM_QUERY,
  SETTINGS_QUERY,
} from '../../../server/content/queries.ts';
import { API_PREFIXES } from '../../../server/site/shell.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DATASET = path.join(ROOT, 'content/production.ndjson');

function embedded(): Located[] {
  return readFileSync(DATASET, 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.trim() ? [{ line: i + 1, doc: JSON.parse(line) as unknown }] : []));
}

const settingsOf = (items: Located[]) => items[0]?.doc as Record<string, Record<string, unknown>>;

describe('the embedded dataset', () => {
  it('fits the content model, its images all present in content/assets', () => {
    const items = embedded();
    expect(items.map((i) => (i.doc as { _type: string })._type)).toEqual([
      'settings',
      ...Array(4).fill('page'),
      'program',
      'course',
      ...Array(12).fill('libraryEntry'),
    ]);
    expect(datasetProblems(items, (file) => existsSync(path.join(ROOT, 'content/assets', file)))).toEqual([]);
  });

  it('refuses a planted bad document with the line, the field and what is wrong', () => {
    const items = structuredClone(embedded());
    const settings = settingsOf(items);
    settings.home = { ...settings.home, heroTitle: { _type: 'localeString', en: 'Hi' } };
    settings.instagramUrl = 'http://instagram.com/x' as never;
    (settings.banner as Record<string, unknown>).promoEndDate = '2024-12-31T00:00:00Z';
    const page = items[1]?.doc as Record<string, unknown>;
    page.pageName = { _type: 'localeString', es: 'Solo en español' };
    page.slug = { _type: 'slug', current: 'profile' };
    expect(datasetProblems(items)).toEqual([
      'line 1 (settings): instagramUrl: is not a link (https)',
      'line 1 (settings): banner.promoEndDate: is before promoStartDate',
      'line 1 (settings): home: "heroTitle" is not a field of the content model',
      'line 2 (page-privacy): pageName.en: is required',
      'line 2 (page-privacy): slug.current: is an address the site itself uses',
    ]);
  });

  it('names faults in page bodies, colours, images and the dataset as a whole', () => {
    const items = structuredClone(embedded());
    const settings = settingsOf(items);
    settings.primaryColor = { _type: 'color', hex: 'orange' };
    settings.icon = { _type: 'image', asset: { _type: 'reference', _ref: 'logo.png' } };
    const body = ((items[2] as Located).doc as { body: { en: { children: { marks: string[] }[] }[] } }).body;
    (body.en[0]?.children[0] as { marks: string[] }).marks = ['shout'];
    const copy = { line: 6, doc: { ...(items[1]?.doc as object), _id: 'page-privacy-2' } };
    const second = {
      line: 7,
      doc: { _id: 'settings-2', _type: 'settings', siteName: 'Other', primaryColor: { hex: '#000000' } },
    };
    expect(datasetProblems([...items, copy, second], (file) => !file.startsWith('d432'))).toEqual([
      'line 1 (settings): icon.asset._ref: is not an image asset reference (image-<hash>-<width>x<height>-<ext>)',
      'line 1 (settings): primaryColor.hex: is not a colour like #1c7ed6',
      'line 3 (page-terms): body.en[0].children[0].marks: "shout" is neither a decorator nor a link of this block',
      'line 1 (settings): image image-d432925883bd279825c8aa0b401a360a573d5c78-640x720-svg has no file d432925883bd279825c8aa0b401a360a573d5c78-640x720.svg',
      'line 6 (page-privacy-2): slug.current: "privacy" is also the address of line 2 (page-privacy)',
      'the dataset has 2 settings documents; the site reads exactly one (lines 1, 7)',
    ]);
  });

  it("refuses members' content that does not fit: keys, bounds, choices, video ids, files, addresses", () => {
    const items = structuredClone(embedded());
    type Obj = Record<string, unknown>;
    const program = items[5]?.doc as { days: Obj[]; startsOn: string };
    const days = program.days;
    (days[1] as Obj)._key = (days[0] as Obj)._key;
    const block = ((days[0] as Obj).blocks as Obj[])[0] as Obj;
    block.sets = 0;
    block.reps = 2.5;
    (days[0] as { video: Obj }).video.id = 'not-an-id';
    program.startsOn = 'tomorrow';
    const course = items[6]?.doc as { modules: { lessons: Obj[] }[] };
    const lesson = course.modules[0]?.lessons[0] as { files: { file: { asset: Obj } }[] };
    (lesson.files[0] as { file: { asset: Obj } }).file.asset._ref = `file-${'c'.repeat(40)}-pdf`;
    const [first, entry, third] = items.slice(7, 10).map((i) => i.doc as Obj) as [Obj, Obj, Obj];
    entry.slug = first.slug;
    entry.plans = ['annual plan'];
    delete third.kind;
    expect(datasetProblems(items, (file) => !file.startsWith('cccc'))).toEqual([
      'line 6 (program-30-day-shred): startsOn: is not one of firstOpen, purchase',
      'line 6 (program-30-day-shred): days[0].video.id: is not a YouTube video id (11 letters, digits, - or _)',
      'line 6 (program-30-day-shred): days[0].blocks[0].sets: is less than 1',
      'line 6 (program-30-day-shred): days[0].blocks[0].reps: is not a whole number',
      'line 6 (program-30-day-shred): days[1]._key: is also the key of item 0',
      'line 9 (library-core-in-10): plans[0]: may only hold 1 to 80 letters, digits, - or _',
      'line 10 (library-hotel-room-hiit): kind: is required',
      `line 7 (course-strength-foundations): file file-${'c'.repeat(40)}-pdf has no file ${'c'.repeat(40)}.pdf`,
      'line 9 (library-core-in-10): slug.current: "workout/full-body-dumbbell-20" is also the address of line 8 (library-full-body-dumbbell-20)',
    ]);
  });

  it('refuses a document type the model lacks, and a required field left out', () => {
    expect(documentProblems({ line: 4, doc: { _id: 'x', _type: 'post' } })).toEqual([
      'line 4 (x): _type "post" is not a document type of the model (settings, page, program, course, libraryEntry)',
    ]);
    expect(
      documentProblems({ line: 2, doc: { _id: 's', _type: 'settings', primaryColor: { hex: '#000000' } } }),
    ).toEqual(['line 2 (s): siteName: is required']);
    expect(documentProblems({ line: 9, doc: 'text' })).toEqual(['line 9: is not an object']);
    const empty = {
      _id: 'p',
      _type: 'page',
      pageName: { en: ' ' },
      slug: { current: 'a' },
      body: { en: [] },
    };
    expect(documentProblems({ line: 3, doc: empty })).toEqual([
      'line 3 (p): pageName.en: is empty',
      'line 3 (p): body.en: is empty',
    ]);
  });
});

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

describe('page addresses', () => {
  it('reserves exactly the first path segments the site and the server answer themselves', () => {
    const router = readFileSync(path.join(ROOT, 'src/app/router.tsx'), 'utf8');
    // The root's routes: `path: '/…'` and the lists of paths mapped to routes; not the profile's sections.
    const segments = [...router.matchAll(/(?:path: |\(\[)'\/([a-z][a-z-]*)/g)].map((m) => m[1] as string);
    const server = API_PREFIXES.map((prefix) => prefix.split('/')[1] as string);
    expect(segments.length).toBeGreaterThan(4);
    // Exactly those: a route removed frees its address for a page again.
    expect([...new Set([...segments, ...server])].sort()).toEqual([...RESERVED_SLUGS].sort());
  });
});
