import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import modalEn from '../../../locales/signup-modal/en.json' with { type: 'json' };
import modalEs from '../../../locales/signup-modal/es.json' with { type: 'json' };
import { createI18n } from '../../../src/app/i18n.ts';
import { addSignupModalTexts } from '../../../src/features/signup-modal/signup-modal.texts.ts';

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

  it('adds to the site catalogue without replacing any of its keys', async () => {
    const shared = keys(modalEn).filter((key) => keys(en).includes(key));
    expect(shared).toEqual([]);
    const i18n = await createI18n('es');
    addSignupModalTexts(i18n);
    expect(i18n.t('plans.nextStep')).toBe('Siguiente paso');
    expect(i18n.t('signup.password')).toBe('Contraseña');
    expect(i18n.t('plans.term', { count: 12 })).toBe('12 meses');
  });
});
