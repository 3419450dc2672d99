// Turns CMS documents into the contract's shapes, and caches what is read often: the site settings,
// which every page load needs (they are inlined into the HTML shell), and the members' content,
// which every day or lesson page needs.
import { DEFAULT_LOCALE, type Locale, localized } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { Config } from '../config.ts';
import { ContentError, type ContentSource } from './content-source.ts';
import {
  type Course,
  type LibraryEntry,
  type Program,
  toCourse,
  toLibraryEntry,
  toProgram,
} from './library-content.ts';
import { createLocalSource } from './local-source.ts';
import type { LibraryKind } from './model-library.ts';
import { COURSE_QUERY, LIBRARY_QUERY, PAGE_QUERY, PROGRAM_QUERY, SETTINGS_QUERY } from './queries.ts';
import { createSanitySource } from './sanity-source.ts';
import { image, isObject, objects, portableBody, str } from './shape.ts';
import { createVideoPlayer, type VideoPlayer } from './video.ts';

type SiteSettings = components['schemas']['SiteSettings'];
type ContentPage = components['schemas']['ContentPage'];
type Color = components['schemas']['Color'];

/** How long a read of the CMS is served before it is read again: a published change shows within it. */
export const SETTINGS_TTL_MS = 60_000;

export interface ContentService {
  /** The settings with their texts in `locale` (English where a text has no such language). */
  settings(locale?: Locale): Promise<SiteSettings | null>;
  page(slug: string, locale?: Locale): Promise<ContentPage | null>;
  /** The program of the challenge whose catalogue product has this slug. */
  program(productSlug: string, locale?: Locale): Promise<Program | null>;
  /** The course whose catalogue product has this slug. */
  course(productSlug: string, locale?: Locale): Promise<Course | null>;
  /** The membership's library in its order. */
  library(locale?: Locale): Promise<LibraryEntry[]>;
  libraryEntry(kind: LibraryKind, slug: string, locale?: Locale): Promise<LibraryEntry | null>;
  source: ContentSource;
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
      benefitsHeading: text(home.benefitsHeading),
      // An item without its required text in any language is left out rather than shown empty.
      benefits: objects(home.benefits).flatMap((item) => {
        const title = text(item.title);
        return title ? [{ key: str(item._key) ?? title, title, text: text(item.text) }] : [];
      }),
      testimonialsHeading: text(home.testimonialsHeading),
      testimonials: objects(home.testimonials).flatMap((item) => {
        const quote = text(item.quote);
        const name = str(item.name);
        return quote && name
          ? [
              {
                key: str(item._key) ?? name,
                quote,
                name,
                result: text(item.result),
                photo: image(source, item.photo),
              },
            ]
          : [];
      }),
      faqHeading: text(home.faqHeading),
      faq: objects(home.faq).flatMap((item) => {
        const question = text(item.question);
        const answer = text(item.answer);
        return question && answer ? [{ key: str(item._key) ?? question, question, answer }] : [];
      }),
      bioHeading: text(home.bioHeading),
      bioText: text(home.bioText),
      bioImage: image(source, home.bioImage),
      bioImageAlt: text(home.bioImageAlt),
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
  return {
    slug: doc.slug,
    pageName: str(localized(doc.pageName, locale)) ?? doc.slug,
    body: portableBody(source, doc.body, locale),
  };
}

/**
 * Reads kept for SETTINGS_TTL_MS, each shaped once per language: the same answer comes back until the
 * document is read again (the rendered pages' cache compares the settings by identity,
 * server/site/page-renderer.ts). A read that finds nothing is not kept, so addresses nobody publishes
 * cannot fill the memory.
 */
function createReads(source: ContentSource, now: () => number) {
  interface Read {
    doc: unknown;
    at: number;
    shaped: Map<Locale, Promise<unknown>>;
  }
  const kept = new Map<string, Read>();
  const pending = new Map<string, Promise<Read>>();
  const read = (key: string, groq: string, params: Record<string, string>): Promise<Read> => {
    const found = kept.get(key);
    if (found && now() - found.at < SETTINGS_TTL_MS) return Promise.resolve(found);
    let reading = pending.get(key);
    if (!reading) {
      reading = source
        .query<unknown>(groq, params)
        .then((doc) => {
          const fresh = { doc, at: now(), shaped: new Map() };
          if (doc === null || (Array.isArray(doc) && doc.length === 0)) kept.delete(key);
          else kept.set(key, fresh);
          return fresh;
        })
        .finally(() => pending.delete(key));
      pending.set(key, reading);
    }
    return reading;
  };
  return async function shaped<T>(
    key: string,
    groq: string,
    params: Record<string, string>,
    locale: Locale,
    shape: (doc: unknown) => T | Promise<T>,
  ): Promise<T> {
    const { doc, shaped: byLocale } = await read(key, groq, params);
    let answer = byLocale.get(locale) as Promise<T> | undefined;
    if (!answer) {
      answer = Promise.resolve(shape(doc));
      byLocale.set(locale, answer);
      answer.catch(() => byLocale.delete(locale));
    }
    return answer;
  };
}

const NO_VIDEO: VideoPlayer = { embedUrl: async () => null };

export function createContentService(
  source: ContentSource,
  now: () => number = Date.now,
  player: VideoPlayer = NO_VIDEO,
): ContentService {
  const shaped = createReads(source, now);
  const library = (locale: Locale) =>
    shaped('library', LIBRARY_QUERY, {}, locale, async (docs) =>
      (await Promise.all(objects(docs).map((doc) => toLibraryEntry(source, player, doc, locale)))).filter(
        (entry): entry is LibraryEntry => entry !== null,
      ),
    );
  return {
    source,
    settings: (locale = DEFAULT_LOCALE) =>
      shaped('settings', SETTINGS_QUERY, {}, locale, (doc) => toSiteSettings(source, doc, locale)),
    async page(slug, locale = DEFAULT_LOCALE) {
      return toContentPage(source, await source.query<unknown>(PAGE_QUERY, { slug }), locale);
    },
    program: (product, locale = DEFAULT_LOCALE) =>
      shaped(`program ${product}`, PROGRAM_QUERY, { product }, locale, (doc) =>
        toProgram(source, player, doc, locale),
      ),
    course: (product, locale = DEFAULT_LOCALE) =>
      shaped(`course ${product}`, COURSE_QUERY, { product }, locale, (doc) =>
        toCourse(source, player, doc, locale),
      ),
    library: (locale = DEFAULT_LOCALE) => library(locale),
    async libraryEntry(kind, slug, locale = DEFAULT_LOCALE) {
      return (await library(locale)).find((entry) => entry.kind === kind && entry.slug === slug) ?? null;
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
    service = createContentService(source, Date.now, createVideoPlayer(config));
    services.set(config, service);
  }
  return service;
}

export { ContentError };
