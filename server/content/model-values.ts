// The zod schemas of the content model's values: assets, colours, links, Portable Text and the
// per-language wrappers. model-check.ts puts them together, field by field, into each type's schema.
import { z } from 'zod';
import { LOCALES } from '../../domain/localized.ts';
import { parseFileRef, parseImageRef } from './content-source.ts';
import { BLOCK_CONTENT } from './model.ts';

export const typeTag = (name: string) => z.literal(name).optional();
export const key = z.string().min(1);
const num = z.number();

const IMAGE_REF = z.string().refine((ref) => parseImageRef(ref) !== undefined, {
  message: 'is not an image asset reference (image-<hash>-<width>x<height>-<ext>)',
});

const FILE_REF = z.string().refine((ref) => parseFileRef(ref) !== undefined, {
  message: 'is not a file asset reference (file-<hash>-<ext>)',
});

export const file = z.strictObject({
  _type: typeTag('file'),
  asset: z.strictObject({ _type: typeTag('reference'), _ref: FILE_REF }),
});

export const image = (extra: z.core.$ZodLooseShape = {}) =>
  z.strictObject({
    _type: typeTag('image'),
    asset: z.strictObject({ _type: typeTag('reference'), _ref: IMAGE_REF }),
    crop: z
      .strictObject({ _type: typeTag('sanity.imageCrop'), top: num, bottom: num, left: num, right: num })
      .optional(),
    hotspot: z
      .strictObject({ _type: typeTag('sanity.imageHotspot'), x: num, y: num, width: num, height: num })
      .optional(),
    ...extra,
  });

const channel = (type: string, keys: readonly string[]) =>
  z.strictObject({ _type: typeTag(type), ...Object.fromEntries(keys.map((k) => [k, num])) }).optional();

export const color = z.strictObject({
  _type: typeTag('color'),
  hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'is not a colour like #1c7ed6'),
  alpha: num.optional(),
  rgb: channel('rgbaColor', ['r', 'g', 'b', 'a']),
  hsl: channel('hslaColor', ['h', 's', 'l', 'a']),
  hsv: channel('hsvaColor', ['h', 's', 'v', 'a']),
});

export function link(schemes: readonly string[], relative = false) {
  return z.string().refine(
    (value) => {
      if (relative && value.startsWith('/') && !value.startsWith('//')) return true;
      try {
        return schemes.includes(new URL(value).protocol.slice(0, -1));
      } catch {
        return false;
      }
    },
    { message: `is not a link (${schemes.join(', ')}${relative ? ', or a path of this site' : ''})` },
  );
}

const span = z.strictObject({
  _type: z.literal('span'),
  _key: key,
  text: z.string(),
  marks: z.array(z.string()),
});
const block = z
  .strictObject({
    _type: z.literal('block'),
    _key: key,
    style: z.enum(BLOCK_CONTENT.styles),
    listItem: z.enum(BLOCK_CONTENT.lists).optional(),
    level: z.number().int().min(1).optional(),
    markDefs: z.array(
      z.strictObject({
        _type: z.literal('link'),
        _key: key,
        href: link(BLOCK_CONTENT.link.schemes, BLOCK_CONTENT.link.relative),
      }),
    ),
    children: z.array(span),
  })
  .superRefine((value, ctx) => {
    const known = new Set<string>([...BLOCK_CONTENT.decorators, ...value.markDefs.map((d) => d._key)]);
    value.children.forEach((child, i) => {
      for (const mark of child.marks.filter((m) => !known.has(m))) {
        ctx.addIssue({
          code: 'custom',
          path: ['children', i, 'marks'],
          message: `"${mark}" is neither a decorator nor a link of this block`,
        });
      }
    });
  });
const blockContent = z.array(
  z.discriminatedUnion('_type', [
    block,
    image({ _key: key, alt: z.string().optional() }).extend({ _type: z.literal('image') }),
  ]),
);

const INNER = { string: z.string(), text: z.string(), blockContent } as const;
const LOCALE_INNER = {
  localeString: 'string',
  localeText: 'text',
  localeBlockContent: 'blockContent',
} as const;

export function perLocale(name: keyof typeof LOCALE_INNER, required: boolean) {
  const inner = INNER[LOCALE_INNER[name]];
  // A required text needs its English version written, as the studio's rule asks: English stands in
  // for the other languages.
  const english =
    inner instanceof z.ZodArray ? inner.min(1, 'is empty') : z.string().trim().min(1, 'is empty');
  return z.strictObject({
    _type: typeTag(name),
    ...Object.fromEntries(
      LOCALES.map((locale) => [locale, locale === 'en' && required ? english : inner.optional()]),
    ),
  });
}
