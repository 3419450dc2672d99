// Billing at 375 px in Spanish: a card declined on renewal, fixed in the portal, then a plan change
// confirmed on the sandbox's page, each screen in the member's language; a plan-change page left
// open while a renewal is declined, a change made during the trial, and a returning member who is
// offered no second trial.

import type { APIRequestContext, Page } from '@playwright/test';
import { keepScreenshot, type Member, PASSWORD, registerMember, signIn, TRAINER_ID } from './fixtures.ts';
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
  await expect(page.getByTestId('purchases')).toContainText('$14,99');

  await page.goto(await start('monthly'));
  await expect(page.getByRole('heading', { name: 'Cambia tu plan (entorno de pruebas)' })).toBeVisible();
  await expect(page.locator('#new-plan')).toContainText('Membresía de coaching: Mensual');
  await keepScreenshot(page, { path: test.info().outputPath('change-es.png'), fullPage: true });
  await page.getByRole('button', { name: /^Confirmar/ }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await page.goto('/profile/subscription');
  await expect(page.getByTestId('current-subscription')).toContainText('Membresía de coaching: Mensual');
});

async function startCheckout(page: Page, member: Member, price: string): Promise<void> {
  const response = await page.request.post('/api/user/startGatewayStripeSession', {
    headers: { token: member.token },
    data: { prices: [`${TRAINER_ID}-price-${price}`], trainerID: TRAINER_ID, route: '/', campaign: null },
  });
  expect(response.status()).toBe(201);
  await page.goto(((await response.json()) as { url: string }).url);
}

async function payWith(page: Page, number: string): Promise<void> {
  await page.getByLabel('Número de tarjeta').fill(number);
  await page.getByLabel('Caducidad (MM/AA)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^(Pagar|Empezar la prueba gratuita)/ }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
}

async function advanceClock(request: APIRequestContext, member: Member, days: number): Promise<void> {
  const moved = await request.post('/dev/clock', {
    data: { email: member.email, trainerId: TRAINER_ID, days },
  });
  expect(moved.ok()).toBe(true);
}

interface BillingView {
  customer: {
    had_trial: boolean;
    charges: { amount: number }[];
    subscriptions: { data: { status: string; trial_end: string | null }[] };
  };
}

async function billingOf(request: APIRequestContext, member: Member): Promise<BillingView> {
  const response = await request.get('/api/user?gateway=true', { headers: { token: member.token } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { user: BillingView }).user;
}

/** A billing date as every billing surface writes it in Spanish: the day in UTC. */
const billingDay = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** Nothing wider than the phone: a member never scrolls sideways to read an amount. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test('a plan-change page left open while the renewal is declined charges nothing, and the fixed card pays only the renewal, in Spanish on a phone', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'es', 'Ana Atrasada', 'old-change-page-es');
  await signIn(page, member);
  await startCheckout(page, member, 'weekly');
  await payWith(page, '4000 0000 0000 0341');

  await startCheckout(page, member, 'annual');
  await expect(page.getByRole('heading', { name: 'Cambia tu plan (entorno de pruebas)' })).toBeVisible();
  const total = (await page.locator('#total').textContent()) ?? '';
  expect(total).toMatch(/^\$\d+(,\d{2})?$/);
  const confirm = page.getByRole('button', { name: `Confirmar y pagar ${total}` });
  await expect(confirm).toBeVisible();

  // The weekly renewal falls due while the page stays open, and the 0341 card declines it.
  await advanceClock(request, member, 8);
  await confirm.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Tu último pago no se ha realizado. No se ha cobrado nada y tu plan sigue igual: actualiza primero tu tarjeta.',
  );
  await expect(page.getByRole('button', { name: /^Confirmar/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, {
    path: test.info().outputPath('old-change-page-refused-es.png'),
    fullPage: true,
  });
  expect((await billingOf(request, member)).customer.charges.map((c) => c.amount)).toEqual([1499]);

  // The refusal leads to where the card is fixed.
  await page.getByRole('link', { name: 'Actualizar tarjeta' }).click();
  await expect(page).toHaveURL(/\/profile\/subscription$/);
  await expect(page.getByTestId('past-due')).toContainText('Tu último pago no se ha podido realizar');
  await page.getByRole('button', { name: 'Actualizar mi tarjeta' }).click();
  await expect(page.getByText('Pago atrasado')).toBeVisible();
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Caducidad (MM/AA)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
  await expect(page.getByRole('listitem')).toContainText('Activa.');
  await page.getByRole('link', { name: 'Volver al sitio' }).click();
  await expect(page.getByTestId('current-subscription')).toContainText('Membresía de coaching: Semanal');
  await expect(page.getByTestId('past-due')).toHaveCount(0);

  await page.goto('/profile/purchases');
  await expect(page.getByTestId('purchases').locator('tbody tr td:first-child')).toHaveText([
    '$14,99',
    '$14,99',
  ]);
  await expect(page.getByTestId('purchases')).not.toContainText('$249,99');
  await expect(page.getByTestId('purchases')).not.toContainText(total);
  await keepScreenshot(page, {
    path: test.info().outputPath('purchases-after-card-fix-es.png'),
    fullPage: true,
  });
});

test('changing to the annual plan during the trial quotes $0 today and $249,99 at the trial end, in Spanish on a phone', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'es', 'Ana Prueba', 'trial-change-es');
  await signIn(page, member);
  await startCheckout(page, member, 'monthly');
  await payWith(page, '4242 4242 4242 4242');
  const trialEnd = (await billingOf(request, member)).customer.subscriptions.data[0]?.trial_end;
  expect(trialEnd).toBeTruthy();
  const trialEndDay = billingDay(trialEnd as string);

  await startCheckout(page, member, 'annual');
  await expect(page.getByRole('heading', { name: 'Cambia tu plan (entorno de pruebas)' })).toBeVisible();
  await expect(page.locator('#new-plan')).toHaveText(/^Membresía de coaching: Anual\s*\$249,99 al año$/);
  await expect(page.locator('#total')).toHaveText('$0,00');
  await expect(page.locator('#next-renewal')).toHaveText(
    `Después $249,99 al año, a partir del ${trialEndDay}`,
  );
  await expect(
    page.getByText(`Tu prueba gratuita sigue hasta el ${trialEndDay}; el plan nuevo se cobra entonces.`),
  ).toBeVisible();
  await expect(page.getByText('Las fechas están en UTC.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, { path: test.info().outputPath('trial-change-page-es.png'), fullPage: true });
  await page.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);

  await page.goto('/profile/subscription');
  await expect(page.getByTestId('current-subscription')).toContainText('Membresía de coaching: Anual');
  await expect(page.getByTestId('next-charge')).toHaveText(`Próximo cargo: $249,99 el ${trialEndDay}`);
  await keepScreenshot(page, { path: test.info().outputPath('trial-change-profile-es.png'), fullPage: true });

  await advanceClock(request, member, 15);
  await page.goto('/profile/purchases');
  await expect(page.getByTestId('purchases').locator('tbody tr td:first-child')).toHaveText(['$249,99']);
  await expect(page.getByTestId('purchases')).toContainText(trialEndDay);
  await keepScreenshot(page, {
    path: test.info().outputPath('trial-change-purchases-es.png'),
    fullPage: true,
  });
});

