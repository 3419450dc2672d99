// i18next with English bundled and Spanish fetched by i18next-resources-to-backend only for those who
// read it, so an English visitor's first load carries one catalogue. The language is found by a
// language detector plugged into i18next (decision 064).
import i18next, { type i18n, type LanguageDetectorModule } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale, localeOfLanguage } from '../../domain/localized.ts';
import en from '../../locales/en.json' with { type: 'json' };

export const LOCALE_STORAGE_KEY = 'pcc-locale';

/**
 * The spec's rule as an i18next language detector: the choice made with the footer switch, else the
 * browser's own language (a second preference does not stand in for a missing catalogue), each
 * without its region; i18next takes the first with a catalogue, else English. An address that names
 * its language (`?lang=es`, the one a search result or a shared link carries, decision 119) comes
 * before both, as the server answered it in that language.
 */
const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    const addressed = new URLSearchParams(globalThis.location?.search ?? '').get('lang');
    let chosen: string | null | undefined;
    try {
      chosen = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    } catch {
      // Storage can be refused (private modes, sandboxed frames); the browser language stands.
    }
    // A language without a catalogue matches none; i18next then falls back to English.
    return [addressed, chosen, globalThis.navigator?.language]
      .map(localeOfLanguage)
      .filter((locale): locale is Locale => locale !== null);
  },
  // Only the footer switch records a choice (chooseLocale); a detected language is not one.
  cacheUserLanguage: () => {},
};

/**
 * The catalogues fetched when first used: every language but the bundled English. Named one by one
 * (a language added to LOCALES fails the type check until it is here): an import built from the
 * language would match en.json too, which the bundler cannot split off a chunk it is already in.
 */
const LAZY_CATALOGUES: Record<Exclude<Locale, 'en'>, () => Promise<{ default: object }>> = {
  es: () => import('../../locales/es.json'),
};

/**
 * An i18next instance whose catalogue is loaded, so the first render is in its language: `locale`
 * when given (tests, the server's choice), else the detected one. `english` is bundled; `load`
 * fetches another language's catalogue when first used. The public pages and the studio differ only
 * in their catalogues.
 */
export async function loadedI18n(
  english: object,
  load: (language: string) => Promise<object>,
  locale?: Locale,
): Promise<i18n> {
  const instance = i18next
    .createInstance()
    .use(detector)
    .use(resourcesToBackend((language: string) => load(language)))
    .use(initReactI18next);
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  await instance.init({
    resources: { en: { translation: english } },
    // English is bundled; other catalogues come from the backend when first used.
    partialBundledLanguages: true,
    ...(locale ? { lng: locale } : {}),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** The public pages' texts: English bundled, the others fetched for those who read them. */
export function createI18n(locale?: Locale): Promise<i18n> {
  return loadedI18n(
    en,
    (language) =>
      LAZY_CATALOGUES[language as keyof typeof LAZY_CATALOGUES]?.() ??
      Promise.reject(new Error(`No catalogue for ${language}`)),
    locale,
  );
}

/** Switches the language and remembers the choice for the next visit. */
export async function chooseLocale(instance: i18n, locale: Locale): Promise<void> {
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  await instance.changeLanguage(locale);
}
