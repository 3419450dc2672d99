import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
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
