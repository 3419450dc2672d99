// The studio schema a trainer copies into Sanity (content/studio/schemaTypes): written fresh from the
// content model, and, loaded as a studio would load it, holding the model's types, fields, hotspots
// and validation rules. `sanity` itself is not a dependency: its define* functions return their
// argument, so a stand-in that does the same loads the files unchanged.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_SCHEMA_DIR, studioSchemaFiles } from '../../../cli/studio-schema.ts';
import { CONTENT_TYPES, LOCALE_TYPES, RESERVED_SLUGS } from '../../../server/content/model.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

interface SchemaField {
  name: string;
  type: string;
  options?: Record<string, unknown>;
  validation?: (rule: unknown) => unknown;
  of?: SchemaField[];
  fields?: SchemaField[];
}
interface SchemaType extends SchemaField {
  fields?: SchemaField[];
}

let dir: string;
let schemaTypes: SchemaType[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-'));
  cpSync(path.join(ROOT, STUDIO_SCHEMA_DIR), path.join(dir, 'schemaTypes'), { recursive: true });
  const shim = path.join(dir, 'node_modules/sanity');
  mkdirSync(shim, { recursive: true });
  writeFileSync(path.join(shim, 'package.json'), '{"name":"sanity","type":"module","main":"index.js"}');
  writeFileSync(
    path.join(shim, 'index.js'),
    'const same = (x) => x;\nexport const defineType = same, defineField = same, defineArrayMember = same;\n',
  );
  ({ schemaTypes } = (await import(path.join(dir, 'schemaTypes/index.ts'))) as { schemaTypes: SchemaType[] });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a field's validation against a recording rule: which methods, with which arguments. */
function rulesOf(field: SchemaField | undefined): {
  calls: [string, unknown[]][];
  custom: (v: unknown, c?: unknown) => unknown;
} {
  const calls: [string, unknown[]][] = [];
  let custom: (v: unknown, c?: unknown) => unknown = () => true;
  const rule: Record<string, unknown> = new Proxy(
    {},
    {
      get:
        (_t, method: string) =>
        (...args: unknown[]) => {
          calls.push([method, args]);
          if (method === 'custom') custom = args[0] as typeof custom;
          return rule;
        },
    },
  );
  field?.validation?.(rule);
  return { calls, custom };
}

/** The Sanity type each kind of the model is written as, where the two names differ. */
const STUDIO_TYPE: Record<string, string> = {
  integer: 'number',
  choice: 'string',
  tags: 'array',
  code: 'string',
};

const typeNamed = (name: string) => schemaTypes.find((t) => t.name === name) as SchemaType;
const fieldOf = (type: string, name: string) => typeNamed(type).fields?.find((f) => f.name === name);

describe('the studio schema', () => {
  it('is what `npm run content -- schema` writes from the model today', () => {
    const files = studioSchemaFiles();
    const committed = readdirSync(path.join(ROOT, STUDIO_SCHEMA_DIR)).sort();
    expect(committed).toEqual([...files.keys()].sort());
    for (const [name, text] of files) {
      expect(readFileSync(path.join(ROOT, STUDIO_SCHEMA_DIR, name), 'utf8'), name).toBe(text);
    }
  });

  it('holds every type and field of the model, by the same names and kinds', () => {
    expect(schemaTypes.map((t) => t.name).sort()).toEqual(
      [...CONTENT_TYPES.map((t) => t.name), ...Object.keys(LOCALE_TYPES), 'blockContent'].sort(),
    );
    for (const type of CONTENT_TYPES) {
      expect(typeNamed(type.name).type).toBe(type.kind);
      expect(typeNamed(type.name).fields?.map((f) => [f.name, f.type])).toEqual(
        type.fields.map((f) => [f.name, f.type === 'object' ? f.of : (STUDIO_TYPE[f.type] ?? f.type)]),
      );
    }
    for (const [name, inner] of Object.entries(LOCALE_TYPES)) {
      expect(typeNamed(name).fields?.map((f) => [f.name, f.type])).toEqual([
        ['en', inner],
        ['es', inner],
      ]);
    }
  });

  it('gives every image a hotspot and crop, in fields and in page bodies', () => {
    const images = CONTENT_TYPES.flatMap((t) =>
      t.fields.filter((f) => f.type === 'image').map((f) => fieldOf(t.name, f.name)),
    );
    expect(images.length).toBe(11);
    const bodyImage = typeNamed('blockContent').of?.find((m) => m.type === 'image');
    for (const image of [...images, bodyImage]) expect(image?.options).toEqual({ hotspot: true });
  });

  it('validates what the site depends on, as the dataset check does', () => {
    expect(rulesOf(fieldOf('settings', 'siteName')).calls).toEqual([
      ['required', []],
      ['max', [80]],
    ]);
    expect(rulesOf(fieldOf('settings', 'instagramUrl')).calls).toEqual([['uri', [{ scheme: ['https'] }]]]);
    // Sanity's `email` type checks the address itself: its rule has no email() to add.
    expect(fieldOf('settings', 'supportEmail')?.type).toBe('email');
    expect(rulesOf(fieldOf('settings', 'supportEmail')).calls).toEqual([]);

    const pageName = rulesOf(fieldOf('page', 'pageName')).custom;
    expect(pageName({ es: 'Solo' })).toBe('Required in English at least');
    expect(pageName({ en: 'About' })).toBe(true);
    const body = rulesOf(fieldOf('page', 'body')).custom;
    expect(body({ en: [] })).toBe('Required in English at least');

    const slug = rulesOf(fieldOf('page', 'slug'));
    expect(slug.calls[0]).toEqual(['required', []]);
    expect(slug.custom({ current: 'about-us' })).toBe(true);
    expect(slug.custom({ current: 'About Us' })).toMatch(/^Lower-case letters/);
    for (const reserved of RESERVED_SLUGS) {
      expect(slug.custom({ current: reserved })).toBe(`/${reserved} is an address the site itself uses`);
    }

    const end = rulesOf(fieldOf('banner', 'promoEndDate')).custom;
    const parent = { promoStartDate: '2026-03-01T00:00:00Z' };
    expect(end('2026-02-01T00:00:00Z', { parent })).toBe('Must not be before promoStartDate');
    expect(end('2026-04-01T00:00:00Z', { parent })).toBe(true);

    const link = typeNamed('blockContent').of?.[0] as unknown as {
      marks: { annotations: { fields: SchemaField[] }[] };
    };
    expect(rulesOf(link.marks.annotations[0]?.fields[0]).calls).toEqual([
      ['uri', [{ scheme: ['http', 'https', 'mailto'], allowRelative: true }]],
    ]);
  });

  it("validates the members' content as the dataset check does", () => {
    expect(rulesOf(fieldOf('workoutBlock', 'sets')).calls).toEqual([
      ['integer', []],
      ['min', [1]],
      ['max', [20]],
    ]);
    expect(rulesOf(fieldOf('program', 'days')).calls).toEqual([
      ['required', []],
      ['min', [1]],
      ['max', [366]],
    ]);
    expect(fieldOf('program', 'days')?.of?.map((m) => m.type)).toEqual(['programDay']);
    expect(fieldOf('program', 'startsOn')?.options).toMatchObject({
      list: [{ value: 'firstOpen' }, { value: 'purchase' }],
    });
    expect(fieldOf('download', 'file')?.options).toEqual({ accept: '.pdf,.svg,.png,.jpg' });

    const id = rulesOf(fieldOf('video', 'id')).custom;
    expect(id('dQw4w9WgXcQ', { parent: { provider: 'youtube' } })).toBe(true);
    expect(id('76979871', { parent: { provider: 'youtube' } })).toBe(
      'Must be a YouTube video id (11 letters, digits, - or _)',
    );
    expect(id('76979871', { parent: { provider: 'vimeo' } })).toBe(true);

    const plan = fieldOf('libraryEntry', 'plans')?.of?.[0];
    expect(rulesOf(plan).calls[0]?.[0]).toBe('regex');
    const slug = rulesOf(fieldOf('libraryEntry', 'slug')).custom;
    // A library entry is at /library/<kind>/<slug>: the site's own first segments are free for it.
    expect(slug({ current: 'profile' })).toBe(true);
    expect(slug({ current: 'Core 10' })).toMatch(/^Lower-case letters/);
  });
});
