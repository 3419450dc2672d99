// The one place that turns a message into text, for every screen and form. Messages are of two kinds:
// the client's own keys (spec section 8's modal messages, and the generic network, timeout and
// unexpected failures), which are translated; and the server's messages, shown as sent: the server
// writes them in the language the client asks for, the site's (decision 105). A server message is
// never handed to `t()`, so one that happens to look like a key stays as written.
// Field errors come from the forms' zod schemas, which speak only in keys.
import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VERIFY_BEFORE_CHECKOUT } from '../../machines/checkout/checkout.types.ts';
import { MODAL_ERRORS } from '../../machines/signup-modal/signup-modal.types.ts';
import { CLIENT_ERRORS } from '../api/client.ts';

const CLIENT_KEYS: ReadonlySet<string> = new Set([
  ...Object.values(CLIENT_ERRORS),
  ...Object.values(MODAL_ERRORS),
]);

/** A message from the flows or the API client as text: client keys translated, server messages as sent. */
export function messageText(message: string | null | undefined, t: TFunction): string {
  if (!message) return t(CLIENT_ERRORS.unexpected);
  if (CLIENT_KEYS.has(message)) return t(message);
  // The checkout flow reports the spec's English sentence when it finds the email unverified, and the
  // server's English refusal is that sentence too: both read as signup.verifyEmail.error. In another
  // language the server already sends that key's text (a test compares them), so no match is needed.
  if (message === VERIFY_BEFORE_CHECKOUT) return t(MODAL_ERRORS.verifyEmail);
  return message;
}

/** What an input shows of its field's error: the text, and the invalid mark for assistive technology. */
export interface FieldErrorProps {
  error?: string;
  'aria-invalid': boolean;
}

/**
 * The error of each field of a react-hook-form form, translated from its schema's key, as props for
 * any input (Mantine marks a PasswordInput's inner input invalid only when told); values such as a
 * minimum length are passed to the translation.
 */
export function useFieldErrors<T extends FieldValues>(
  errors: FieldErrors<T>,
  values?: Record<string, unknown>,
): (name: keyof T & string) => FieldErrorProps {
  const { t } = useTranslation();
  return (name) => {
    const message: unknown = errors[name]?.message;
    return typeof message === 'string'
      ? { error: t(message, values ?? {}), 'aria-invalid': true }
      : { 'aria-invalid': false };
  };
}
