// The content model as zod schemas, and the check of a whole dataset against it: each document
// field by field (no field the model lacks, none of the wrong shape), then what only the dataset as
// a whole can break (one settings document, unique ids and addresses, image and file assets present).
import { z } from 'zod';
import { assetFileName, fileAssetName, parseFileRef, parseImageRef } from './content-source.ts';
import { CONTENT_TYPES, type ContentType, contentType, type Field, SLUG_PATTERN } from './model.ts';
import { color, file, image, key, link, perLocale, typeTag } from './model-values.ts';

function fieldSchema(field: Field): z.ZodType {
  switch (field.type) {
    case 'string': {
      let s = z.string().min(1, 'is empty');
      if (field.max) s = s.max(field.max, `is longer than ${field.max} characters`);
      if (field.pattern) s = s.regex(field.pattern.regex, `may only hold ${field.pattern.name}`);
      return s;
    }
    case 'text':
      return field.max ? z.string().max(field.max) : z.string();
    case 'url':
      return link(field.schemes, field.relative);
    case 'email':
      return z.email('is not an email address');
    case 'boolean':
      return z.boolean();
    case 'datetime':
      return z.iso.datetime({ offset: true, error: 'is not a date and time like 2026-01-31T09:00:00Z' });
    case 'color':
      return color;
    case 'image':
      return image();
    case 'file':
      return file;
    case 'integer':
      // A refinement rather than int(), whose fault would stop the checks of the rest of the document.
      return z
        .number()
        .refine(Number.isInteger, 'is not a whole number')
        .min(field.min, `is less than ${field.min}`)
        .max(field.max, `is more than ${field.max}`);
    case 'choice': {
      const values = field.options.map((o) => o.value);
      return z.string().refine((v) => values.includes(v), { message: `is not one of ${values.join(', ')}` });
    }
    case 'array':
      return keyedArray(field);
    case 'tags':
      return z.array(z.string().regex(field.pattern.regex, `may only hold ${field.pattern.name}`));
    case 'code':
      // Its form depends on a sibling: checked with the object (objectSchema).
      return z.string().min(1, 'is empty');
    case 'slug':
      return z.strictObject({
        _type: typeTag('slug'),
        current: z
          .string()
          .max(field.max)
          .regex(SLUG_PATTERN, 'may only hold lower-case letters and digits, with single dashes between')
          .refine((s) => !field.reserved.includes(s), { message: 'is an address the site itself uses' }),
      });
    case 'localeString':
    case 'localeText':
    case 'localeBlockContent':
      return perLocale(field.type, field.required === true);
    case 'object':
      return objectSchema(contentType(field.of));
  }
}

/** Objects of one type, each with a `_key` of its own: a unit's key is what progress is kept by. */
function keyedArray(field: Extract<Field, { type: 'array' }>): z.ZodType {
  let list = z.array(objectSchema(contentType(field.of), true));
  if (field.min) list = list.min(field.min, `has fewer than ${field.min} items`);
  if (field.max) list = list.max(field.max, `has more than ${field.max} items`);
  return list.superRefine(
    (items, ctx) => {
      const seen = new Map<unknown, number>();
      items.forEach((item, i) => {
        const k = typeof item === 'object' && item !== null ? (item as { _key?: unknown })._key : undefined;
        if (typeof k !== 'string') return;
        const first = seen.get(k);
        if (first === undefined) seen.set(k, i);
        else ctx.addIssue({ code: 'custom', path: [i, '_key'], message: `is also the key of item ${first}` });
      });
    },
    // Also when an item has faults of its own: every fault is listed at once.
    { when: (payload) => Array.isArray(payload.value) },
  );
}

