import { describe, expect, it } from 'vitest';
import { colorShades, parseHex } from '../../../src/lib/color-shades.ts';

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
