import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import es from '../../../locales/es.json' with { type: 'json' };
import modalEn from '../../../locales/signup-modal/en.json' with { type: 'json' };
import modalEs from '../../../locales/signup-modal/es.json' with { type: 'json' };
import {
  hasSignupModalTexts,
  loadSignupModalTexts,
} from '../../../src/features/signup-modal/signup-modal.texts.ts';
import { createI18n } from '../../../src/text/i18n.ts';
import { expectConsistent } from './catalogue-checks.ts';

function keys(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('signup modal catalogues', () => {
  it('English and Spanish hold the same keys, none empty', () => {
    expect(keys(modalEs).sort()).toEqual(keys(modalEn).sort());
    for (const catalogue of [modalEn, modalEs]) {
      const texts = keys(catalogue).map((k) =>
        k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], catalogue),
      );
      expect(texts.filter((text) => text === '')).toEqual([]);
    }
  });

  it('give each text the same {{variables}} in every language', () => {
    expectConsistent({ en: modalEn, es: modalEs });
  });

  it('adds to the site catalogue without replacing any of its keys', async () => {
    const shared = keys(modalEn).filter((key) => keys(en).includes(key));
    expect(shared).toEqual([]);
    const i18n = await createI18n('es');
    await loadSignupModalTexts(i18n, 'es');
    expect(i18n.t('plans.nextStep')).toBe('Siguiente paso');
    expect(i18n.t('signup.password')).toBe('Contraseña');
    expect(i18n.t('plans.term', { count: 12 })).toBe('12 meses');
    // The site's own texts in the same groups stay.
    expect(i18n.t('signup.valueRequired')).toBe(es.signup.valueRequired);
  });

  it("loads only the language asked for, and the site's catalogue in it first", async () => {
    const i18n = await createI18n('en');
    await loadSignupModalTexts(i18n, 'es-MX');
    expect(hasSignupModalTexts(i18n, 'es')).toBe(true);
    expect(hasSignupModalTexts(i18n, 'en')).toBe(false);
    expect(i18n.getResource('en', 'translation', 'plans.nextStep')).toBeUndefined();
    expect(i18n.getFixedT('es')('nav.home')).toBe(es.nav.home);
    expect(i18n.getFixedT('es')('plans.nextStep')).toBe('Siguiente paso');
  });
});
