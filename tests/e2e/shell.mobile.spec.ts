import { expect, test } from './flow-recorder.ts';

test('at 375 px the navigation bar fits and offers Login and Signup', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Signup' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Coach Rivera Fitness/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('at 375 px the footer stacks its links and the language switch works', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'Español' }).click();
  await expect(footer.getByRole('link', { name: 'Política de privacidad' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Registrarse' })).toBeVisible();
});
