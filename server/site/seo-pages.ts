// The <head> of each page (decision 119), from what the page shows: the CMS's settings and pages,
// and the catalogue's challenges and courses, in the page's language.
import type { Locale } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { ContentService } from '../content/content-service.ts';
import {
  alternates,
  firstParagraph,
  homeIntro,
  type PageKind,
  pageKind,
  pageTitle,
  pageUrl,
  snippet,
} from './seo.ts';
import type { HeadTags } from './seo-head.ts';
import { type SocialImage, socialImageOf, socialImageOfUrl } from './seo-image.ts';
import { DEFAULT_SITE_NAME } from './shell.ts';
import { organizationData, productData } from './structured-data.ts';

type SiteSettings = components['schemas']['SiteSettings'];
type Products = components['schemas']['Products'];
type OneTimeProduct = components['schemas']['OneTimeProduct'];

export interface SeoSources {
  content: ContentService;
  /** The trainer's catalogue in a language; null for an unknown trainer. */
  catalogue(locale: Locale): Promise<Products | null>;
  publicUrl: string;
  /** The demo's drawings by file name, with their size. */
  demoSizes: ReadonlyMap<string, { width: number; height: number }>;
}

export interface SeoRequest {
  pathname: string;
  locale: Locale;
  /** The language the address fixes (`?lang=`), which the canonical address keeps. */
  fixed: Locale | null;
}

/** The product a challenge or course path shows: its slug's, or the first when it names none. */
export function productOf(catalogue: Products | null, page: PageKind & { kind: 'product' }) {
  const list: OneTimeProduct[] = (page.type === 'course' ? catalogue?.courses : catalogue?.challenges) ?? [];
  return page.slug ? (list.find((product) => product.slug === page.slug) ?? null) : (list[0] ?? null);
}

export async function headTagsFor(
  sources: SeoSources,
  request: SeoRequest,
  settings: SiteSettings | null,
): Promise<HeadTags> {
  const { locale, fixed } = request;
  const { publicUrl } = sources;
  const siteName = settings?.siteName || DEFAULT_SITE_NAME;
  const page = pageKind(request.pathname);
  const common = { locale, siteName };
  const listed = (path: string) => ({
    canonical: pageUrl(publicUrl, path, fixed),
    alternates: alternates(publicUrl, path),
  });

  if (page.kind === 'private') {
    return { ...common, title: pageTitle(page, siteName, locale), hidden: true };
  }
  if (page.kind === 'home') {
    const image = socialImageOf(settings?.home?.heroImage, publicUrl);
    const logo = settings?.icon?.url ? absolute(settings.icon.url, publicUrl) : null;
    return {
      ...common,
      ...listed('/'),
      title: pageTitle(page, siteName, locale),
      hidden: false,
      description: snippet(settings?.home?.heroSubText) ?? snippet(homeIntro(locale)),
      image,
      imageAlt: settings?.home?.heroHeading ?? siteName,
      shareTitle: settings?.home?.heroHeading ? `${settings.home.heroHeading} | ${siteName}` : null,
      structuredData: [organizationData(settings, { url: `${publicUrl}/`, siteName, logo })],
    };
  }
  if (page.kind === 'product') {
    const product = productOf(await sources.catalogue(locale), page);
    const title = pageTitle(page, siteName, locale);
    // An unknown slug shows the SPA's "not found": not a page to list.
    if (!product) return { ...common, title, hidden: true };
    const path = `/${page.type}/${product.slug}`;
    const description =
      snippet(product.challengeSubText) ??
      snippet(product.description) ??
      snippet(product.challengeHeaderText) ??
      product.name;
    const image: SocialImage | null = socialImageOfUrl(product.challengeImage, publicUrl, sources.demoSizes);
    return {
      ...common,
      ...listed(path),
      title,
      hidden: false,
      description,
      image,
      imageAlt: product.name,
      shareTitle: `${product.challengeHeaderText || product.name} | ${siteName}`,
      structuredData: [
        productData(product, {
          url: pageUrl(publicUrl, path, fixed),
          description,
          image: image?.url ?? null,
          siteName,
        }),
      ],
    };
  }
  const content = await sources.content.page(page.slug, locale);
  if (!content) return { ...common, title: pageTitle(page, siteName, locale), hidden: true };
  const firstImage = content.body.find((block) => block._type === 'image' && block.image)?.image as
    | Parameters<typeof socialImageOf>[0]
    | undefined;
  const own = socialImageOf(firstImage, publicUrl);
  // A page without a picture of its own is shared with the home page's hero.
  const image = own ?? socialImageOf(settings?.home?.heroImage, publicUrl);
  return {
    ...common,
    ...listed(page.path),
    title: pageTitle(page, siteName, locale, content.pageName),
    hidden: false,
    description: snippet(firstParagraph(content.body)) ?? content.pageName,
    image,
    imageAlt: own ? content.pageName : (settings?.home?.heroHeading ?? siteName),
  };
}

function absolute(url: string, publicUrl: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}
