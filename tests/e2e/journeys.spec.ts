// The member's journeys through the signup modal, in Chromium against the real server with the
// sandbox gateway: links come from the dev mailbox, payments from the sandbox's hosted page.
import type { Page } from '@playwright/test';
import {
  emailedLink,
  PASSWORD,
  payWithTestCard,
  TRAINER_ID,
  uniqueEmail,
  verifiedMember,
} from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

async function logIn(page: Page, email: string) {
  await page.getByRole('button', { name: 'Already have an account? Login' }).click();
  await page.getByPlaceholder('Enter email').fill(email);
  await page.getByPlaceholder('Password').fill(PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Login', exact: true }).click();
}

/** The signed-in member as the server sees them, with the token the SPA stored. */
async function storedMember(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pcc-user') ?? 'null')?.token);
  expect(token).toBeTruthy();
  const response = await page.request.get('/api/user?gateway=true', { headers: { token } });
  return (await response.json()).user as {
    email: string;
    customer: { subscriptions: { data: { status: string; plan: { interval: string } }[] } };
  };
}

test('the whole journey: sign up, verify from the mailbox, pay with 4242, land signed in on the confirmation', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('whole');
  await page.goto('/');
  await page.getByRole('button', { name: 'Signup' }).click();
  await page.getByPlaceholder('Full Name').fill('Whole Journey');
  await page.getByPlaceholder('Enter email').fill(email);
  await page.getByPlaceholder('Password').fill(PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  await page.goto(await emailedLink(request, email, 'openModal=true'));
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await expect(page).not.toHaveURL(/openModal|token=/);

  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByRole('radio', { name: /Weekly/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await payWithTestCard(page);

  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(
    page.getByRole('heading', { name: 'Thank you! Your subscription is being set up.' }),
  ).toBeVisible();
  const member = await storedMember(page);
  expect(member.email).toBe(email);
  expect(member.customer.subscriptions.data[0]?.status).toBe('active');
});

test('the challenge journey goes from step 2 (the challenge plans) to step 3 (the subscription plans)', async ({
  page,
  request,
}) => {
  const email = await verifiedMember(request, 'challenge');
  await page.goto('/challenge/30-day-shred');
  await page.getByRole('button', { name: 'Join the challenge' }).click();
  await logIn(page, email);
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByRole('radio', { name: /30-Day Shred/ }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Annual/ })).toContainText('Save 31%');
  // Step 3 of a challenge speaks with the challenge's own texts.
  await expect(page.getByText('Keep going with a membership')).toBeVisible();
  await expect(
    page.getByText('Add coaching to your challenge and keep your progress after day 30.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
});

test("step 3's error does not follow the member back to step 2", async ({ page, request }) => {
  const email = await verifiedMember(request, 'step-error');
  await page.goto('/challenge/30-day-shred');
  await page.getByRole('button', { name: 'Join the challenge' }).click();
  await logIn(page, email);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Please select a subscription');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0);
});

test('the course journey has 2 steps and checks out the preselected one-time plan', async ({
  page,
  request,
}) => {
  const email = await verifiedMember(request, 'course');
  await page.goto('/course/strength-foundations');
  await page.getByRole('button', { name: 'Get the course' }).click();
  await logIn(page, email);
  await expect(page.getByText('Step 2 of 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose your course plan' })).toBeVisible();
  // The plan Next Step buys shows selected, and the other can be chosen.
  const full = page.getByRole('radio', { name: /Strength Foundations with coach review/ });
  await expect(full).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: /^Strength Foundations \$99/ }).click();
  await expect(full).toHaveAttribute('aria-checked', 'false');
  await full.click();
  await expect(full).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.locator('table')).toContainText('Strength Foundations with coach review');
});

