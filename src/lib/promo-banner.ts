export interface BannerDates {
  bannerTitle?: string | null;
  promoStartDate?: string | null;
  promoEndDate?: string | null;
}

/** The banner shows only with a title and both dates, while now lies between them. */
export function isBannerActive(banner: BannerDates | null | undefined, now: Date = new Date()): boolean {
  if (!banner?.bannerTitle || !banner.promoStartDate || !banner.promoEndDate) return false;
  const start = Date.parse(banner.promoStartDate);
  const end = Date.parse(banner.promoEndDate);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  const t = now.getTime();
  return t >= start && t <= end;
}
