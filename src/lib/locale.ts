import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/localized.ts';

/** Where the page's language is read from: `<html lang>` in the browser. */
let readPageLanguage = (): string | undefined => globalThis.document?.documentElement.lang;

/**
 * The language the page is in (i18n keeps it on `<html lang>`): the language the trainer's texts
 * are asked for in. English where there is no page (unit tests).
 */
export function pageLocale(): Locale {
  const lang = readPageLanguage();
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/**
 * The server's renderer has no document: it names the language of the page it is rendering (one
 * per request, read from its own async context), so the queries key their data as the browser will.
 */
export function readPageLocaleFrom(read: () => string | undefined): void {
  readPageLanguage = read;
}
