// Texts the trainer writes (CMS settings and pages, product pages, plan names) may be written once or
// per language, the Sanity way: a field holds either the text, or an object with one text per
// language (`{ _type: 'localeString', en: 'Monthly', es: 'Mensual' }`). English stands in for a
// missing language.
export const CONTENT_LOCALES = ['en', 'es'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
export const DEFAULT_CONTENT_LOCALE: ContentLocale = 'en';

export function isContentLocale(value: unknown): value is ContentLocale {
  return typeof value === 'string' && (CONTENT_LOCALES as readonly string[]).includes(value);
}

const META_KEYS: ReadonlySet<string> = new Set(['_type', '_key']);

function isPerLocale(value: unknown): value is Partial<Record<ContentLocale, unknown>> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value).filter((key) => !META_KEYS.has(key));
  return keys.length > 0 && keys.every(isContentLocale);
}

/** The field in `locale`: its text when written once, else that language's, else English's. */
export function localized(value: unknown, locale: ContentLocale): unknown {
  if (!isPerLocale(value)) return value;
  return value[locale] ?? value[DEFAULT_CONTENT_LOCALE] ?? null;
}
