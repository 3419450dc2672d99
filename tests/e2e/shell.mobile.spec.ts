import { expect, test } from './flow-recorder.ts';
import { expectPicture, openCountingShifts } from './product-pages.ts';

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

test.describe('at 375 px in Spanish, a product page', () => {
  test.use({ locale: 'es-ES' });

  for (const [path, heading, button, name] of [
    ['/challenge/30-day-shred', 'Únete al Shred de 30 días', 'Únete al reto', 'Reto Shred de 30 días'],
    ['/course/strength-foundations', 'Fundamentos de fuerza', 'Obtén el curso', 'Fundamentos de fuerza'],
  ] as const) {
    test(`${path} shows its picture above the offer, the button on screen, and nothing moves`, async ({
      page,
    }) => {
      const shifted = await openCountingShifts(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Named after the product, in Spanish.
      await expectPicture(page, name);
      const picture = page.getByRole('main').getByRole('img', { name });
      await expect(page.getByRole('button', { name: button })).toBeInViewport();
      const [top, title] = [await picture.boundingBox(), await page.locator('h1').boundingBox()];
      expect(top && title && top.y + top.height <= title.y).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await shifted()).toBeLessThan(0.01);
    });
  }
});
