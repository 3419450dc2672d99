// The hosted checkout and two emails at 375 px in Spanish, against their baselines, and the hosted
// checkout axe-clean (helpers and what is masked: brand-screens.ts).

import { expectNoViolations, memberWithReceipt, openCheckout, openEmail, PICTURE } from './brand-screens.ts';
import { registerMember } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

test.use({ locale: 'es-ES' });

test('the hosted checkout in the brand on a phone, in Spanish', async ({ page, request }) => {
  const member = await registerMember(request, 'es', 'Ana Member', 'brand-checkout-es');
  await openCheckout(page, member, 'challenge');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pago seguro (entorno de pruebas)' }),
  ).toBeVisible();
  await expect(page.locator('#site-name')).toHaveText('Coach Rivera Fitness');
  await expectNoViolations(page, 'the hosted checkout in Spanish');
  await expect(page).toHaveScreenshot('checkout-es.png', PICTURE([]));
});

test('the verification email and the receipt on a phone, in Spanish', async ({ page, request }) => {
  const member = await memberWithReceipt(page, request, 'es');
  await openEmail(page, request, member.email, 'verifica tu correo electrónico');
  await expect(page).toHaveScreenshot('email-verify-es.png', PICTURE([page.locator('a.link')]));
  await openEmail(page, request, member.email, 'tu recibo');
  await expect(page.getByText('Importe pagado: $49')).toBeVisible();
  await expect(page).toHaveScreenshot(
    'email-receipt-es.png',
    PICTURE([page.getByText(/^Fecha: /), page.locator('a.link')]),
  );
});
