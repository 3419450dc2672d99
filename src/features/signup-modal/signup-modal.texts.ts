// The modal's own texts stay off the home route's first load (decision 062), and each language is a
// chunk of its own, fetched when the modal first shows in it or when the visitor switches to it
// (decision 083): a visitor downloads only the language they read. They join the `translation`
// namespace under signup.*, plans.*, checkout.*, upgrade.*, and pricing.* (the home page's pricing
// section draws the same plan cards, decision 115).
import type { i18n } from 'i18next';
import { DEFAULT_LOCALE, type Locale, localeOfLanguage } from '../../../domain/localized.ts';

type Texts = Record<string, unknown>;

const TEXTS: Record<Locale, () => Promise<{ default: Texts }>> = {
  en: () => import('../../../locales/signup-modal/en.json'),
  es: () => import('../../../locales/signup-modal/es.json'),
};

interface Loads {
  /** The languages being fetched or added. */
  pending: Map<Locale, Promise<void>>;
  /** The languages whose texts are in the catalogue. */
  added: Set<Locale>;
}

// Keyed by the instance's store: react-i18next hands components a fresh wrapper of the instance, and
// the page's start and its components must find the same loads.
const loadsOf = new WeakMap<object, Loads>();

function loads(instance: i18n): Loads {
  const key: object = instance.store ?? instance;
  const found = loadsOf.get(key);
  if (found) return found;
  const created: Loads = { pending: new Map(), added: new Set() };
  loadsOf.set(key, created);
  return created;
}

/** The site's language whose modal texts stand for `language`: itself, else English. */
function localeOf(language: string | undefined): Locale {
  return localeOfLanguage(language) ?? DEFAULT_LOCALE;
}

const isGroup = (value: unknown): value is Texts =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `base` with `added`'s texts, neither changed; `base` keeps any text both hold. */
function merged(base: Texts, added: Texts): Texts {
  const result: Texts = { ...base };
  for (const [key, value] of Object.entries(added)) {
    const existing = result[key];
    if (isGroup(existing) && isGroup(value)) result[key] = merged(existing, value);
    else if (existing === undefined) result[key] = value;
  }
  return result;
}

/** Whether the modal's texts in `language` are in the instance's catalogue. */
export function hasSignupModalTexts(instance: i18n, language: string | undefined): boolean {
  return loads(instance).added.has(localeOf(language));
}

/** Asks for the modal's texts in `language` ahead of their use; the load that adds them reports a failure. */
export function prefetchSignupModalTexts(language: string | undefined): void {
  TEXTS[localeOf(language)]().catch(() => {});
}

/**
 * Adds the modal's texts in `language` to the instance's catalogue, fetching them once. The site's
 * catalogue in that language is loaded first: arriving later, it would replace the modal's
 * `signup` and `plans` groups (i18next merges a fetched catalogue one level deep), and a bundle
 * holding only the modal's texts would pass for the site's, which would then never be fetched.
 */
export function loadSignupModalTexts(instance: i18n, language: string | undefined): Promise<void> {
  const locale = localeOf(language);
  const { pending, added } = loads(instance);
  let load = pending.get(locale);
  if (!load) {
    load = Promise.all([TEXTS[locale](), instance.loadLanguages(locale)]).then(([texts]) => {
      // A new catalogue replaces the old, rather than i18next's deep merge into it: the bundled
      // English catalogue is the imported module's own object, shared by every instance.
      const site = instance.getResourceBundle(locale, 'translation') as Texts | undefined;
      instance.addResourceBundle(locale, 'translation', merged(site ?? {}, texts.default), false, true);
      added.add(locale);
    });
    // A failed fetch is tried again the next time the texts are asked for.
    load.catch(() => pending.delete(locale));
    pending.set(locale, load);
  }
  return load;
}
