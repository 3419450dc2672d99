// The picture of a shared link (decision 119): 1200×630 cut around the CMS image's hotspot, inside its
// crop, by Sanity's CDN or, for the site's own SVG drawings, by the site.
import { createImageUrlBuilder } from '@sanity/image-url';
import { describe, expect, it } from 'vitest';
import { socialImageOf, socialImageOfUrl, socialRect } from '../../../server/site/seo-image.ts';
import { cutSvg, ImageRequestError, parseRect, svgSize } from '../../../server/site/social-image.ts';

const BASE = 'https://coach.example';
const builder = createImageUrlBuilder({ projectId: 'proj', dataset: 'production' });

/** The rectangle Sanity's own library asks its CDN for. */
function sanityRect(
  width: number,
  height: number,
  crop: Record<string, number>,
  hotspot: Record<string, number>,
) {
  const url = builder
    .image({ asset: { _ref: `image-abc-${width}x${height}-jpg` }, crop, hotspot } as never)
    .width(1200)
    .height(630)
    .url();
  // No rect when the whole image is already 1200:630.
  const rect = new URL(url).searchParams.get('rect') ?? `0,0,${width},${height}`;
  const [left, top, w, h] = rect.split(',').map(Number);
  return { left, top, width: w, height: h };
}

describe('the 1200×630 rectangle', () => {
  const cases: Array<[number, number, Record<string, number>, Record<string, number>]> = [
    [960, 480, { top: 0, bottom: 0, left: 0, right: 0 }, { x: 0.5, y: 0.5, width: 1, height: 1 }],
    [
      4000,
      3000,
      { top: 0.1, bottom: 0.05, left: 0.2, right: 0 },
      { x: 0.9, y: 0.2, width: 0.1, height: 0.1 },
    ],
    [1000, 3000, { top: 0, bottom: 0, left: 0, right: 0 }, { x: 0.3, y: 0.05, width: 0.2, height: 0.2 }],
    [2400, 1260, { top: 0, bottom: 0.5, left: 0.5, right: 0 }, { x: 0.75, y: 0.25, width: 0.1, height: 0.1 }],
    [1200, 630, { top: 0, bottom: 0, left: 0, right: 0 }, { x: 0.01, y: 0.99, width: 0.1, height: 0.1 }],
  ];

  it.each(cases)(
    'is the one Sanity cuts for a %ix%i image (crop %o, hotspot %o), within a pixel',
    (w, h, crop, hotspot) => {
      const ours = socialRect(w, h, crop, hotspot);
      const theirs = sanityRect(w, h, crop, hotspot);
      for (const key of ['left', 'top', 'width', 'height'] as const) {
        expect(Math.abs(ours[key] - (theirs[key] as number)), key).toBeLessThanOrEqual(1);
      }
      // Inside the image and the crop, and 1200:630 to a pixel.
      expect(ours.left).toBeGreaterThanOrEqual(Math.round((crop.left ?? 0) * w));
      expect(ours.left + ours.width).toBeLessThanOrEqual(w);
      expect(ours.top + ours.height).toBeLessThanOrEqual(h);
      expect(Math.abs(ours.width / ours.height - 1200 / 630)).toBeLessThan(0.01);
    },
  );

  it('centres on the hotspot as far as the image allows, and on the crop without one', () => {
    expect(socialRect(1000, 1000, null, { x: 0.5, y: 0.9 })).toEqual({
      left: 0,
      top: 475,
      width: 1000,
      height: 525,
    });
    expect(socialRect(1000, 1000, null, { x: 0.5, y: 0.5 })).toEqual({
      left: 0,
      top: 238,
      width: 1000,
      height: 525,
    });
    expect(socialRect(3000, 525, { left: 0.5 }, null)).toEqual({
      left: 1750,
      top: 0,
      width: 1000,
      height: 525,
    });
    expect(socialRect(2000, 525, { left: 0.5 }, null)).toEqual({
      left: 1000,
      top: 0,
      width: 1000,
      height: 525,
    });
    // Values out of range are held to the image.
    expect(socialRect(1000, 1000, { top: -3 }, { x: Number.NaN, y: 7 })).toEqual({
      left: 0,
      top: 475,
      width: 1000,
      height: 525,
    });
  });
});

