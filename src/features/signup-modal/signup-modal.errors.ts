// The one place that turns what the flows report into text: the client message keys of spec section 8
// are translated; anything else is the server's message, shown as sent.
import type { TFunction } from 'i18next';
import { VERIFY_BEFORE_CHECKOUT } from '../../../machines/checkout/checkout.types.ts';
import { MODAL_ERRORS } from '../../../machines/signup-modal/signup-modal.types.ts';

const KEYS: ReadonlySet<string> = new Set(Object.values(MODAL_ERRORS));

export function errorText(error: string, t: TFunction): string {
  if (KEYS.has(error)) return t(error);
  // The checkout flow reports the spec's English sentence; it is the same text as signup.verifyEmail.error.
  if (error === VERIFY_BEFORE_CHECKOUT) return t(MODAL_ERRORS.verifyEmail);
  return error;
}
