// The brand's colours from the one the CMS gives. Mantine needs ten shades per colour: the given
// colour becomes shade 6 (the one Mantine uses for filled elements) and the others are mixed towards
// white and black. The pages the server writes (the hosted checkout, the emails) take the same
// shades, so a button there is the site's button (decision 148).

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

export function parseHex(hex: string): [number, number, number] | undefined {
  const m = HEX.exec(hex.trim());
  if (!m) return undefined;
  const digits = m[1] as string;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(rgb: number[], target: number, amount: number): number[] {
  return rgb.map((c) => c + (target - c) * amount);
}

const TINTS = [0.9, 0.78, 0.62, 0.45, 0.28, 0.12];
const SHADES = [0.15, 0.3, 0.45];

export type Shades = [string, string, string, string, string, string, string, string, string, string];

export function colorShades(hex: string): Shades | undefined {
  const rgb = parseHex(hex);
  if (!rgb) return undefined;
  return [
    ...TINTS.map((t) => toHex(mix(rgb, 255, t))),
    toHex(rgb),
    ...SHADES.map((s) => toHex(mix(rgb, 0, s))),
  ] as Shades;
}

// The CMS picks colours freely; text on them must still reach WCAG AA (4.5:1 for text of normal size).
export const AA_TEXT_CONTRAST = 4.5;

function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The WCAG 2 contrast ratio of two hex colours, or undefined when one is not a colour. */
export function contrastRatio(a: string, b: string): number | undefined {
  const [x, y] = [parseHex(a), parseHex(b)];
  return x && y ? ratio(x, y) : undefined;
}

/**
 * `color` as it is when `other` reads on it (or it on `other`) at `min`; otherwise mixed towards black
 * or white, whichever can get there, only as far as needed, so the brand stays recognisable.
 */
export function withContrast(color: string, other: string, min = AA_TEXT_CONTRAST): string {
  const rgb = parseHex(color);
  const fixed = parseHex(other);
  if (!rgb || !fixed) return color;
  if (ratio(rgb, fixed) >= min) return color;
  const target = ratio([0, 0, 0], fixed) >= ratio([255, 255, 255], fixed) ? 0 : 255;
  for (let amount = 0.02; amount < 1; amount += 0.02) {
    const mixed = mix(rgb, target, amount).map(Math.round);
    if (ratio(mixed, fixed) >= min) return toHex(mixed);
  }
  return toHex([target, target, target]);
}

/** The look without a CMS: used until settings arrive and when the CMS fails. */
export const DEFAULT_PRIMARY = '#228be6';
const WHITE = '#ffffff';

/** The colours a page outside the SPA draws the brand with, as the SPA's theme draws them. */
export interface BrandPalette {
  /** The filled button's background, under white text (Mantine's shade 6). */
  filled: string;
  /** The filled button under the pointer (Mantine's shade 7). */
  hover: string;
  /** A tinted background (Mantine's shade 0), under `hover` as text. */
  light: string;
}

/** The CMS's primary colour as the theme uses it: brought to AA under white text, then shaded. */
export function brandPalette(primary: string | null | undefined): BrandPalette {
  const shades =
    colorShades(withContrast(primary ?? '', WHITE)) ??
    (colorShades(withContrast(DEFAULT_PRIMARY, WHITE)) as Shades);
  return { filled: shades[6], hover: shades[7], light: shades[0] };
}
