import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  brandPalette,
  colorShades,
  contrastRatio,
  parseHex,
  withContrast,
} from '../../../domain/brand/colors.ts';

describe('theme colour shades from the CMS colour', () => {
  it('keeps the primary colour itself as shade 6 of ten', () => {
    const shades = colorShades('#e8590c');
    expect(shades).toHaveLength(10);
    expect(shades?.[6]).toBe('#e8590c');
  });

  it('runs from light to dark', () => {
    const shades = colorShades('#1c7ed6') ?? [];
    const lightness = shades.map((h) => (parseHex(h) ?? [0, 0, 0]).reduce((a, b) => a + b, 0));
    expect([...lightness].sort((a, b) => b - a)).toEqual(lightness);
  });

  it('accepts short hex and refuses what is not a colour', () => {
    expect(colorShades('#fff')?.[6]).toBe('#ffffff');
    expect(colorShades('red')).toBeUndefined();
    expect(colorShades('')).toBeUndefined();
  });
});

describe('readable CMS colours (WCAG AA, 4.5:1 for text)', () => {
  it('measures the WCAG 2 contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#e8590c', '#ffffff')).toBeCloseTo(3.58, 2);
    expect(contrastRatio('red', '#ffffff')).toBeUndefined();
  });

  it('keeps a colour that already reads against the other', () => {
    expect(withContrast('#1864ab', '#ffffff')).toBe('#1864ab');
  });

  it('darkens a brand colour under white text only as far as 4.5:1', () => {
    const adjusted = withContrast('#e8590c', '#ffffff');
    expect(adjusted).not.toBe('#e8590c');
    expect(contrastRatio(adjusted, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(adjusted, '#ffffff')).toBeLessThan(5);
  });

  it('lightens a background under dark text', () => {
    const adjusted = withContrast('#555555', '#000000');
    expect((parseHex(adjusted) ?? [0])[0]).toBeGreaterThan(0x55);
    expect(contrastRatio(adjusted, '#000000')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('leaves what is not a colour as it is', () => {
    expect(withContrast('', '#ffffff')).toBe('');
  });
});

/** WCAG 2's contrast ratio, from its definition: the oracle the palette is held to. */
function wcag(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE = '#ffffff';
/** The hosted pages' background (Mantine's gray 0), under their links. */
const PAGE = '#f8f9fa';

/** Every pair of the brand's colours the hosted pages and emails draw text with (decision 148). */
function expectReadable(primary: string) {
  const { filled, hover, light } = brandPalette(primary);
  const pairs: [string, string, string][] = [
    ['white text on the filled button', WHITE, filled],
    ['white text on the hovered button', WHITE, hover],
    ['a link on white', hover, WHITE],
    ['a link on the page', hover, PAGE],
    ['a status on its tint', hover, light],
  ];
  for (const [what, text, background] of pairs) {
    expect(wcag(text, background), `${what} for ${primary}`).toBeGreaterThanOrEqual(4.5);
  }
}

describe('the brand palette of the pages outside the SPA, for every primary colour the CMS allows', () => {
  // The CMS takes any colour written #rrggbb (server/content/model-values.ts).
  const cmsColour = fc
    .tuple(
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
    )
    .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

  it('reads at 4.5:1 or more in every pair, for random CMS colours', () => {
    fc.assert(
      fc.property(cmsColour, (hex) => expectReadable(hex)),
      { numRuns: 3000 },
    );
  });

  it('reads at 4.5:1 or more in every pair, over a grid of the whole colour cube and its extremes', () => {
    const steps = [0, 17, 51, 85, 119, 136, 153, 170, 187, 204, 221, 238, 255];
    for (const r of steps)
      for (const g of steps)
        for (const b of steps)
          expectReadable(`#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
  });

  it('keeps a colour that already reads under white text as the button itself', () => {
    expect(brandPalette('#5f3dc4').filled).toBe('#5f3dc4');
    // 15% towards black, as Mantine's shade 7: 0x5f × 0.85 = 80.75 → 0x51, 0x3d → 0x34, 0xc4 → 0xa7.
    expect(brandPalette('#5f3dc4').hover).toBe('#5134a7');
  });

  it('falls back to the default colour without one', () => {
    expect(brandPalette(null).filled).toBe(brandPalette('#228be6').filled);
  });
});
