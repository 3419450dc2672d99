// i18next with both catalogues bundled: they are small, and a language switch must not wait for a
// request. The visitor's choice from the footer switch wins over the browser's language.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromLanguage } from '../lib/locale.ts';

export const LOCALE_STORAGE_KEY = 'pcc-locale';

export function initialLocale(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  language: string | undefined = globalThis.navigator?.language,
): Locale {
  const chosen = storage?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(chosen) ? chosen : localeFromLanguage(language);
}

export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['en', 'es'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return instance;
}

/** Switches the language and remembers the choice for the next visit. */
export function chooseLocale(instance: i18n, locale: Locale): void {
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  void instance.changeLanguage(locale);
}
