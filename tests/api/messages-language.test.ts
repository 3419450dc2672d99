// The API's refusals are written in the language the request asks for first, when the site has
// texts in it, else in English (decision 105): the SPA sends the page's language, so a member who
// chose Spanish reads Spanish refusals. What validation writes stays English, as it is technical.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { type Member, PASSWORD, register, TEST_ENV, uniqueEmail } from './members.ts';

let t: TestApp;
let member: Member;

beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  member = await createMember(t.context);
});
afterAll(() => t.close());

const languages = (acceptLanguage: string | undefined) =>
  acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage };

function wrongLogin(acceptLanguage?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login?gateway=true',
    headers: languages(acceptLanguage),
    // A new address each time, so no sign-in throttle counts these.
    payload: { email: uniqueEmail('stranger'), password: PASSWORD, trainerID: DEMO_TRAINER_ID },
  });
}

function checkoutOfUnknownPrice(acceptLanguage?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/startGatewayStripeSession',
    headers: { token: member.token, ...languages(acceptLanguage) },
    payload: { trainerID: DEMO_TRAINER_ID, route: '/', campaign: null, prices: ['no-such-price'] },
  });
}

describe('a refusal', () => {
  it.each([
    ['es', 'El correo o la contraseña son incorrectos'],
    ['es-MX,es;q=0.9,en;q=0.8', 'El correo o la contraseña son incorrectos'],
    [undefined, 'The email or password is incorrect'],
    ['fr', 'The email or password is incorrect'],
    ['fr-FR,es;q=0.9', 'The email or password is incorrect'],
    ['en-GB', 'The email or password is incorrect'],
  ])('to a wrong sign-in, asked in %s, reads “%s”', async (acceptLanguage, message) => {
    const res = await wrongLogin(acceptLanguage);
    expect(res.statusCode).toBe(401);
    expect(expectContract(res, 'login')).toEqual({ success: false, message });
  });

  it.each([
    ['es', 'Precio desconocido no-such-price'],
    [undefined, 'Unknown price no-such-price'],
    ['fr', 'Unknown price no-such-price'],
  ])(
    'to a checkout of an unknown price, asked in %s, reads “%s”, its value filled in',
    async (acceptLanguage, message) => {
      const res = await checkoutOfUnknownPrice(acceptLanguage);
      expect(res.statusCode).toBe(400);
      expect(expectContract(res, 'startCheckoutSession')).toEqual({ success: false, message });
    },
  );

  it('to a resend too soon, asked in Spanish, says how long to wait in Spanish', async () => {
    const registered = await register(t.app, { enableEmailVerification: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/resend-verification',
      headers: { token: registered.token, 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(429);
    const seconds = res.headers['retry-after'];
    expect(expectContract(res, 'resendVerification')).toEqual({
      success: false,
      message: `Espera ${seconds} segundos antes de pedir otro correo`,
    });
  });

  it('written by validation is in the language asked for too, naming the field in words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login?gateway=true',
      headers: { 'accept-language': 'es' },
      payload: { email: uniqueEmail(), trainerID: DEMO_TRAINER_ID },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Indica la contraseña.');
  });
});

describe('while Redis does not answer', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => down.close());

  it.each([
    ['es', 'Esto no está disponible por un momento. Inténtalo de nuevo en unos segundos.'],
    [undefined, 'This is briefly unavailable. Please try again in a few seconds.'],
    ['fr', 'This is briefly unavailable. Please try again in a few seconds.'],
  ])('a password call, asked in %s, answers 503 with “%s”', async (acceptLanguage, message) => {
    const res = await down.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      headers: languages(acceptLanguage),
      payload: { email: uniqueEmail(), trainerID: DEMO_TRAINER_ID },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ success: false, message });
  });
});
