import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { SiteSettings } from '../features/content/site-settings.ts';
import { colorShades } from '../lib/color-shades.ts';
import { MANTINE_BREAKPOINTS } from './breakpoints.ts';

/** The look without a CMS: used until settings arrive and when the CMS fails. */
export const DEFAULT_PRIMARY = '#228be6';
export const DEFAULT_SECONDARY = '#495057';

export function buildTheme(settings: SiteSettings | null): MantineThemeOverride {
  const primary = colorShades(settings?.primaryColor?.hex ?? '') ?? colorShades(DEFAULT_PRIMARY);
  const secondary = colorShades(settings?.secondaryColor?.hex ?? '') ?? colorShades(DEFAULT_SECONDARY);
  if (!primary || !secondary) throw new Error('The default colours are not valid hex colours');
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: primary, accent: secondary },
    breakpoints: MANTINE_BREAKPOINTS,
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
}