function objectSchema(type: ContentType, keyed = false): z.ZodType {
  const shape = Object.fromEntries(
    type.fields.map((f) => [f.name, f.required ? fieldSchema(f) : fieldSchema(f).optional()]),
  );
  const head =
    type.kind === 'document'
      ? {
          _id: z.string().regex(/^[A-Za-z0-9._-]+$/, 'may only hold letters, digits, ".", "_" and "-"'),
          _type: z.literal(type.name),
          _createdAt: z.string().optional(),
          _updatedAt: z.string().optional(),
          _rev: z.string().optional(),
        }
      : { _type: typeTag(type.name), ...(keyed ? { _key: key } : {}) };
  const dates = type.fields.flatMap((f) => (f.type === 'datetime' && f.after ? [[f.name, f.after]] : []));
  const codes = type.fields.filter((f): f is Extract<Field, { type: 'code' }> => f.type === 'code');
  return z.strictObject({ ...head, ...shape }).superRefine((value: Record<string, unknown>, ctx) => {
    for (const [name, after] of dates as [string, string][]) {
      const end = value[name];
      const start = value[after];
      if (typeof end === 'string' && typeof start === 'string' && Date.parse(end) < Date.parse(start)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is before ${after}` });
      }
    }
    for (const code of codes) {
      const pattern = code.patterns[String(value[code.field])];
      const text = value[code.name];
      if (pattern && typeof text === 'string' && !pattern.regex.test(text)) {
        ctx.addIssue({ code: 'custom', path: [code.name], message: `is not ${pattern.name}` });
      }
    }
  });
}

export const DOCUMENT_SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map(
  CONTENT_TYPES.filter((t) => t.kind === 'document').map((t) => [t.name, objectSchema(t)]),
);

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part),
    '',
  );
}

function issueText(issue: z.core.$ZodIssue): string {
  const at = pathText(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((k) => `"${k}"`).join(', ');
    return `${at ? `${at}: ` : ''}${names} ${issue.keys.length > 1 ? 'are not fields' : 'is not a field'} of the content model`;
  }
  const message = issue.message.endsWith('received undefined') ? 'is required' : issue.message;
  return `${at || '(document)'}: ${message}`;
}

export interface Located {
  /** 1-based line of the document in its ndjson file. */
  line: number;
  doc: unknown;
}

const label = ({ line, doc }: Located) => {
  const d = doc as { _id?: unknown; _type?: unknown };
  return `line ${line}${typeof d?._id === 'string' ? ` (${d._id})` : ''}`;
};

/** Each problem of one document, as `line N (id): field.path: what is wrong`. */
export function documentProblems(item: Located): string[] {
  const doc = item.doc as { _type?: unknown } | null;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return [`${label(item)}: is not an object`];
  const schema = typeof doc._type === 'string' ? DOCUMENT_SCHEMAS.get(doc._type) : undefined;
  if (!schema) {
    const known = [...DOCUMENT_SCHEMAS.keys()].join(', ');
    return [
      `${label(item)}: _type ${JSON.stringify(doc._type)} is not a document type of the model (${known})`,
    ];
  }
  const result = schema.safeParse(doc);
  return result.success ? [] : result.error.issues.map((issue) => `${label(item)}: ${issueText(issue)}`);
}

/** Every asset reference in a value, wherever it sits, with the file it names (images and files). */
export function assetRefs(value: unknown): { ref: string; file: string }[] {
  if (Array.isArray(value)) return value.flatMap(assetRefs);
  if (typeof value !== 'object' || value === null) return [];
  const own = (value as { _ref?: unknown })._ref;
  const image = typeof own === 'string' ? parseImageRef(own) : undefined;
  const file = typeof own === 'string' ? parseFileRef(own) : undefined;
  const found = image ? assetFileName(image) : file ? fileAssetName(file) : undefined;
  const refs = found ? [{ ref: own as string, file: found }] : [];
  return [...refs, ...Object.values(value).flatMap(assetRefs)];
}

/**
 * What no two documents may share, by type: a page's address, a library entry's kind and address,
 * the product of a program or a course (the site would open one of them and never the other).
 */
const ADDRESSES: Record<string, { field: string; of: (doc: Record<string, unknown>) => unknown }> = {
  page: { field: 'slug.current', of: (d) => (d.slug as { current?: unknown } | undefined)?.current },
  libraryEntry: {
    field: 'slug.current',
    of: (d) => {
      const slug = (d.slug as { current?: unknown } | undefined)?.current;
      return typeof slug === 'string' ? `${String(d.kind)}/${slug}` : undefined;
    },
  },
  program: { field: 'product', of: (d) => d.product },
  course: { field: 'product', of: (d) => d.product },
};

/**
 * Every problem of a dataset, empty when it is one the site can serve. `hasAsset` answers whether
 * an asset's file is at hand (the embedded dataset serves its images and files from content/assets).
 */
export function datasetProblems(
  items: readonly Located[],
  hasAsset?: (fileName: string) => boolean,
): string[] {
  const problems = items.flatMap(documentProblems);
  const seen = new Map<string, Located>();
  const addresses = new Map<string, Located>();
  for (const item of items) {
    const doc = item.doc as Record<string, unknown>;
    if (typeof doc?._id !== 'string') continue;
    const first = seen.get(doc._id);
    if (first) problems.push(`${label(item)}: the _id is also on line ${first.line}`);
    else seen.set(doc._id, item);
    const unique = ADDRESSES[String(doc._type)];
    const address = unique?.of(doc);
    if (unique && typeof address === 'string') {
      const other = addresses.get(`${String(doc._type)} ${address}`);
      if (other)
        problems.push(`${label(item)}: ${unique.field}: "${address}" is also the address of ${label(other)}`);
      else addresses.set(`${String(doc._type)} ${address}`, item);
    }
    if (hasAsset) {
      for (const { ref, file } of assetRefs(doc)) {
        if (!hasAsset(file)) problems.push(`${label(item)}: ${ref.split('-')[0]} ${ref} has no file ${file}`);
      }
    }
  }
  const settings = items.filter((i) => (i.doc as { _type?: unknown })?._type === 'settings');
  if (settings.length !== 1) {
    problems.push(
      `the dataset has ${settings.length} settings documents; the site reads exactly one${
        settings.length > 1 ? ` (lines ${settings.map((s) => s.line).join(', ')})` : ''
      }`,
    );
  }
  return problems;
}
