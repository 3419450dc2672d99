// An SVG drawing cut to the social size (decision 119). The embedded dataset's and the demo's pictures
// are SVG, and cutting one needs no image library: the drawing's root gets the viewBox of the
// rectangle to keep and a 1200×630 size, and the rest of the file is left as it is.
import type { Rect } from './seo-image.ts';
import { SOCIAL_HEIGHT, SOCIAL_WIDTH } from './seo-image.ts';

/** The name of a file the site may cut: one segment, an SVG, nothing that climbs out of its folder. */
export const SVG_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.svg$/;

export class ImageRequestError extends Error {}

/** `left,top,width,height` in whole pixels, as the social image URLs carry it. */
export function parseRect(value: unknown): Rect {
  const parts = typeof value === 'string' ? value.split(',') : [];
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,5}$/.test(part))) {
    throw new ImageRequestError('rect must be four whole numbers: left,top,width,height');
  }
  const [left, top, width, height] = parts.map(Number) as [number, number, number, number];
  if (width === 0 || height === 0) throw new ImageRequestError('rect must have a width and a height');
  return { left, top, width, height };
}

const ROOT = /<svg\b[^>]*>/;
const ATTRIBUTE = /([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("[^"]*"|'[^']*')/g;

interface Drawing {
  width: number;
  height: number;
  viewBox: [number, number, number, number];
}

function drawingOf(root: string): Drawing {
  const attributes = new Map<string, string>();
  for (const [, name, quoted] of root.matchAll(ATTRIBUTE)) {
    attributes.set(name as string, (quoted as string).slice(1, -1));
  }
  const box = attributes
    .get('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = Number.parseFloat(attributes.get('width') ?? '');
  const height = Number.parseFloat(attributes.get('height') ?? '');
  const viewBox: Drawing['viewBox'] | null =
    box?.length === 4 && box.every(Number.isFinite) ? (box as Drawing['viewBox']) : null;
  const w = Number.isFinite(width) && width > 0 ? width : viewBox?.[2];
  const h = Number.isFinite(height) && height > 0 ? height : viewBox?.[3];
  if (!w || !h) throw new ImageRequestError('the drawing has no size');
  return { width: w, height: h, viewBox: viewBox ?? [0, 0, w, h] };
}

/**
 * The drawing with only `rect` of it (in the pixels its size names) showing, at 1200×630. The
 * rectangle must lie inside the drawing; one that is not quite 1200:630 is filled, not stretched.
 */
export function cutSvg(svg: string, rect: Rect): string {
  const root = ROOT.exec(svg)?.[0];
  if (!root) throw new ImageRequestError('the file is not an SVG drawing');
  const drawing = drawingOf(root);
  if (rect.left + rect.width > drawing.width || rect.top + rect.height > drawing.height) {
    throw new ImageRequestError(`rect must lie inside the ${drawing.width}×${drawing.height} picture`);
  }
  const [x, y, w, h] = drawing.viewBox;
  const scaleX = w / drawing.width;
  const scaleY = h / drawing.height;
  const round = (n: number) => Number(n.toFixed(3));
  const viewBox = [x + rect.left * scaleX, y + rect.top * scaleY, rect.width * scaleX, rect.height * scaleY]
    .map(round)
    .join(' ');
  const kept = root
    .slice(0, -1)
    .replace(/\/$/, '')
    .replace(ATTRIBUTE, (whole, name: string) =>
      ['width', 'height', 'viewBox', 'preserveAspectRatio'].includes(name) ? '' : whole,
    )
    .replace(/\s+/g, ' ')
    .trimEnd();
  const newRoot = `${kept} width="${SOCIAL_WIDTH}" height="${SOCIAL_HEIGHT}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice"${root.endsWith('/>') ? '/>' : '>'}`;
  return svg.replace(root, () => newRoot);
}

/** The size a drawing names (its width and height, else its viewBox's). */
export function svgSize(svg: string): { width: number; height: number } {
  const root = ROOT.exec(svg)?.[0];
  if (!root) throw new ImageRequestError('the file is not an SVG drawing');
  const { width, height } = drawingOf(root);
  return { width, height };
}
