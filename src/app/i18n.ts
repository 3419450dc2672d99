// i18next with English bundled and Spanish fetched only by those who read it, so an English
// visitor's first load carries one catalogue. The visitor's choice from the footer switch wins over
// the browser's language.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json' with { type: 'json' };
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromLanguage } from '../lib/locale.ts';

export const LOCALE_STORAGE_KEY = 'pcc-locale';

export function initialLocale(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  language: string | undefined = globalThis.navigator?.language,
): Locale {
  const chosen = storage?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(chosen) ? chosen : localeFromLanguage(language);
}

type Catalogue = typeof en;

const CATALOGUES: Record<Locale, () => Promise<Catalogue>> = {
  en: async () => en,
  es: async () => (await import('../../locales/es.json', { with: { type: 'json' } })).default,
};

/** Makes `locale`'s catalogue available; a no-op once it is. */
export async function loadLocale(instance: i18n, locale: Locale): Promise<void> {
  if (!instance.hasResourceBundle(locale, 'translation')) {
    instance.addResourceBundle(locale, 'translation', await CATALOGUES[locale]());
  }
}

/** An i18next instance whose catalogue for `locale` is loaded, so the first render is in that language. */
export async function createI18n(locale: Locale): Promise<i18n> {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en } },
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
  await loadLocale(instance, locale);
  return instance;
}

/** Switches the language and remembers the choice for the next visit. */
export async function chooseLocale(instance: i18n, locale: Locale): Promise<void> {
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  await loadLocale(instance, locale);
  await instance.changeLanguage(locale);
}
