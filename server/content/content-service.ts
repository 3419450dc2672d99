// Turns CMS documents into the contract's shapes and caches the site settings, which every page
// load needs (they are inlined into the HTML shell).
import { DEFAULT_LOCALE, type Locale, localized } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { Config } from '../config.ts';
import { ContentError, type ContentSource, parseImageRef } from './content-source.ts';
import { createLocalSource } from './local-source.ts';
import { PAGE_QUERY, SETTINGS_QUERY } from './queries.ts';
import { createSanitySource } from './sanity-source.ts';

type SiteSettings = components['schemas']['SiteSettings'];
type ContentPage = components['schemas']['ContentPage'];
type SanityImage = components['schemas']['SanityImage'];
type Color = components['schemas']['Color'];

export const SETTINGS_TTL_MS = 60_000;

export interface ContentService {
  /** The settings with their texts in `locale` (English where a text has no such language). */
  settings(locale?: Locale): Promise<SiteSettings | null>;
  page(slug: string, locale?: Locale): Promise<ContentPage | null>;
  source: ContentSource;
}

type Doc = Record<string, unknown>;

function isObject(value: unknown): value is Doc {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function numbers(value: unknown): Record<string, number> | null {
  if (!isObject(value)) return null;
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number'),
  );
}

function image(source: ContentSource, value: unknown): SanityImage | null {
  if (!isObject(value) || !isObject(value.asset) || typeof value.asset._ref !== 'string') return null;
  const ref = parseImageRef(value.asset._ref);
  if (!ref) return null;
  return {
    url: source.assetUrl(ref),
    width: ref.width,
    height: ref.height,
    crop: numbers(value.crop),
    hotspot: numbers(value.hotspot),
  };
}

function color(value: unknown): Color {
  if (!isObject(value) || typeof value.hex !== 'string') return null;
  const rgb = isObject(value.rgb) ? value.rgb : undefined;
  return {
    hex: value.hex,
    ...(rgb && typeof rgb.r === 'number' && typeof rgb.g === 'number' && typeof rgb.b === 'number'
      ? { rgb: { r: rgb.r, g: rgb.g, b: rgb.b } }
      : {}),
  };
}

export function toSiteSettings(
  source: ContentSource,
  doc: unknown,
  locale: Locale = DEFAULT_LOCALE,
): SiteSettings | null {
  if (!isObject(doc)) return null;
  const text = (value: unknown) => str(localized(value, locale));
  const banner = isObject(doc.banner) ? doc.banner : null;
  const promo = isObject(doc.promoCode) ? doc.promoCode : null;
  const checkout = isObject(doc.newCheckout) ? doc.newCheckout : null;
  const home = isObject(doc.home) ? doc.home : null;
  return {
    siteName: text(doc.siteName) ?? '',
    icon: image(source, doc.icon),
    favicon: image(source, doc.favicon),
    primaryColor: color(doc.primaryColor),
    secondaryColor: color(doc.secondaryColor),
    instagramUrl: str(doc.instagramUrl),
    facebookUrl: str(doc.facebookUrl),
    twitterUrl: str(doc.twitterUrl),
    youtubeUrl: str(doc.youtubeUrl),
    supportEmail: str(doc.supportEmail),
    showFooter: doc.showFooter !== false,
    enableEmailVerification: doc.enableEmailVerification === true,
    banner: banner && {
      bannerTitle: text(banner.bannerTitle),
      promoStartDate: str(banner.promoStartDate),
      promoEndDate: str(banner.promoEndDate),
      bannerBGColor: color(banner.bannerBGColor),
      bannerTitleColor: color(banner.bannerTitleColor),
      bannerButtonText: text(banner.bannerButtonText),
    },
    promoCode: promo && { promoCode: str(promo.promoCode) },
    newCheckout: checkout && {
      checkoutImage: image(source, checkout.checkoutImage),
      subscriptionHeaderText: text(checkout.subscriptionHeaderText),
      subscriptionSubText: text(checkout.subscriptionSubText),
      subscriptionButtonText: text(checkout.subscriptionButtonText),
    },
    home: home && {
      heroHeading: text(home.heroHeading),
      heroSubText: text(home.heroSubText),
      heroImage: image(source, home.heroImage),
      pricingHeading: text(home.pricingHeading),
      pricingSubText: text(home.pricingSubText),
    },
  };
}

/** Image blocks in a body get their URL here, so the browser needs no CMS configuration. */
export function toContentPage(
  source: ContentSource,
  doc: unknown,
  locale: Locale = DEFAULT_LOCALE,
): ContentPage | null {
  if (!isObject(doc) || typeof doc.slug !== 'string') return null;
  const localBody = localized(doc.body, locale);
  const body = Array.isArray(localBody) ? localBody.filter(isObject) : [];
  return {
    slug: doc.slug,
    pageName: str(localized(doc.pageName, locale)) ?? doc.slug,
    body: body.map((block) => {
      const img = block._type === 'image' ? image(source, block) : null;
      return { ...block, _type: String(block._type ?? 'block'), ...(img ? { image: img } : {}) };
    }),
  };
}

export function createContentService(source: ContentSource, now: () => number = Date.now): ContentService {
  // One settings document serves every language: it is read once per TTL and shaped once per locale,
  // so the same settings come back until the document is read again (the rendered pages' cache
  // compares them by identity, server/site/page-renderer.ts).
  interface Read {
    doc: unknown;
    at: number;
    shaped: Map<Locale, SiteSettings | null>;
  }
  let cached: Read | undefined;
  let pending: Promise<Read> | undefined;
  const settingsDoc = async (): Promise<Read> => {
    if (cached && now() - cached.at < SETTINGS_TTL_MS) return cached;
    pending ??= source
      .query<unknown>(SETTINGS_QUERY)
      .then((doc) => {
        cached = { doc, at: now(), shaped: new Map() };
        return cached;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  return {
    source,
    async settings(locale = DEFAULT_LOCALE) {
      const read = await settingsDoc();
      if (!read.shaped.has(locale)) read.shaped.set(locale, toSiteSettings(source, read.doc, locale));
      return read.shaped.get(locale) ?? null;
    },
    async page(slug, locale = DEFAULT_LOCALE) {
      return toContentPage(source, await source.query<unknown>(PAGE_QUERY, { slug }), locale);
    },
  };
}

const services = new WeakMap<Config, ContentService>();

export function contentServiceFor(config: Config): ContentService {
  let service = services.get(config);
  if (!service) {
    const source = config.SANITY_PROJECT_ID
      ? createSanitySource({
          projectId: config.SANITY_PROJECT_ID,
          dataset: config.SANITY_DATASET,
          token: config.SANITY_TOKEN,
          timeoutMs: config.SANITY_TIMEOUT_MS,
        })
      : createLocalSource(config.CONTENT_DIR);
    service = createContentService(source);
    services.set(config, service);
  }
  return service;
}

export { ContentError };
