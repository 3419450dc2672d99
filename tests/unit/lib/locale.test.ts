import { describe, expect, it } from 'vitest';
import { localeFromLanguage } from '../../../src/lib/locale.ts';

describe('locale from the browser language', () => {
  it('drops the region suffix', () => {
    expect(localeFromLanguage('es-MX')).toBe('es');
    expect(localeFromLanguage('en-GB')).toBe('en');
    expect(localeFromLanguage('ES')).toBe('es');
  });

  it('falls back to English when there is no catalogue for the language', () => {
    expect(localeFromLanguage('fr-FR')).toBe('en');
    expect(localeFromLanguage('')).toBe('en');
    expect(localeFromLanguage(undefined)).toBe('en');
  });
});
