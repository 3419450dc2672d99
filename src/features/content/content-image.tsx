// CMS images honour their crop and hotspot the same way whatever serves them: the browser crops
// with object-view-box and centres the hotspot with object-position. Sanity's CDN is only asked for
// a suitably sized file, so no image library is shipped to the browser.
import type { CSSProperties } from 'react';
import type { components } from '../../../openapi/schema.d.ts';

type SanityImage = components['schemas']['SanityImage'];

const SANITY_CDN = /^https:\/\/cdn\.sanity\.io\/images\//;

const pct = (n: number | undefined) => `${Math.round((n ?? 0) * 10000) / 100}%`;

export function imageSource(image: SanityImage, width: number): { src: string; style: CSSProperties } {
  const src = SANITY_CDN.test(image.url) ? `${image.url}?w=${width * 2}&auto=format&fit=max` : image.url;
  const { crop, hotspot } = image;
  const style: CSSProperties & { objectViewBox?: string } = { objectFit: 'cover' };
  if (crop) {
    style.objectViewBox = `inset(${pct(crop.top)} ${pct(crop.right)} ${pct(crop.bottom)} ${pct(crop.left)})`;
  }
  if (hotspot) style.objectPosition = `${pct(hotspot.x)} ${pct(hotspot.y)}`;
  return { src, style };
}

export function ContentImage({
  image,
  alt,
  width,
  height,
  lazy = false,
}: {
  image: SanityImage;
  alt: string;
  width: number;
  height?: number;
  /** Below the fold: fetched when the visitor nears it, decoded off the main thread. */
  lazy?: boolean;
}) {
  const { src, style } = imageSource(image, width);
  const naturalHeight =
    image.width && image.height ? Math.round((width * image.height) / image.width) : undefined;
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height ?? naturalHeight}
      {...(lazy ? { loading: 'lazy' as const, decoding: 'async' as const } : {})}
      style={{ ...style, maxWidth: '100%', height: height ? `${height}px` : 'auto' }}
    />
  );
}
