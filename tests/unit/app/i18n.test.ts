import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLocale, createI18n, LOCALE_STORAGE_KEY } from '../../../src/text/i18n.ts';
import { MemoryStorage } from '../flows/fake-api.ts';

function browser(language: string, chosen: string | null = null) {
  const storage = new MemoryStorage();
  if (chosen) storage.setItem(LOCALE_STORAGE_KEY, chosen);
  // The detector reads the choice from window.localStorage and the language from navigator.
  vi.stubGlobal('window', { localStorage: storage });
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('navigator', { language, languages: [language] });
  return storage;
}

afterEach(() => vi.unstubAllGlobals());

describe('the language (spec: browser language without its region, else English)', () => {
  it('comes from the browser language without its region, with its catalogue loaded', async () => {
    browser('es-AR');
    const i18n = await createI18n();
    expect(i18n.resolvedLanguage).toBe('es');
    expect(i18n.t('nav.home')).toBe('Inicio');
  });

  it('is English when the language has no catalogue', async () => {
    browser('de-DE');
    expect((await createI18n()).resolvedLanguage).toBe('en');
  });

  it("keeps the visitor's choice from the language switch over the browser language, ignoring a stored value with no catalogue", async () => {
    browser('en-US', 'es');
    expect((await createI18n()).resolvedLanguage).toBe('es');
    browser('es-MX', 'xx');
    expect((await createI18n()).resolvedLanguage).toBe('es');
  });

  it("takes the language the address names (?lang=, decision 119) over the choice and the browser's, and ignores one without a catalogue", async () => {
    browser('en-US', 'en');
    vi.stubGlobal('location', { search: '?coupon=X&lang=es' });
    expect((await createI18n()).resolvedLanguage).toBe('es');
    browser('es-MX');
    vi.stubGlobal('location', { search: '?lang=fr' });
    expect((await createI18n()).resolvedLanguage).toBe('es');
  });

  it('records only a choice made with the switch, not a detected language', async () => {
    const storage = browser('es-ES');
    const i18n = await createI18n();
    expect(storage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
    await chooseLocale(i18n, 'en');
    expect(storage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(i18n.resolvedLanguage).toBe('en');
  });
});
