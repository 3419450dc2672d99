// The theme's colour tokens read for any primary colour the CMS allows (any #rrggbb, decision 150):
// white text on the filled shade (buttons, badges) and the shade as text or a link on white, at WCAG
// AA's 4.5:1. The contrast is computed here from WCAG 2's definition, not by the code under test.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIMARY } from '../../../domain/brand/colors.ts';
import { buildTheme } from '../../../src/app/theme.ts';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

/** The filled shade the theme draws buttons and badges in (primaryShade of the brand colour). */
function filled(primary: string | null): string {
  const theme = buildTheme(primary ? ({ primaryColor: { hex: primary } } as never) : null);
  const shades = theme.colors?.brand as readonly string[];
  return shades[theme.primaryShade as number] as string;
}

describe("the theme's colour tokens", () => {
  it('keep white on the filled shade, and the shade on white, at 4.5:1 for any primary colour', () => {
    fc.assert(
      fc.property(hexColour, (primary) => {
        const shade = filled(primary);
        expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 500 },
    );
  });

  it('keep a colour that already reads as the trainer chose it', () => {
    // #1c2833 on white: 14.9:1 by the formula above, so nothing needs changing.
    expect(filled('#1c2833')).toBe('#1c2833');
  });

  it('fall back to a readable default without a CMS colour', () => {
    expect(contrast(filled(null), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(filled('not a colour')).toBe(filled(DEFAULT_PRIMARY));
  });
});
