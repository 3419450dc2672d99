// The profile area in a real browser against the real server: a member edits the profile and changes
// the password, in English and in Spanish.
import { expect, test } from '@playwright/test';
import { PASSWORD, registerMember, signIn, TRAINER_ID } from './fixtures.ts';

const TEXTS = {
  en: {
    browser: 'en-US',
    fullName: 'Full Name',
    phone: 'Phone',
    save: 'Save changes',
    saved: 'Your profile has been saved.',
    passwordTab: 'Change Password',
    old: 'Current password',
    new: 'New password',
    change: 'Change password',
    changed: 'Your password has been changed. You have been signed out on your other devices.',
  },
  es: {
    browser: 'es-ES',
    fullName: 'Nombre Completo',
    phone: 'Teléfono',
    save: 'Guardar cambios',
    saved: 'Tu perfil se ha guardado.',
    passwordTab: 'Cambiar contraseña',
    old: 'Contraseña actual',
    new: 'Contraseña nueva',
    change: 'Cambiar contraseña',
    changed: 'Tu contraseña se ha cambiado. Se ha cerrado la sesión en tus otros dispositivos.',
  },
} as const;

for (const [locale, t] of Object.entries(TEXTS) as [
  keyof typeof TEXTS,
  (typeof TEXTS)[keyof typeof TEXTS],
][]) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: t.browser });

    test('a member edits the profile and the server keeps it', async ({ page, request }) => {
      const member = await registerMember(request, locale);
      await signIn(page, member);
      await page.goto('/profile');
      await page.getByLabel(t.fullName).fill('Ana Rivera');
      await page.getByLabel(t.phone).fill('+34 600 111 222');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved)).toBeVisible();
      const stored = await request.get('/api/user?gateway=true', { headers: { token: member.token } });
      const { user } = (await stored.json()) as { user: { profile: { name: string; phone: string } } };
      expect(user.profile).toMatchObject({ name: 'Ana Rivera', phone: '+34 600 111 222' });
    });

    test('after a password change the old password fails and the new one works', async ({
      page,
      request,
    }) => {
      const member = await registerMember(request, locale);
      await signIn(page, member);
      await page.goto('/profile');
      await page.getByRole('tab', { name: t.passwordTab }).click();
      await page.getByLabel(t.old).fill(PASSWORD);
      await page.getByLabel(t.new).fill('second-password-2');
      await page.getByRole('button', { name: t.change }).click();
      await expect(page.getByText(t.changed)).toBeVisible();
      const login = (password: string) =>
        request.post('/api/user/login?gateway=true', {
          data: { email: member.email, password, trainerID: TRAINER_ID },
        });
      expect((await login(PASSWORD)).status()).toBe(401);
      expect((await login('second-password-2')).status()).toBe(200);
    });
  });
}
