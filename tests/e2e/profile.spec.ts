// The profile area in a real browser against the real server: a member edits the profile and changes
// the password, in English and in Spanish.

import {
  inEachLanguage,
  keepScreenshot,
  PASSWORD,
  registerMember,
  signIn,
  TRAINER_ID,
  uniqueEmail,
} from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

const TEXTS = {
  en: {
    browser: 'en-US',
    fullName: 'Full Name',
    email: 'Email',
    phone: 'Phone',
    needPassword: 'Please enter your current password to change your email',
    oldTold: /We have also told your old address about the change\./,
    changedSubject: /your email address was changed/,
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
    email: 'Correo electrónico',
    phone: 'Teléfono',
    needPassword: 'Introduce tu contraseña actual para cambiar tu correo',
    oldTold: /También avisamos del cambio a tu dirección anterior\./,
    changedSubject: /se cambió tu dirección de correo/,
    save: 'Guardar cambios',
    saved: 'Tu perfil se ha guardado.',
    passwordTab: 'Cambiar contraseña',
    old: 'Contraseña actual',
    new: 'Contraseña nueva',
    change: 'Cambiar contraseña',
    changed: 'Tu contraseña se ha cambiado. Se ha cerrado la sesión en tus otros dispositivos.',
  },
} as const;

inEachLanguage(TEXTS, (locale, t) => {
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

  test('changing the email asks for the current password and tells the old address', async ({
    page,
    request,
  }, testInfo) => {
    // The shell's policy allows inline styles only with its nonce: any style Mantine wrote
    // without it would be refused and reported here.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const member = await registerMember(request, locale);
    await signIn(page, member);
    await page.goto('/profile');
    const newEmail = uniqueEmail('moved');
    await page.getByLabel(t.email, { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.needPassword)).toBeVisible();
    await page.getByLabel(t.old).fill(PASSWORD);
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.oldTold)).toBeVisible();
    await keepScreenshot(page, { path: testInfo.outputPath(`email-change-${locale}.png`), fullPage: true });

    const { messages } = (await (await request.get('/dev/mailbox.json')).json()) as {
      messages: { to: string; subject: string; text: string }[];
    };
    const told = messages.find((m) => m.to === member.email && t.changedSubject.test(m.subject));
    expect(told?.text).toContain(newEmail);
    expect(messages.some((m) => m.to === newEmail)).toBe(true);
    expect(refused).toEqual([]);
  });

  test('after a password change the old password fails and the new one works', async ({ page, request }) => {
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

test('a session revoked elsewhere signs the member out to Home', async ({ page, request }) => {
  const member = await registerMember(request, 'en');
  await signIn(page, member);
  // The profile shows the stored member at once; the session confirms them with the server just after.
  const confirmed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/user' && response.request().method() === 'GET',
  );
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  expect((await confirmed).ok()).toBe(true);
  // Signing out on another device revokes the token this browser holds.
  const revoked = await request.post('/api/user/logout', { headers: { token: member.token } });
  expect(revoked.ok()).toBe(true);
  await page.getByRole('tab', { name: 'My Purchases' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pcc-user'))).toBeNull();
});
