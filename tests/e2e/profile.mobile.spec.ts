// The profile area at 375 px: the four sections and their forms fit the width.

import { keepScreenshot, PROFILE_SECTIONS, registerMember, signIn, uniqueEmail } from './fixtures.ts';
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
});
