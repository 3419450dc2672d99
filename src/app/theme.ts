import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';
import { colorShades, DEFAULT_PRIMARY, withContrast } from '../../domain/brand/colors.ts';
import type { SiteSettings } from '../features/content/site-settings.ts';
import { MANTINE_BREAKPOINTS } from './breakpoints.ts';

export const DEFAULT_SECONDARY = '#495057';

const WHITE = '#ffffff';

/** The body's face: the platform's own, which every device has and paints at once. */
export const BODY_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * The headings' face (decision 150): a tuned system stack of condensed-leaning grotesques that most
 * devices carry (Avenir Next and SF Pro Display on Apple, Segoe UI Variable Display on Windows,
 * Roboto Flex and Ubuntu on Android and Linux), so the brand has a voice with no font file to fetch
 * before the first paint. Heavier and tighter than the body, which is what makes it read as a brand.
 */
export const HEADING_FONT =
  '"Avenir Next", "SF Pro Display", "Segoe UI Variable Display", "Roboto Flex", Ubuntu, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/**
 * The type scale: a major third (×1.25) from a 16 px body. Headings grow with the viewport between a
 * phone's size and a desktop's, so an h1 fits a phone in two or three lines and fills a desktop.
 */
export const TYPE_SCALE = {
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.6', xl: '1.6' },
  headings: {
    h1: { fontSize: 'clamp(1.95rem, 1.6rem + 1.5vw, 2.75rem)', lineHeight: '1.1', fontWeight: '800' },
    h2: { fontSize: 'clamp(1.56rem, 1.3rem + 1.1vw, 2.2rem)', lineHeight: '1.2', fontWeight: '800' },
    h3: { fontSize: '1.25rem', lineHeight: '1.3', fontWeight: '700' },
    h4: { fontSize: '1.125rem', lineHeight: '1.35', fontWeight: '700' },
    h5: { fontSize: '1rem', lineHeight: '1.4', fontWeight: '700' },
    h6: { fontSize: '0.875rem', lineHeight: '1.4', fontWeight: '700' },
  },
} as const;

/**
 * The spacing tokens: a 4 px grid, Mantine's steps plus `section`, the space above and below each
 * band of a landing page (`py="section"`), larger on a desktop than on a phone.
 */
export const SPACING = {
  xs: '0.5rem',
  sm: '0.75rem',
  md: '1rem',
  lg: '1.5rem',
  xl: '2rem',
  section: 'clamp(2.5rem, 1.5rem + 4vw, 4.5rem)',
} as const;

/** The brand's ten shades from the CMS's primary colour, shade 6 made to carry white text (AA). */
export function brandShades(primaryHex: string | undefined) {
  return (
    colorShades(withContrast(primaryHex ?? '', WHITE)) ?? colorShades(withContrast(DEFAULT_PRIMARY, WHITE))
  );
}

export function buildTheme(settings: SiteSettings | null): MantineThemeOverride {
  // White text sits on the filled shade and the shade sits on white as link text: both must read.
  const primary = brandShades(settings?.primaryColor?.hex);
  const secondary = colorShades(settings?.secondaryColor?.hex ?? '') ?? colorShades(DEFAULT_SECONDARY);
  if (!primary || !secondary) throw new Error('The default colours are not valid hex colours');
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: primary, accent: secondary },
    breakpoints: MANTINE_BREAKPOINTS,
    defaultRadius: 'md',
    fontFamily: BODY_FONT,
    fontSizes: TYPE_SCALE.fontSizes,
    lineHeights: TYPE_SCALE.lineHeights,
    headings: { fontFamily: HEADING_FONT, textWrap: 'balance', sizes: TYPE_SCALE.headings },
    spacing: SPACING,
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
