// The brand the pages outside the SPA carry: the hosted checkout pages of the sandbox and the emails.
// It is read from the CMS settings the SPA's shell carries (site name, icon, primary colour), so a
// member paying or reading an email sees the site they signed up on (decisions 148 and 149).
import { type BrandPalette, brandPalette } from '../../domain/brand/colors.ts';
import type { Locale } from '../../domain/localized.ts';
import type { ContentService } from '../content/content-service.ts';
import { DEFAULT_SITE_NAME } from './shell.ts';

export interface SiteBrand {
  name: string;
  /** The icon's absolute URL (an email is read away from the site), or null without one. */
  iconUrl: string | null;
  palette: BrandPalette;
}

/** The brand without settings: the default name and colour the SPA shows when the CMS fails. */
export function defaultBrand(name = DEFAULT_SITE_NAME): SiteBrand {
  return { name, iconUrl: null, palette: brandPalette(null) };
}

/** An asset's URL from anywhere: the local content source serves paths of this site. */
function absolute(url: string, publicUrl: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

/**
 * The site's brand from the CMS, or the default one when the CMS does not answer: a checkout page or
 * an email is never held back by the CMS. `fallbackName` names the site then (the trainer's record).
 */
export async function siteBrand(
  content: ContentService,
  publicUrl: string,
  locale?: Locale,
  fallbackName: () => Promise<string | null> = async () => null,
): Promise<SiteBrand> {
  const settings = await content.settings(locale).catch(() => null);
  const name = settings?.siteName || (await fallbackName()) || DEFAULT_SITE_NAME;
  if (!settings) return defaultBrand(name);
  return {
    name,
    iconUrl: settings.icon?.url ? absolute(settings.icon.url, publicUrl) : null,
    palette: brandPalette(settings.primaryColor?.hex),
  };
}

/**
 * The icon as an image any mail client or Stripe shows: Sanity's CDN is asked for a PNG (most mail
 * clients show no SVG); null for an icon only this site serves as SVG, which Stripe does not take.
 */
export function rasterIcon(url: string): string | null {
  if (url.startsWith('https://cdn.sanity.io/')) {
    const icon = new URL(url);
    icon.searchParams.set('w', '128');
    icon.searchParams.set('h', '128');
    icon.searchParams.set('fm', 'png');
    return icon.toString();
  }
  return url.toLowerCase().endsWith('.svg') ? null : url;
}