test('login with an unverified email shows signup.verifyEmail.error', async ({ page, request }) => {
  const email = uniqueEmail('unverified');
  const registered = await request.post('/api/user/register?gateway=true', {
    data: {
      name: 'Not Verified',
      email,
      password: PASSWORD,
      trainerID: TRAINER_ID,
      os_type: 'Unknown',
      currentRoute: '/',
      enableEmailVerification: true,
    },
  });
  expect(registered.ok()).toBe(true);
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByPlaceholder('Enter email').fill(email);
  await page.getByPlaceholder('Password').fill(PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Please verify your email before proceeding to checkout');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
});

test('a monthly subscriber is offered the upgrade to the annual plan', async ({ browser, page, request }) => {
  const email = await verifiedMember(request, 'upgrade');
  await page.goto('/');
  await page.getByRole('button', { name: 'Get started' }).click();
  await logIn(page, email);
  await page.getByRole('radio', { name: /Monthly/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/confirmation$/);

  // A fresh visit in a new browser: the member signs in again and meets the already-have-the-plan screen.
  const later = await browser.newPage();
  await later.goto('/');
  await later.getByRole('button', { name: 'Login' }).click();
  await later.getByPlaceholder('Enter email').fill(email);
  await later.getByPlaceholder('Password').fill(PASSWORD);
  await later.getByRole('dialog').getByRole('button', { name: 'Login', exact: true }).click();
  await expect(later.getByRole('heading', { name: 'You already have a plan' })).toBeVisible();
  await later.getByRole('button', { name: 'I want to upgrade' }).click();
  await expect(later.locator('table')).toContainText('Annual');
  await later.close();
});

test('a failed checkout start still lands on the confirmation page', async ({ page, request }) => {
  const email = await verifiedMember(request, 'failed-start');
  // Isolates one failure mode: the gateway's start call answers 500.
  await page.route('**/api/user/startGatewayStripeSession**', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Gateway down' } }),
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'Get started' }).click();
  await logIn(page, email);
  await page.getByRole('radio', { name: /Weekly/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(
    page.getByRole('heading', { name: 'Thank you! Your subscription is being set up.' }),
  ).toBeVisible();
  // The modal closes 2 s after the attempt, as after a successful start.
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('the signup journey in Spanish: placeholders, check your inbox and the verified view', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('es');
    await page.goto('/');
    await page.getByRole('button', { name: 'Empezar' }).click();
    await page.getByPlaceholder('Nombre Completo').fill('Ana Prueba');
    await page.getByPlaceholder('Ingresa tu correo').fill(email);
    await page.getByPlaceholder('Contraseña').fill(PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Registrarse' }).click();
    await expect(page.getByRole('heading', { name: 'Revisa tu bandeja de entrada' })).toBeVisible();
    await page.goto(await emailedLink(request, email, 'openModal=true'));
    await expect(page.getByRole('heading', { name: 'Tu correo está verificado' })).toBeVisible();
    await expect(page.getByText('Paso 3 de 3')).toBeVisible();
  });
});

test('a verification link opened again says the email is already verified and offers login', async ({
  page,
  request,
}) => {
  const email = await verifiedMember(request, 'reopened');
  const link = new URL(await emailedLink(request, email, 'openModal=true'));
  await page.goto(`${link.pathname}${link.search}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toHaveText('Your email is already verified. Log in to continue.');
  await expect(dialog.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
});

test("the signup form marks every empty field invalid, the password's included", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Signup' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign up' }).click();
  for (const placeholder of ['Full Name', 'Enter email', 'Password']) {
    await expect(page.getByPlaceholder(placeholder)).toHaveAttribute('aria-invalid', 'true');
  }
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test("the challenge's steps show the trainer's texts in Spanish, none left in English", async ({
    page,
    request,
  }) => {
    const email = await verifiedMember(request, 'espanol');
    await page.goto('/challenge/30-day-shred');
    await page.getByRole('button', { name: 'Únete al reto' }).click();
    await page.getByRole('button', { name: '¿Ya tienes una cuenta? Inicia sesión' }).click();
    await page.getByPlaceholder('Ingresa tu correo').fill(email);
    await page.getByPlaceholder('Contraseña').fill(PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Paso 2 de 3')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Reto Shred de 30 días/ })).toBeVisible();
    await expect(dialog).not.toContainText('30-Day Shred');
    await dialog.getByRole('button', { name: 'Siguiente paso' }).click();
    await expect(dialog.getByText('Paso 3 de 3')).toBeVisible();
    await expect(dialog.getByText('Sigue con una membresía')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Mensual/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Pagar' })).toBeVisible();
    for (const english of ['Keep going with a membership', 'Monthly', 'Annual', 'Checkout']) {
      await expect(dialog).not.toContainText(english);
    }
  });
});
