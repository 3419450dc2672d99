// The picture a shared link shows: 1200×630, the size Open Graph and Twitter's large card ask for,
// cut from the CMS image around its hotspot and inside its crop (decision 119). Sanity's CDN cuts it
// from the URL's parameters; the embedded dataset's and the demo's pictures are SVG, which the site
// cuts itself by moving the drawing's viewBox (social-image.routes.ts).
import type { components } from '../../openapi/schema.d.ts';
import { LOCAL_ASSETS_PATH } from '../content/local-source.ts';
import { DEMO_IMAGES_PATH } from '../db/demo-images.ts';

type SanityImage = components['schemas']['SanityImage'];

export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;
/** Where the site serves its own pictures cut to the social size. */
export const SOCIAL_IMAGES_PATH = '/social-images/';

/** A rectangle of the source image, in its pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface SocialImage {
  url: string;
  width: number;
  height: number;
  /** The MIME type, when the URL says it. */
  type: string | null;
}

type Fractions = Record<string, number> | null | undefined;

function fraction(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : fallback;
}

/**
 * The largest 1200:630 rectangle inside the image's crop, centred on its hotspot as far as the crop
 * lets it (Sanity's own rule, `fit` in @sanity/image-url), in whole pixels.
 */
export function socialRect(width: number, height: number, crop?: Fractions, hotspot?: Fractions): Rect {
  const cropLeft = fraction(crop?.left, 0) * width;
  const cropTop = fraction(crop?.top, 0) * height;
  const cropWidth = Math.max(1, width - cropLeft - fraction(crop?.right, 0) * width);
  const cropHeight = Math.max(1, height - cropTop - fraction(crop?.bottom, 0) * height);
  const aspect = SOCIAL_WIDTH / SOCIAL_HEIGHT;
  // The crop is wider than 1200:630: cut from the sides; taller: from the top and bottom.
  const wide = cropWidth / cropHeight > aspect;
  const w = Math.max(1, Math.min(Math.round(cropWidth), Math.round(wide ? cropHeight * aspect : cropWidth)));
  const h = Math.max(1, Math.min(Math.round(cropHeight), Math.round(wide ? cropHeight : cropWidth / aspect)));
  const centreX = fraction(hotspot?.x, (cropLeft + cropWidth / 2) / width) * width;
  const centreY = fraction(hotspot?.y, (cropTop + cropHeight / 2) / height) * height;
  const place = (centre: number, size: number, start: number, span: number, total: number) => {
    const low = Math.round(start);
    const high = Math.min(Math.round(start + span) - size, total - size);
    return Math.max(0, Math.max(low, Math.min(high, Math.round(centre - size / 2))));
  };
  return {
    left: place(centreX, w, cropLeft, cropWidth, width),
    top: place(centreY, h, cropTop, cropHeight, height),
    width: w,
    height: h,
  };
}

const SANITY_CDN = /^https:\/\/cdn\.sanity\.io\/images\/[^?#]+-(\d+)x(\d+)\.([a-z0-9]+)(?:[?#].*)?$/;
/** A drawing this site serves, which it can cut (social-image.ts). */
const SITE_FILE = /^\/(content-assets|demo-images)\/[A-Za-z0-9][A-Za-z0-9._-]*\.svg$/;

const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The social picture of a CMS image (settings' hero image, a page's first image). */
export function socialImageOf(image: SanityImage | null | undefined, publicUrl: string): SocialImage | null {
  const { url, width, height } = image ?? {};
  if (!url || !width || !height || width <= 0 || height <= 0) return null;
  return cutImage(url, width, height, image?.crop, image?.hotspot, publicUrl);
}

/**
 * The social picture of a product's image, a bare URL in the catalogue. Its size is read from the
 * name Sanity gives its files, or from the demo's own drawings (`demoSizes`); any other picture is
 * named as it is, with no size, rather than with a wrong one.
 */
export function socialImageOfUrl(
  url: string | null | undefined,
  publicUrl: string,
  demoSizes: ReadonlyMap<string, { width: number; height: number }>,
): SocialImage | null {
  if (!url) return null;
  const cdn = SANITY_CDN.exec(url);
  if (cdn) return cutImage(url, Number(cdn[1]), Number(cdn[2]), null, null, publicUrl);
  const demo = url.startsWith(DEMO_IMAGES_PATH)
    ? demoSizes.get(url.slice(DEMO_IMAGES_PATH.length))
    : undefined;
  if (demo) return cutImage(url, demo.width, demo.height, null, null, publicUrl);
  if (/^https?:\/\//.test(url)) return { url, width: 0, height: 0, type: null };
  return url.startsWith('/') ? { url: `${publicUrl}${url}`, width: 0, height: 0, type: null } : null;
}

function cutImage(
  url: string,
  width: number,
  height: number,
  crop: Fractions,
  hotspot: Fractions,
  publicUrl: string,
): SocialImage | null {
  const rect = socialRect(width, height, crop, hotspot);
  const rectParam = `${rect.left},${rect.top},${rect.width},${rect.height}`;
  if (url.startsWith('https://cdn.sanity.io/')) {
    const base = url.split(/[?#]/)[0] as string;
    // JPEG: the networks that render a preview take neither SVG nor, for some, WebP.
    return {
      url: `${base}?rect=${rectParam}&w=${SOCIAL_WIDTH}&h=${SOCIAL_HEIGHT}&fit=crop&fm=jpg&q=80`,
      width: SOCIAL_WIDTH,
      height: SOCIAL_HEIGHT,
      type: 'image/jpeg',
    };
  }
  const file = SITE_FILE.exec(url);
  if (file) {
    const folder = `/${file[1]}/` === LOCAL_ASSETS_PATH ? 'content' : 'demo';
    const name = url.slice(url.lastIndexOf('/') + 1);
    return {
      url: `${publicUrl}${SOCIAL_IMAGES_PATH}${folder}/${encodeURIComponent(name)}?rect=${rectParam}`,
      width: SOCIAL_WIDTH,
      height: SOCIAL_HEIGHT,
      type: 'image/svg+xml',
    };
  }
  // A raster file the site serves as it is: named with its own size, uncut.
  const extension = url.split(/[?#]/)[0]?.split('.').pop() ?? '';
  const absolute = url.startsWith('/') ? `${publicUrl}${url}` : url;
  return { url: absolute, width, height, type: MIME[extension] ?? null };
}
