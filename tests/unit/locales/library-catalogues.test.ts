// The members' area's texts (locales/library/), fetched on demand like the modal's: both languages
// hold the same texts with the same {{variables}}, none empty, and they join the site's catalogue
// without replacing any of its keys.
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import libraryEn from '../../../locales/library/en.json' with { type: 'json' };
import libraryEs from '../../../locales/library/es.json' with { type: 'json' };
import { libraryTexts } from '../../../src/features/lazy-texts/lazy-texts.ts';
import { createI18n } from '../../../src/text/i18n.ts';
import { expectConsistent, keys } from './catalogue-checks.ts';

describe("the members' area's catalogues", () => {
  it('hold the same texts in English and Spanish, none empty, each with the same {{variables}}', () => {
    expectConsistent({ en: libraryEn, es: libraryEs });
  });

  it("add to the site's catalogue without replacing any of its keys, in the language asked for", async () => {
    expect(keys(libraryEn).filter((key) => keys(en).includes(key))).toEqual([]);
    const i18n = await createI18n('es');
    await libraryTexts.load(i18n, 'es');
    expect(i18n.t('library.unit.markDone')).toBe('Marcar como completado');
    expect(i18n.t('library.item.streak', { count: 3 })).toBe('Racha de 3 días');
    expect(i18n.t('nav.library')).toBe('Mi biblioteca');
    expect(libraryTexts.has(i18n, 'en')).toBe(false);
  });
});
