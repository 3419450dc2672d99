export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The browser's language without its region ('es-MX' is 'es'); English when there is no catalogue. */
export function localeFromLanguage(language: string | null | undefined): Locale {
  const base = (language ?? '').split('-')[0]?.toLowerCase();
  return isLocale(base) ? base : DEFAULT_LOCALE;
}
