// Which icon URL a mail client or Stripe is given (server/site/brand.ts).
import { describe, expect, it } from 'vitest';
import { rasterIcon } from '../../../server/site/brand.ts';

describe('the icon outside the site', () => {
  it('asks Sanity’s CDN for a PNG of the size a header shows', () => {
    const url = rasterIcon('https://cdn.sanity.io/images/p/production/abc-64x64.svg');
    expect(url).toBe('https://cdn.sanity.io/images/p/production/abc-64x64.svg?w=128&h=128&fm=png');
  });

  it('leaves out an SVG only the site serves, and keeps another image as it is', () => {
    expect(rasterIcon('https://coach.example/content-assets/abc-64x64.svg')).toBeNull();
    expect(rasterIcon('https://coach.example/content-assets/abc-64x64.png')).toBe(
      'https://coach.example/content-assets/abc-64x64.png',
    );
  });
});
