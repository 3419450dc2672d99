// The modal's own texts arrive with its chunk, so the home route's first load does not carry them
// (decision 062); they join the `translation` namespace under signup.*, plans.*, checkout.*, upgrade.*.
import type { i18n } from 'i18next';
import en from '../../../locales/signup-modal/en.json' with { type: 'json' };
import es from '../../../locales/signup-modal/es.json' with { type: 'json' };

export const SIGNUP_MODAL_TEXTS = { en, es } as const;

export function addSignupModalTexts(instance: i18n): void {
  for (const [language, texts] of Object.entries(SIGNUP_MODAL_TEXTS)) {
    if (!instance.hasResourceBundle(language, 'translation')) continue;
    instance.addResourceBundle(language, 'translation', texts, true, false);
  }
}
