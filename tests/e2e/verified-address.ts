// A member who opens the `verified=true` address in a browser where nobody is signed in (decision
// 135): the verified view, Continue, the login form saying the email is verified, login, the plans,
// Checkout, and the sandbox's payment page, never "Please verify your email". Walked at 1280 px in
// English (verified-address.spec.ts) and at 375 px in Spanish (verified-address.mobile.spec.ts),
// with a screenshot of each screen kept beside the test's results.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { keepScreenshot, PASSWORD, registerMember } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

/** What the member reads on the way, in one language (the locales' and the seed's texts). */
export interface VerifiedAddressTexts {
  locale: 'en' | 'es';
  verified: string;
  continue: string;
  loginHeading: string;
  notice: string;
  email: string;
  password: string;
  submitLogin: string;
  step3: string;
  weekly: RegExp;
  checkout: string;
  sandboxTitle: string;
  verifyRefusal: string;
}

export const ENGLISH: VerifiedAddressTexts = {
  locale: 'en',
  verified: 'Your email is verified',
  continue: 'Continue',
  loginHeading: 'Welcome back',
  notice: 'Your email is verified. Log in to choose your plan.',
  email: 'Enter email',
  password: 'Password',
  submitLogin: 'Login',
  step3: 'Step 3 of 3',
  weekly: /Weekly/,
  checkout: 'Checkout',
  sandboxTitle: 'Secure checkout (sandbox)',
  verifyRefusal: 'Please verify your email before proceeding to checkout',
};

export const SPANISH: VerifiedAddressTexts = {
  locale: 'es',
  verified: 'Tu correo está verificado',
  continue: 'Continuar',
  loginHeading: 'Bienvenido de nuevo',
  notice: 'Tu correo está verificado. Inicia sesión para elegir tu plan.',
  email: 'Ingresa tu correo',
  password: 'Contraseña',
  submitLogin: 'Iniciar sesión',
  step3: 'Paso 3 de 3',
  weekly: /Semanal/,
  checkout: 'Pagar',
  sandboxTitle: 'Pago seguro (entorno de pruebas)',
  verifyRefusal: 'Por favor verifica tu correo antes de continuar al pago',
};

async function keep(page: Page, name: string) {
  await keepScreenshot(page, { path: test.info().outputPath(`${name}.png`) });
}

export async function walkTheVerifiedAddress(
  page: Page,
  request: APIRequestContext,
  T: VerifiedAddressTexts,
) {
  // An account verified through its emailed link elsewhere (another device, another browser).
  const member = await registerMember(request, T.locale);
  const dialog = page.getByRole('dialog');

  await page.goto('/?openModal=true&verified=true');
  await expect(dialog.getByRole('heading', { name: T.verified })).toBeVisible();
  await keep(page, '1-verified-view');
  await dialog.getByRole('button', { name: T.continue, exact: true }).click();

  // Nobody is signed in here: the login form asks for it, saying the email is verified.
  await expect(dialog.getByRole('heading', { name: T.loginHeading })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: T.notice })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await keep(page, '2-login-saying-verified');
  await dialog.getByPlaceholder(T.email).fill(member.email);
  await dialog.getByPlaceholder(T.password).fill(PASSWORD);
  await dialog.getByRole('button', { name: T.submitLogin, exact: true }).click();

  await expect(dialog.getByText(T.step3)).toBeVisible();
  await dialog.getByRole('radio', { name: T.weekly }).click();
  await keep(page, '3-plans');
  await dialog.getByRole('button', { name: T.checkout, exact: true }).click();

  // The payment page, not the modal's refusal.
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: T.sandboxTitle })).toBeVisible();
  await expect(page.getByText(T.verifyRefusal)).toHaveCount(0);
  await keep(page, '4-payment-page');
}