test('a member whose trial ended is offered no second trial on the plan cards or the checkout page, in Spanish on a phone', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'es', 'Ana Vuelve', 'returning-es');
  await startCheckout(page, member, 'monthly');
  await payWith(page, '4242 4242 4242 4242');
  const portal = await request.post('/api/user/openGatewayStripePortal', {
    headers: { token: member.token },
    data: { trainerID: TRAINER_ID, route: '/profile/subscription' },
  });
  expect(portal.status()).toBe(201);
  await page.goto(((await portal.json()) as { url: string }).url);
  await page.getByRole('button', { name: 'Cancelar al final del periodo' }).click();
  await expect(page.getByRole('listitem')).toContainText('Cancelada: termina el');
  await advanceClock(request, member, 8);
  const ended = await billingOf(request, member);
  expect(ended.customer.had_trial).toBe(true);
  expect(ended.customer.subscriptions.data.map((s) => s.status)).toEqual(['canceled']);
  expect(ended.customer.charges).toEqual([]);

  // The member comes back and logs in from the home page's modal.
  await page.goto('/');
  await page.getByRole('button', { name: 'Empezar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '¿Ya tienes una cuenta? Inicia sesión' }).click();
  await dialog.getByPlaceholder('Ingresa tu correo').fill(member.email);
  await dialog.getByPlaceholder('Contraseña').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(dialog.getByText('Paso 3 de 3')).toBeVisible();
  const monthly = dialog.getByRole('radio', { name: /Mensual/ });
  await expect(monthly).toContainText('$29,99');
  await expect(dialog.getByRole('radio', { name: /Anual/ })).toContainText('$249,99');
  const cards = dialog.getByRole('radio');
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) await expect(card).not.toContainText(/prueba/i);
  // The modal fills the phone and scrolls inside itself: the card is brought into the picture.
  await monthly.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: test.info().outputPath('returning-plans-es.png') });

  await monthly.click();
  await dialog.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Pago seguro (entorno de pruebas)' })).toBeVisible();
  // The modal's checkout carries the site's promo code (10% off the first payment).
  await expect(page.getByRole('row', { name: 'Descuento (WELCOME10)' })).toHaveText(/−\$3,00$/);
  await expect(page.locator('#total')).toHaveText('$26,99');
  await expect(page.locator('main')).not.toContainText(/prueba gratuita/i);
  await expect(page.getByRole('button', { name: /^(Pagar|Empezar)/ })).toHaveText('Pagar $26,99');
  await expect(page.getByLabel('Caducidad (MM/AA)')).toHaveAttribute('placeholder', 'MM/AA');
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, { path: test.info().outputPath('returning-checkout-es.png'), fullPage: true });

  // Without the promo code the first month is the plan's full price, still with no trial.
  await startCheckout(page, member, 'monthly');
  await expect(page.locator('#total')).toHaveText('$29,99');
  await expect(page.locator('main')).not.toContainText(/prueba gratuita/i);
  await expect(page.getByRole('button', { name: /^(Pagar|Empezar)/ })).toHaveText('Pagar $29,99');
  await payWith(page, '4242 4242 4242 4242');
  expect((await billingOf(request, member)).customer.charges.map((c) => c.amount)).toEqual([2999]);
});
