// The site at 375 px in Spanish: the same screenshot baselines as brand.spec.ts, and what a phone
// must keep: the site's whole name beside Login and Signup, the challenge's button on the first
// screen.
import { modalAtPlans, pictureOptions, profileTabPicture, settle } from './brand-pictures.ts';
import { PROFILE_SECTIONS } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

test.use({ locale: 'es-ES' });

const SPANISH_SECTIONS: Record<string, string> = {
  '/profile': 'Mi perfil',
  '/profile/subscription': 'Administrar mi suscripción',
  '/profile/password': 'Cambiar contraseña',
  '/profile/purchases': 'Mis compras',
};

test('Home in Spanish, the whole site name beside Login and Signup', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId(/^pricing-plan-/).first()).toBeVisible();
  const name = page.getByRole('banner').getByText('Coach Rivera Fitness', { exact: true });
  await expect(name).toBeInViewport({ ratio: 1 });
  // Not cut to "Coach …": the text fits its box, and the box is not squeezed to nothing.
  const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth || el.clientWidth < 60);
  expect(cut).toBe(false);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Registrarse' })).toBeInViewport();
  await settle(page);
  // The first screen: a phone's full-page capture resizes the viewport, and Home's 100vh with it.
  await expect(page).toHaveScreenshot('home.png', pictureOptions(page));
});

test('a challenge page in Spanish: the price and the button on the first screen', async ({ page }) => {
  await page.goto('/challenge/30-day-shred');
  await expect(page.getByTestId('offer-price')).toHaveText('$49 · pago único');
  await expect(page.getByTestId('join-offer')).toBeInViewport({ ratio: 1 });
  await settle(page);
  await expect(page).toHaveScreenshot('challenge.png', pictureOptions(page));
});

test("the modal's steps in Spanish", async ({ page, request }) => {
  const dialog = await modalAtPlans(
    page,
    request,
    { join: 'Únete al reto', fullName: 'Nombre Completo', lastStep: 'Paso 3 de 3' },
    { locale: 'es', name: 'Ana Miembro', tag: 'brand-modal-es' },
  );
  await dialog.getByRole('radio', { name: /Trimestral/ }).click();
  await expect(dialog.getByRole('radio', { name: /Trimestral/ }).getByText('Elegido')).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot('modal-plans.png', pictureOptions(page));
});

for (const [path] of PROFILE_SECTIONS) {
  test(`the profile's tab ${path} in Spanish`, async ({ page, request }) => {
    await profileTabPicture(
      page,
      request,
      { path, heading: SPANISH_SECTIONS[path], masked: /\d{4}/ },
      { locale: 'es', name: 'Ana Miembro', tag: 'brand-profile-es' },
    );
  });
}
