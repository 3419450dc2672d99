import { describe, expect, it } from 'vitest';
import { datesInUtc } from '../../../domain/billing/billing-text.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import es from '../../../locales/es.json' with { type: 'json' };
import { createI18n } from '../../../src/text/i18n.ts';
import { expectConsistent } from './catalogue-checks.ts';

function keys(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translation catalogues', () => {
  it('English and Spanish hold the same keys', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('give each text the same {{variables}} in every language', () => {
    expectConsistent({ en, es });
  });

  it('hold no empty text', () => {
    for (const catalogue of [en, es]) {
      const empty = keys(catalogue).filter(
        (k) => k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], catalogue) === '',
      );
      expect(empty).toEqual([]);
    }
  });

  it.each([
    ['en', ['Full Name', 'Enter email', 'Password']],
    ['es', ['Nombre Completo', 'Ingresa tu correo', 'Contraseña']],
  ] as const)('has the signup placeholders of the spec in %s', async (locale, texts) => {
    const t = (await createI18n(locale)).t;
    expect([t('signup.fullName'), t('signup.email'), t('signup.password')]).toEqual(texts);
  });

  it('has the message keys of spec section 8 with the spec’s English texts', async () => {
    const t = (await createI18n('en')).t;
    expect(t('signup.pleaseEnterEmailAndPassword')).toBe('Please enter your Email and Password.');
    expect(t('signup.verifyEmail.error')).toBe('Please verify your email before proceeding to checkout');
    expect(t('signup.pleaseSelectSubscription')).toBe('Please select a subscription');
    expect(t('signup.emailVerificationFailed')).toBe('Email verification failed. Please try again.');
  });

  it.each(['en', 'es'] as const)(
    'say dates are in UTC in %s with the words of the emails and hosted pages',
    async (locale) => {
      const t = (await createI18n(locale)).t;
      expect(t('billing.datesInUtc')).toBe(datesInUtc(locale));
    },
  );

  it('translates the client error keys of the HTTP client', async () => {
    const t = (await createI18n('es')).t;
    for (const key of ['errors.network', 'errors.timeout', 'errors.cancelled', 'errors.unexpected']) {
      expect(t(key)).not.toBe(key);
    }
  });
});
