import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/localized.ts';

/**
 * The language the page is in (i18n keeps it on `<html lang>`): the language the trainer's texts
 * are asked for in. English where there is no page (unit tests).
 */
export function pageLocale(): Locale {
  const lang = globalThis.document?.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}
