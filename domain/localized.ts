// The site's languages, for the interface and for the texts the trainer writes. Those texts (CMS
// settings and pages, product pages, plan names) may be written once or per language, the Sanity
// way: a field holds either the text, or an object with one text per language
// (`{ _type: 'localeString', en: 'Monthly', es: 'Mensual' }`). English stands in for a missing one.
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  // includes() over unknowns finds no locale for a value that is not a string, so no type test is needed.
  return (LOCALES as readonly unknown[]).includes(value);
}

/** The site's language for a language tag, its region dropped ('es-MX' is 'es'); null when it has none. */
export function localeOfLanguage(tag: string | null | undefined): Locale | null {
  // No tag reads as 'null' or 'undefined', which is no locale; split() always gives a first part.
  const [language] = String(tag).trim().toLowerCase().split('-');
  return isLocale(language) ? language : null;
}

const META_KEYS: ReadonlySet<string> = new Set(['_type', '_key']);

function isPerLocale(value: unknown): value is Partial<Record<Locale, unknown>> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value).filter((key) => !META_KEYS.has(key));
  return keys.length > 0 && keys.every(isLocale);
}

/** The field in `locale`: its text when written once, else that language's, else English's. */
export function localized(value: unknown, locale: Locale): unknown {
  if (!isPerLocale(value)) return value;
  return value[locale] ?? value[DEFAULT_LOCALE] ?? null;
}
