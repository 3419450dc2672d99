// The studio's texts: its own catalogue (locales/studio, the `studio.*` keys) over the site's (the
// errors, the plan cards' words the catalogue's preview shows), English bundled and Spanish loaded
// for those who read it. The language is found as on the public pages, by their detector and their
// instance (decision 064): the address's `?lang`, then the choice made with a language switch, then
// the browser's.
import type { i18n } from 'i18next';
import type { Locale } from '../../domain/localized.ts';
import siteEn from '../../locales/en.json' with { type: 'json' };
import plansEn from '../../locales/signup-modal/en.json' with { type: 'json' };
import studioEn from '../../locales/studio/en.json' with { type: 'json' };
import { LOCALE_STORAGE_KEY, loadedI18n } from '../text/i18n.ts';

type Texts = Record<string, unknown>;
const isTexts = (value: unknown): value is Texts =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The catalogues merged key by key: the site's and the sign-up's both hold a `plans` group (the
 * intervals' words in one, the cards' in the other), so a group is joined, never replaced.
 */
function merged(...catalogues: Texts[]): Texts {
  const out: Texts = {};
  for (const catalogue of catalogues) {
    for (const [key, value] of Object.entries(catalogue)) {
      const before = out[key];
      out[key] = isTexts(before) && isTexts(value) ? merged(before, value) : value;
    }
  }
  return out;
}

async function loadCatalogue(language: string): Promise<Texts> {
  if (language !== 'es') return {};
  const [site, plans, studio] = await Promise.all([
    import('../../locales/es.json'),
    import('../../locales/signup-modal/es.json'),
    import('../../locales/studio/es.json'),
  ]);
  return merged(site.default, plans.default, studio.default);
}

export function createStudioI18n(locale?: Locale): Promise<i18n> {
  return loadedI18n(merged(siteEn, plansEn, studioEn), loadCatalogue, locale);
}

/** Switches the language and remembers the choice, as the public footer's switch does. */
export async function chooseStudioLocale(instance: i18n, locale: Locale): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered; switched all the same.
  }
  await instance.changeLanguage(locale);
}
