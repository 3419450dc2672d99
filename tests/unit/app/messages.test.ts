import { describe, expect, it } from 'vitest';
import esCatalogue from '../../../locales/es.json' with { type: 'json' };
import { VERIFY_BEFORE_CHECKOUT } from '../../../machines/checkout/checkout.types.ts';
import { CLIENT_ERRORS } from '../../../src/api/client.ts';
import { createI18n } from '../../../src/text/i18n.ts';
import { messageText } from '../../../src/text/messages.ts';

describe('messageText', () => {
  it("translates the client's own keys in the visitor's language", async () => {
    const es = await createI18n('es');
    expect(messageText(CLIENT_ERRORS.network, es.t)).toBe(
      'No se puede conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(messageText(undefined, es.t)).toBe('Algo salió mal. Inténtalo de nuevo.');
  });

  it("shows the server's message as sent, even one that reads like a catalogue key", async () => {
    const en = await createI18n('en');
    expect(en.t('nav.home')).toBe('Home');
    expect(messageText('nav.home', en.t)).toBe('nav.home');
    expect(messageText('Unknown or expired coupon code: SPRING. Try another.', en.t)).toBe(
      'Unknown or expired coupon code: SPRING. Try another.',
    );
  });

  it("shows the checkout's verify-first sentence in the visitor's language", async () => {
    const es = await createI18n('es');
    expect(messageText(VERIFY_BEFORE_CHECKOUT, es.t)).toBe(esCatalogue.signup.verifyEmail.error);
  });
});
