import { describe, expect, it } from 'vitest';
import { isBannerActive } from '../../../src/lib/promo-banner.ts';

const banner = {
  bannerTitle: 'Spring sale',
  promoStartDate: '2026-03-01T00:00:00Z',
  promoEndDate: '2026-03-31T23:59:59Z',
};

describe('promo banner visibility', () => {
  it('shows between the start and end dates', () => {
    expect(isBannerActive(banner, new Date('2026-03-15T00:00:00Z'))).toBe(true);
  });

  it('hides before the start and after the end', () => {
    expect(isBannerActive(banner, new Date('2026-02-28T23:00:00Z'))).toBe(false);
    expect(isBannerActive(banner, new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });

  it('hides without a title, a start date or an end date', () => {
    const inside = new Date('2026-03-15T00:00:00Z');
    expect(isBannerActive({ ...banner, bannerTitle: '' }, inside)).toBe(false);
    expect(isBannerActive({ ...banner, promoStartDate: null }, inside)).toBe(false);
    expect(isBannerActive({ ...banner, promoEndDate: undefined }, inside)).toBe(false);
    expect(isBannerActive(null, inside)).toBe(false);
  });
});
