// The site settings arrive inlined in the HTML shell, so the first paint is already branded. Only
// when the page was not served by the API (the Vite dev server) are they fetched.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServicesSettings } from '../../../domain/integrations.ts';
import type { Locale } from '../../../domain/localized.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { call } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';
import { pageLocale } from '../../lib/locale.ts';

export type SiteSettings = components['schemas']['SiteSettings'];

export const SETTINGS_ELEMENT_ID = 'site-settings';
export const DEFAULT_SITE_NAME = 'Trainer';

export interface InlinedSettings {
  settings: SiteSettings | null;
  /** The embedded services the server configured (absent on the Vite dev server). */
  services?: ServicesSettings;
  /** The language of the inlined texts (the browser's); another language is fetched. */
  locale?: string;
  error?: string;
}

const parsed = new WeakMap<Element, InlinedSettings | undefined>();

export function readInlinedSettings(
  doc: Document | undefined = globalThis.document,
): InlinedSettings | undefined {
  const element = doc?.getElementById(SETTINGS_ELEMENT_ID);
  if (!element) return undefined;
  if (!parsed.has(element)) parsed.set(element, parseSettings(element.textContent));
  return parsed.get(element);
}

function parseSettings(text: string | null): InlinedSettings | undefined {
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as InlinedSettings;
    if (data.error) console.warn(`Site settings unavailable, using defaults: ${data.error}`);
    return data;
  } catch {
    return undefined;
  }
}

export function siteSettingsQuery(
  inlined: InlinedSettings | undefined = readInlinedSettings(),
  lang: Locale = pageLocale(),
) {
  // The inlined copy stands for its own language; its texts may differ in another one.
  const usable = inlined && (inlined.locale === undefined || inlined.locale === lang || !inlined.settings);
  return queryOptions({
    queryKey: ['content', 'settings', lang],
    queryFn: async () => {
      const result = await call(api.GET('/api/content/settings', { params: { query: { lang } } }));
      if (!result.ok) throw new Error(result.message);
      return result.data.settings;
    },
    // Another language's copy still brands the page (colours, logo) until its own texts arrive.
    ...(usable ? { initialData: inlined.settings } : { placeholderData: inlined?.settings }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export interface SiteSettingsState {
  settings: SiteSettings | null;
  /** True once the CMS answered with settings; the footer waits for it. */
  loaded: boolean;
  siteName: string;
}

export function useSiteSettings(): SiteSettingsState {
  const { data } = useQuery(siteSettingsQuery());
  const settings = data ?? null;
  return { settings, loaded: settings !== null, siteName: settings?.siteName || DEFAULT_SITE_NAME };
}

/** The promo code the checkout applies when the URL brings no coupon. */
export function promoCodeOf(settings: SiteSettings | null): string | null {
  return settings?.promoCode?.promoCode ?? null;
}
