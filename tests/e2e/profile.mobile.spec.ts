// The profile area at 375 px: the four sections and their forms fit the width.

import {
  keepScreenshot,
  PROFILE_SECTIONS,
  payForPrice,
  registerMember,
  signIn,
  TRAINER_ID,
  uniqueEmail,
  WEEKLY_PRICE,
} from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

test('at 375 px the profile sections fit without scrolling sideways', async ({ page, request }) => {
  const member = await registerMember(request, 'en');
  await signIn(page, member);
  for (const [path, heading] of PROFILE_SECTIONS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    for (const tab of ['My Profile', 'Manage My Subscription', 'Change Password', 'My Purchases']) {
      await expect(page.getByRole('tab', { name: tab })).toBeInViewport();
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('at 375 px the email change asks for the password within the width', async ({
    page,
    request,
  }, testInfo) => {
    const member = await registerMember(request, 'es');
    await signIn(page, member);
    await page.goto('/profile');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(uniqueEmail('movil'));
    await expect(page.getByLabel('Contraseña actual')).toBeInViewport();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Introduce tu contraseña actual para cambiar tu correo')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: testInfo.outputPath('email-change-es-375.png'), fullPage: true });
  });

  test('at 375 px My Purchases stacks each charge as a card of labelled values, nothing to scroll', async ({
    page,
    request,
  }, testInfo) => {
    const member = await registerMember(request, 'es');
    await signIn(page, member);
    await payForPrice(page, member, WEEKLY_PRICE, '/');
    await payForPrice(page, member, `${TRAINER_ID}-price-challenge`, '/challenge/30-day-shred');
    await page.goto('/profile/purchases');
    const rows = page.getByTestId('purchases').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      await expect(row).toBeInViewport();
      // Every cell's value begins at the same place, right of its label, within the phone's width.
      for (const cell of await row.locator('td').all()) {
        const box = await cell.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
        const label = await cell.evaluate((td) => getComputedStyle(td, '::before').content);
        expect(['"Importe"', '"Suscripción"', '"Fecha"', '"Método de pago"']).toContain(label);
      }
    }
    await expect(rows.first().locator('td').first()).toHaveText(/\$/);
    const overflow = await page.evaluate(() => {
      const table = document.querySelector('table');
      const box = table?.parentElement;
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        table: box ? box.scrollWidth - box.clientWidth : 0,
      };
    });
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(overflow.table).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: testInfo.outputPath('purchases-es-375.png'), fullPage: true });
  });
});
