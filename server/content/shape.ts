// The small readers every shaping of a CMS document uses: a document's values are whatever the CMS
// holds, so each is checked for its kind before it is used.
import { type Locale, localized } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import { type ContentSource, parseImageRef } from './content-source.ts';

export type SanityImage = components['schemas']['SanityImage'];
export type PortableTextBlock = components['schemas']['PortableTextBlock'];

export type Doc = Record<string, unknown>;

export function isObject(value: unknown): value is Doc {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function int(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** The objects of an array value; nothing when it is not one. */
export function objects(value: unknown): Doc[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function numbers(value: unknown): Record<string, number> | null {
  if (!isObject(value)) return null;
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number'),
  );
}

export function image(source: ContentSource, value: unknown): SanityImage | null {
  if (!isObject(value) || !isObject(value.asset) || typeof value.asset._ref !== 'string') return null;
  const ref = parseImageRef(value.asset._ref);
  if (!ref) return null;
  return {
    url: source.assetUrl(ref),
    width: ref.width,
    height: ref.height,
    crop: numbers(value.crop),
    hotspot: numbers(value.hotspot),
  };
}

/** A body in one language, its image blocks given their URL so the browser needs no CMS settings. */
export function portableBody(source: ContentSource, value: unknown, locale: Locale): PortableTextBlock[] {
  return objects(localized(value, locale)).map((block) => {
    const img = block._type === 'image' ? image(source, block) : null;
    return { ...block, _type: String(block._type ?? 'block'), ...(img ? { image: img } : {}) };
  });
}
