import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';
import { colorShades, DEFAULT_PRIMARY, withContrast } from '../../domain/brand/colors.ts';
import type { SiteSettings } from '../features/content/site-settings.ts';
import { MANTINE_BREAKPOINTS } from './breakpoints.ts';

export const DEFAULT_SECONDARY = '#495057';

const WHITE = '#ffffff';

export function buildTheme(settings: SiteSettings | null): MantineThemeOverride {
  // White text sits on the filled shade and the shade sits on white as link text: both must read.
  const primary =
    colorShades(withContrast(settings?.primaryColor?.hex ?? '', WHITE)) ??
    colorShades(withContrast(DEFAULT_PRIMARY, WHITE));
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

/**
 * Mantine's dimmed grey (gray 6) and error red (red 6) read below 4.5:1 on white; gray 7 and red 9
 * keep secondary text and field errors readable.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
