// The server's words (the emails, the gateway's hosted pages, the API's messages) in per-language
// catalogues under locales/, beside the SPA's, read through i18next as the SPA reads its own
// (decisions 102 and 105). Every
// catalogue file of a folder is loaded once at start, synchronously, so a language is added by adding
// its files: no code names the languages here.
import { readdirSync, readFileSync } from 'node:fs';
import i18next, { type Resource } from 'i18next';
import { DEFAULT_LOCALE, type Locale } from '../../domain/localized.ts';

/** The server's catalogue folders under locales/, one i18next namespace each. */
export const SERVER_CATALOGUES = ['emails', 'hosted-pages', 'api', 'invoices'] as const;
export type ServerCatalogue = (typeof SERVER_CATALOGUES)[number];

/** A text of one catalogue in one language, its `{{variables}}` filled in (not escaped). */
export type Translate = (key: string, values?: object) => string;

const LOCALES_DIR = new URL('../../locales/', import.meta.url);

/** Every `<language>.json` of each server catalogue folder, as i18next resources. */
export function loadServerCatalogues(dir: URL = LOCALES_DIR): Resource {
  const resources: Resource = {};
  for (const catalogue of SERVER_CATALOGUES) {
    const folder = new URL(`${catalogue}/`, dir);
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      const language = file.slice(0, -'.json'.length);
      resources[language] ??= {};
      resources[language][catalogue] = JSON.parse(readFileSync(new URL(file, folder), 'utf8'));
    }
  }
  return resources;
}

const instance = i18next.createInstance();
void instance.init({
  resources: loadServerCatalogues(),
  // With the resources given, init completes before it returns: no request waits for it.
  initAsync: false,
  fallbackLng: DEFAULT_LOCALE,
  ns: [...SERVER_CATALOGUES],
  defaultNS: false,
  // The values are escaped where HTML is built (server/text/html.ts), once; the emails' plain text
  // part and their subject take them as they are.
  interpolation: { escapeValue: false },
});

/** The texts of `catalogue` in `locale` (English for a key its catalogue lacks). */
export function serverText(locale: Locale, catalogue: ServerCatalogue): Translate {
  const t = instance.getFixedT(locale, catalogue);
  return (key, values) => String(t(key, values as Record<string, unknown>));
}
