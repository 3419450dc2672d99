import { describe, expect, it } from 'vitest';
import { localized } from '../../../domain/localized.ts';

describe('a text written per language', () => {
  it('answers in the language asked for, English where it has none, and a text written once as it is', () => {
    const nickname = { _type: 'localeString', en: 'Monthly', es: 'Mensual' };
    expect(localized(nickname, 'es')).toBe('Mensual');
    expect(localized(nickname, 'en')).toBe('Monthly');
    expect(localized({ en: 'Monthly' }, 'es')).toBe('Monthly');
    expect(localized('Coach Rivera Fitness', 'es')).toBe('Coach Rivera Fitness');
    expect(localized(null, 'es')).toBeNull();
  });

  it('leaves objects that are not per-language texts alone', () => {
    const color = { hex: '#e8590c' };
    expect(localized(color, 'es')).toBe(color);
    const blocks = [{ _type: 'block' }];
    expect(localized(blocks, 'es')).toBe(blocks);
  });
});