describe('the social image URL', () => {
  it("asks Sanity's CDN for a 1200×630 JPEG of the rectangle", () => {
    const image = socialImageOf(
      {
        url: 'https://cdn.sanity.io/images/proj/production/abc-4000x3000.png',
        width: 4000,
        height: 3000,
        crop: { top: 0, bottom: 0, left: 0, right: 0 },
        hotspot: { x: 0.5, y: 0.5, width: 1, height: 1 },
      },
      BASE,
    );
    expect(image).toEqual({
      url: 'https://cdn.sanity.io/images/proj/production/abc-4000x3000.png?rect=0,450,4000,2100&w=1200&h=630&fit=crop&fm=jpg&q=80',
      width: 1200,
      height: 630,
      type: 'image/jpeg',
    });
  });

  it("points the embedded dataset's and the demo's drawings at the site's own cut", () => {
    expect(
      socialImageOf(
        { url: '/content-assets/759f-960x480.svg', width: 960, height: 480, crop: null, hotspot: null },
        BASE,
      ),
    ).toEqual({
      url: `${BASE}/social-images/content/759f-960x480.svg?rect=23,0,914,480`,
      width: 1200,
      height: 630,
      type: 'image/svg+xml',
    });
    const demo = new Map([['shred.abc.svg', { width: 800, height: 600 }]]);
    expect(socialImageOfUrl('/demo-images/shred.abc.svg', BASE, demo)?.url).toBe(
      `${BASE}/social-images/demo/shred.abc.svg?rect=0,90,800,420`,
    );
  });

  it('names a picture of unknown size as it is, with no size rather than a wrong one', () => {
    expect(socialImageOfUrl('https://img.example/p.jpg', BASE, new Map())).toEqual({
      url: 'https://img.example/p.jpg',
      width: 0,
      height: 0,
      type: null,
    });
    expect(socialImageOfUrl('/demo-images/unknown.svg', BASE, new Map())?.url).toBe(
      `${BASE}/demo-images/unknown.svg`,
    );
    expect(socialImageOfUrl('javascript:alert(1)', BASE, new Map())).toBeNull();
    expect(socialImageOfUrl(null, BASE, new Map())).toBeNull();
    expect(socialImageOf({ url: '/x.svg', width: 0, height: 0, crop: null, hotspot: null }, BASE)).toBeNull();
  });
});

describe('cutting a drawing', () => {
  const drawing =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><title>t</title><rect width="800" height="600"/></svg>';

  it('shows only the rectangle, at 1200×630, leaving the drawing as it is', () => {
    const cut = cutSvg(drawing, parseRect('0,90,800,420'));
    expect(cut).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 90 800 420" preserveAspectRatio="xMidYMid slice"><title>t</title><rect width="800" height="600"/></svg>',
    );
    expect(svgSize(cut)).toEqual({ width: 1200, height: 630 });
  });

  it('maps the rectangle into a viewBox of another scale', () => {
    const scaled = '<svg viewBox="10 10 80 60" width="800" height="600"></svg>';
    expect(cutSvg(scaled, parseRect('0,90,800,420'))).toContain('viewBox="10 19 80 42"');
  });

  it('refuses a rectangle that is malformed or outside the picture, and a file that is no drawing', () => {
    for (const rect of [undefined, '1,2,3', '1,2,3,x', '-1,0,10,10', '0,0,0,10', '1e3,0,1,1']) {
      expect(() => parseRect(rect), String(rect)).toThrow(ImageRequestError);
    }
    expect(() => cutSvg(drawing, parseRect('1,0,800,420'))).toThrow(/inside the 800×600 picture/);
    expect(() => cutSvg('<html></html>', parseRect('0,0,1,1'))).toThrow(/not an SVG/);
    expect(() => cutSvg('<svg></svg>', parseRect('0,0,1,1'))).toThrow(/no size/);
  });
});
