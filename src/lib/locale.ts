export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language the page is in (i18n keeps it on `<html lang>`): the language the trainer's texts
 * are asked for in. English where there is no page (unit tests).
 */
export function pageLocale(): Locale {
  const lang = globalThis.document?.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}
