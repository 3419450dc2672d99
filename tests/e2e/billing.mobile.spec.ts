// Billing at 375 px in Spanish: a card declined on renewal, fixed in the portal, then a plan change
// confirmed on the sandbox's page, each screen in the member's language.

import { keepScreenshot, registerMember, signIn, TRAINER_ID } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

test.use({ locale: 'es-ES' });

test('a declined renewal fixed with a new card, then a plan change, in Spanish on a phone', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'es');
  await signIn(page, member);
  const start = async (price: string) => {
    const response = await page.request.post('/api/user/startGatewayStripeSession', {
      headers: { token: member.token },
      data: { prices: [`${TRAINER_ID}-price-${price}`], trainerID: TRAINER_ID, route: '/', campaign: null },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { url: string }).url;
  };
  const fillCard = async (number: string) => {
    await page.getByLabel('Número de tarjeta').fill(number);
    await page.getByLabel('Caducidad (MM/AA)').fill('12/40');
    await page.getByLabel('CVC').fill('123');
  };

  await page.goto(await start('weekly'));
  await fillCard('4000 0000 0000 0341');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  const moved = await request.post('/dev/clock', {
    data: { email: member.email, trainerId: TRAINER_ID, days: 8 },
  });
  expect(moved.ok()).toBe(true);

  await page.goto('/profile/subscription');
  await expect(page.getByTestId('past-due')).toContainText('Tu último pago no se ha podido realizar');
  await keepScreenshot(page, { path: test.info().outputPath('past-due-es.png'), fullPage: true });
  await page.getByRole('button', { name: 'Actualizar mi tarjeta' }).click();
  await expect(page.getByText('Pago atrasado')).toBeVisible();
  await fillCard('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
  await expect(page.getByRole('listitem')).toContainText('Activa.');
  await page.getByRole('link', { name: 'Volver al sitio' }).click();
  await expect(page.getByText(/^Próximo cargo: \$14,99 el /)).toBeVisible();
  await page.goto('/profile/purchases');
  await expect(page.getByRole('table')).toContainText('$14,99');

  await page.goto(await start('monthly'));
  await expect(page.getByRole('heading', { name: 'Cambia tu plan (entorno de pruebas)' })).toBeVisible();
  await expect(page.locator('#new-plan')).toContainText('Coaching Membership: Mensual');
  await keepScreenshot(page, { path: test.info().outputPath('change-es.png'), fullPage: true });
  await page.getByRole('button', { name: /^Confirmar/ }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await page.goto('/profile/subscription');
  await expect(page.getByTestId('current-subscription')).toContainText('Coaching Membership: Mensual');
});
