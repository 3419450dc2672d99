// What a member sees after paying, in a real browser against the real server and its sandbox
// gateway: the confirmation page, the purchase in My Purchases, and a cancellation at period end
// made in the billing portal, seen on return, then undone there (decision 133). In English and in
// Spanish.

import { inEachLanguage, payForPrice, registerMember, signIn, WEEKLY_PRICE } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

const TEXTS = {
  en: {
    browser: 'en-US',
    thanks: 'Thank you! Your subscription is being set up.',
    purchasesTab: 'My Purchases',
    subscriptionTab: 'Manage My Subscription',
    openPortal: 'Manage subscription',
    cancel: 'Cancel at the end of the period',
    back: 'Return to the site',
    renews: /^Renews on /,
    ends: /^Cancelled: ends on /,
    renewHint: /^Changed your mind\? Keep your membership before /,
    renew: 'Renew my subscription',
    weekly: '$14.99',
  },
  es: {
    browser: 'es-ES',
    thanks: '¡Gracias! Estamos activando tu suscripción.',
    purchasesTab: 'Mis compras',
    subscriptionTab: 'Administrar mi suscripción',
    openPortal: 'Administrar suscripción',
    cancel: 'Cancelar al final del periodo',
    back: 'Volver al sitio',
    renews: /^Se renueva el /,
    ends: /^Cancelada: termina el /,
    renewHint: /^¿Has cambiado de idea\? Mantén tu membresía antes del /,
    renew: 'Renovar mi suscripción',
    weekly: '$14,99',
  },
} as const;

inEachLanguage(TEXTS, (locale, t) => {
  test('after a sandbox payment: confirmation, purchases, and a cancellation in the portal seen on return, then renewed', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, locale);
    await signIn(page, member);
    await payForPrice(page, member, WEEKLY_PRICE, '/');

    await expect(page.getByRole('heading', { level: 1, name: t.thanks })).toBeVisible();
    // The amount written in the member's language, as every screen and email writes it.
    await expect(page.getByTestId('purchase')).toContainText(t.weekly);
    await expect(page.getByRole('banner')).toHaveCount(0);

    await page.goto('/profile/purchases');
    const row = page.getByRole('row').nth(1);
    await expect(row).toContainText(t.weekly);
    await expect(row).toContainText('4242');

    await page.getByRole('tab', { name: t.subscriptionTab }).click();
    await expect(page.getByText(t.renews)).toBeVisible();
    await page.getByRole('button', { name: t.openPortal }).click();
    await page.waitForURL('**/sandbox/portal/**');
    await page.getByRole('button', { name: t.cancel }).click();
    await page.getByRole('link', { name: t.back }).click();
    await page.waitForURL('**/profile/subscription');
    await expect(page.getByText(t.ends)).toBeVisible();

    // Changed their mind: the portal renews it, as Stripe's does, and the profile says so on return.
    await expect(page.getByText(t.renewHint)).toBeVisible();
    await page.getByRole('button', { name: t.openPortal }).click();
    await page.waitForURL('**/sandbox/portal/**');
    await page.getByRole('button', { name: t.renew }).click();
    await expect(page.getByRole('button', { name: t.cancel })).toBeVisible();
    await page.getByRole('link', { name: t.back }).click();
    await page.waitForURL('**/profile/subscription');
    await expect(page.getByText(t.renews)).toBeVisible();
  });
});
