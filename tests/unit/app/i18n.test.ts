import { describe, expect, it } from 'vitest';
import { initialLocale, LOCALE_STORAGE_KEY } from '../../../src/app/i18n.ts';

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === LOCALE_STORAGE_KEY ? value : null),
});

describe('initial locale', () => {
  it('comes from the browser language without its region', () => {
    expect(initialLocale(storage(null), 'es-AR')).toBe('es');
  });

  it('is English when the language has no catalogue', () => {
    expect(initialLocale(storage(null), 'de-DE')).toBe('en');
  });

  it("keeps the visitor's choice from the language switch over the browser language", () => {
    expect(initialLocale(storage('es'), 'en-US')).toBe('es');
    expect(initialLocale(storage('xx'), 'en-US')).toBe('en');
  });
});
