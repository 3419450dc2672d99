// The home page's prices at 375 px in Spanish: a visitor reads them before signing up, picks the
// annual plan, signs up, opens the emailed link in another tab and pays for that plan on the
// sandbox's page without choosing it again (decision 114).
import { emailedLink, keepScreenshot, PASSWORD, TRAINER_ID, uniqueEmail } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

test.use({ locale: 'es-ES' });

const ANNUAL = `${TRAINER_ID}-price-annual`;

test('a visitor on a phone picks the annual plan on Home, signs up, verifies in another tab and pays for exactly that plan', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/');
  // The demo catalogue's figures, worked out by hand: $249.99 a year against 12 × $29.99 saves
  // 100 − 249.99 / 359.88 × 100 = 30.54, so 31 %.
  const annual = page.getByTestId(`pricing-plan-${ANNUAL}`);
  await expect(annual).toContainText('$249,99');
  await expect(annual).toContainText('anual');
  await expect(annual).toContainText('Ahorra 31%');
  await expect(annual).toContainText('14 días de prueba gratis');
  await expect(page.getByTestId(`pricing-plan-${TRAINER_ID}-price-monthly`)).toContainText('$29,99');
  await expect(page.getByTestId('one-time-30-day-shred')).toContainText('$49');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await keepScreenshot(page, { path: test.info().outputPath('home-prices-es.png'), fullPage: true });

  await page.getByRole('button', { name: 'Elegir Anual' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]plan=${ANNUAL}`));
  const email = uniqueEmail('pricing-es');
  await page.getByPlaceholder('Nombre Completo').fill('Ana Precios');
  await page.getByPlaceholder('Ingresa tu correo').fill(email);
  await page.getByPlaceholder('Contraseña').fill(PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu bandeja de entrada' })).toBeVisible();

  // The emailed link brings the plan back, whichever tab or device opens it.
  const link = await emailedLink(request, email, 'openModal=true');
  expect(new URL(link).searchParams.get('plan')).toBe(ANNUAL);
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Tu correo está verificado' })).toBeVisible();
  await expect(other.getByText('Paso 3 de 3')).toBeVisible();
  const dialog = other.getByRole('dialog');
  await expect(dialog.locator('[role="radio"][aria-checked="true"]')).toHaveCount(1);
  await expect(dialog.locator('[role="radio"][aria-checked="true"]')).toContainText('$249,99');
  await dialog.getByRole('button', { name: 'Pagar' }).click();

  // The sandbox's page charges the plan shown on Home, with its trial.
  await expect(other.locator('table')).toContainText('Anual');
  await expect(other.locator('table')).toContainText('$249,99');
  await expect(other.locator('#total')).toHaveText('$0,00');
  await keepScreenshot(other, { path: test.info().outputPath('sandbox-annual-es.png'), fullPage: true });
  await other.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await other.getByLabel('Caducidad (MM/AA)').fill('12/40');
  await other.getByLabel('CVC').fill('123');
  await other.getByRole('button', { name: /^(Pagar|Empezar la prueba gratuita)/ }).click();
  await expect(other).toHaveURL(/\/confirmation$/);

  const token = await other.evaluate(() => JSON.parse(localStorage.getItem('pcc-user') ?? 'null')?.token);
  const billing = async () =>
    (
      (await (await request.get('/api/user?gateway=true', { headers: { token } })).json()) as {
        user: {
          customer: { charges: { amount: number }[]; subscriptions: { data: { plan: { id: string } }[] } };
        };
      }
    ).user.customer;
  expect((await billing()).subscriptions.data.map((s) => s.plan.id)).toEqual([ANNUAL]);
  // Past the 14-day trial the member is charged the year shown on Home, less the site's promo code
  // WELCOME10 (10 % off the first charge): 24999 − 2500 = 22499.
  const moved = await request.post('/dev/clock', { data: { email, trainerId: TRAINER_ID, days: 15 } });
  expect(moved.ok()).toBe(true);
  expect((await billing()).charges.map((c) => c.amount)).toEqual([22499]);
});
