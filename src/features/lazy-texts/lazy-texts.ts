// Texts kept off the home route's first load: a catalogue per language, each a chunk of its own,
// fetched when a part of the site that needs it first shows in that language or when the visitor
// switches to it (decisions 062, 083), and merged into the `translation` namespace: the signup
// modal's and the members' area's, both named at the end of this module (one module, so the parts
// that load them share one small chunk rather than a chunk each).
import type { i18n } from 'i18next';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale, localeOfLanguage } from '../../../domain/localized.ts';

type Texts = Record<string, unknown>;
export type TextLoaders = Record<Locale, () => Promise<{ default: Texts }>>;

interface Loads {
  /** The languages being fetched or added. */
  pending: Map<Locale, Promise<void>>;
  /** The languages whose texts are in the catalogue. */
  added: Set<Locale>;
}

/** The site's language whose texts stand for `language`: itself, else English. */
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

export interface LazyTexts {
  /** Whether the texts in `language` are in the instance's catalogue. */
  has: (instance: i18n, language: string | undefined) => boolean;
  /** Asks for the texts in `language` ahead of their use; the load that adds them reports a failure. */
  prefetch: (language: string | undefined) => void;
  /**
   * Adds the texts in `language` to the instance's catalogue, fetching them once. The site's
   * catalogue in that language is loaded first: arriving later, it would replace groups these texts
   * add to (i18next merges a fetched catalogue one level deep), and a bundle holding only these texts
   * would pass for the site's, which would then never be fetched.
   */
  load: (instance: i18n, language: string | undefined) => Promise<void>;
}

export function lazyTexts(loaders: TextLoaders): LazyTexts {
  // Keyed by the instance's store: react-i18next hands components a fresh wrapper of the instance,
  // and the page's start and its components must find the same loads.
  const loadsOf = new WeakMap<object, Loads>();
  const loads = (instance: i18n): Loads => {
    const key: object = instance.store ?? instance;
    const found = loadsOf.get(key);
    if (found) return found;
    const created: Loads = { pending: new Map(), added: new Set() };
    loadsOf.set(key, created);
    return created;
  };
  return {
    has: (instance, language) => loads(instance).added.has(localeOf(language)),
    prefetch: (language) => {
      loaders[localeOf(language)]().catch(() => {});
    },
    load: (instance, language) => {
      const locale = localeOf(language);
      const { pending, added } = loads(instance);
      let load = pending.get(locale);
      if (!load) {
        load = Promise.all([loaders[locale](), instance.loadLanguages(locale)]).then(([texts]) => {
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
    },
  };
}

/**
 * Whether the texts are ready in the page's language, loading them (again after a switch of
 * language). Already loaded, the part that needs them draws on the first render; a failed load
 * counts as ready, so the page shows its keys' English fallbacks rather than waiting for ever.
 */
export function useLazyTexts(texts: LazyTexts): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState<string | null>(() =>
    texts.has(i18n, i18n.language) ? i18n.language : null,
  );
  useEffect(() => {
    let live = true;
    const language = i18n.language;
    const done = () => {
      if (live) startTransition(() => setReady(language));
    };
    texts.load(i18n, language).then(done, done);
    return () => {
      live = false;
    };
  }, [texts, i18n, i18n.language]);
  return ready === i18n.language;
}

/**
 * The signup modal's texts: signup.*, plans.*, checkout.*, upgrade.*, and pricing.* (the home page's
 * pricing section draws the same plan cards, decision 115). A visitor downloads only the language they read.
 */
export const signupModalTexts = lazyTexts({
  en: () => import('../../../locales/signup-modal/en.json'),
  es: () => import('../../../locales/signup-modal/es.json'),
});

/** The members' area's texts (library.*), fetched when a library page, or a way to one, first shows. */
export const libraryTexts = lazyTexts({
  en: () => import('../../../locales/library/en.json'),
  es: () => import('../../../locales/library/es.json'),
});
