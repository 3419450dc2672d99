// An axe scan (WCAG 2.0 and 2.1, levels A and AA) of every screen of the site and every step of the
// signup modal it can reach, in English and, for home and the modal, in Spanish. Any violation fails.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  PASSWORD,
  PROFILE_SECTIONS,
  payForPrice,
  registerMember,
  signIn,
  TRAINER_ID,
  verifiedMember,
  WEEKLY_PRICE,
} from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Scans the page as it is now; the failure lists each violated rule with the elements that break it. */
async function expectNoViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
  expect(found, `accessibility violations on ${screen}`).toEqual([]);
}

const dialog = (page: Page) => page.getByRole('dialog');

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  for (const [path, heading] of [
    ['/', 'Get stronger with Coach Rivera'],
    ['/about', 'About Coach Rivera'],
    ['/privacy', 'Privacy Policy'],
    ['/tos', 'Terms of Use'],
    ['/challenge/30-day-shred', /30-Day Shred/],
    ['/course/strength-foundations', /Strength Foundations/],
  ] as const) {
    test(`the screen at ${path} has no WCAG A/AA violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The home page's prices arrive after its first paint: they are scanned too.
      if (path === '/') await expect(page.getByTestId(/^pricing-plan-/).first()).toBeVisible();
      await expectNoViolations(page, path);
    });
  }

  test("the signup modal's step 1 has no WCAG A/AA violation: signup (and its errors), login, reset password", async ({
    page,
  }) => {
    await page.goto('/challenge/30-day-shred');
    await page.getByRole('button', { name: 'Join the challenge' }).click();
    await expect(dialog(page).getByPlaceholder('Full Name')).toBeVisible();
    await expectNoViolations(page, 'the signup form');

    await dialog(page).getByRole('button', { name: 'Sign up' }).click();
    await expect(dialog(page).getByRole('alert')).toHaveText('Please enter your Email and Password.');
    await expectNoViolations(page, 'the signup form with its errors');

    await dialog(page).getByRole('button', { name: 'Already have an account? Login' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expectNoViolations(page, 'the login form');

    await dialog(page).getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectNoViolations(page, 'the reset-password view');
  });

  test("the signup modal's plan steps and a member's step 1 have no WCAG A/AA violation: challenge plans (step 2), subscription plans (step 3), the account view", async ({
    page,
    request,
  }) => {
    const email = await verifiedMember(request, 'a11y');
    await page.goto('/challenge/30-day-shred');
    await page.getByRole('button', { name: 'Join the challenge' }).click();
    await dialog(page).getByRole('button', { name: 'Already have an account? Login' }).click();
    await dialog(page).getByPlaceholder('Enter email').fill(email);
    await dialog(page).getByPlaceholder('Password').fill(PASSWORD);
    await dialog(page).getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog(page).getByText('Step 2 of 3')).toBeVisible();
    await expect(dialog(page).getByRole('radio', { name: /30-Day Shred/ })).toBeVisible();
    await expectNoViolations(page, 'the challenge plans (step 2)');

    await dialog(page)
      .getByRole('radio', { name: /30-Day Shred/ })
      .click();
    await dialog(page).getByRole('button', { name: 'Next Step' }).click();
    await expect(dialog(page).getByRole('radio', { name: /Annual/ })).toBeVisible();
    await expectNoViolations(page, 'the subscription plans (step 3)');

    // Back to step 2, then to step 1: the signed-in member's account view.
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await expect(dialog(page).getByText('Step 2 of 3')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(dialog(page).getByText(email)).toBeVisible();
    await expectNoViolations(page, 'the account view (step 1 of a signed-in member)');
  });

  test('the check-your-inbox dialog after signup has no WCAG A/AA violation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Signup' }).click();
    await dialog(page).getByPlaceholder('Full Name').fill('Axe Signup');
    await dialog(page).getByPlaceholder('Enter email').fill(`a11y-inbox-${Date.now()}@example.com`);
    await dialog(page).getByPlaceholder('Password').fill(PASSWORD);
    await dialog(page).getByRole('button', { name: 'Sign up' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expectNoViolations(page, 'the check-your-inbox dialog');
  });

  test('the four profile sections of a signed-in member have no WCAG A/AA violation', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, 'en');
    await signIn(page, member);
    for (const [path, heading] of PROFILE_SECTIONS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoViolations(page, path);
    }
  });

  test('the confirmation page after a sandbox payment has no WCAG A/AA violation', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, 'en');
    await signIn(page, member);
    await payForPrice(page, member, WEEKLY_PRICE, '/');
    await expect(page.getByTestId('purchase')).toBeVisible();
    await expectNoViolations(page, '/confirmation');
  });

  for (const [route, price] of [
    ['/challenge/30-day-shred', `${TRAINER_ID}-price-challenge`],
    ['/course/strength-foundations', `${TRAINER_ID}-price-course`],
  ] as const) {
    test(`the confirmation page of ${route} after a sandbox payment has no WCAG A/AA violation`, async ({
      page,
      request,
    }) => {
      const member = await registerMember(request, 'en');
      await signIn(page, member);
      await payForPrice(page, member, price, route);
      await expect(page.getByTestId('purchase')).toBeVisible();
      await expectNoViolations(page, `${route}/confirmation`);
    });
  }
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('home and the signup and login forms have no WCAG A/AA violation in Spanish', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'home (es)');

    await page.getByRole('banner').getByRole('button', { name: 'Registrarse' }).click();
    await expect(dialog(page).getByPlaceholder('Nombre Completo')).toBeVisible();
    await expectNoViolations(page, 'the signup form (es)');

    await dialog(page).getByRole('button', { name: '¿Ya tienes una cuenta? Inicia sesión' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Bienvenido de nuevo' })).toBeVisible();
    await expectNoViolations(page, 'the login form (es)');
  });
});
