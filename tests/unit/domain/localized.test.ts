import { describe, expect, it } from 'vitest';
import { localeOfLanguage, localized } from '../../../domain/localized.ts';

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

  it('reads a per-language text kept in a list, which Sanity marks with a _key', () => {
    expect(localized({ _key: 'k1', _type: 'localeString', en: 'Monthly', es: 'Mensual' }, 'es')).toBe(
      'Mensual',
    );
  });

  it('leaves alone an object with no language in it, or with a language beside other fields', () => {
    const empty = {};
    expect(localized(empty, 'es')).toBe(empty);
    const typeOnly = { _type: 'localeString' };
    expect(localized(typeOnly, 'es')).toBe(typeOnly);
    const mixed = { en: 'Monthly', hex: '#e8590c' };
    expect(localized(mixed, 'es')).toBe(mixed);
  });

  it('gives back a field that is not set, or a number, as it is', () => {
    expect(localized(undefined, 'es')).toBeUndefined();
    expect(localized(12, 'es')).toBe(12);
  });
});

describe('the site language of a language tag', () => {
  it('drops the region, and has none for a language without a catalogue', () => {
    expect(localeOfLanguage('es-MX')).toBe('es');
    expect(localeOfLanguage('EN-gb')).toBe('en');
    expect(localeOfLanguage(' es')).toBe('es');
    expect(localeOfLanguage('fr-FR')).toBeNull();
    expect(localeOfLanguage('')).toBeNull();
    expect(localeOfLanguage(undefined)).toBeNull();
  });
});
