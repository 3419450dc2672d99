// The hosted checkout and two emails at 1280 px in English, against their baselines, and the hosted
// pages axe-clean (helpers and what is masked: brand-screens.ts).

import {
  expectNoViolations,
  memberWithReceipt,
  openCheckout,
  openEmail,
  openPortal,
  PICTURE,
} from './brand-screens.ts';
import { payWithTestCard, registerMember } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

test.use({ locale: 'en-US' });

test('the hosted checkout in the brand: its picture, and no WCAG A/AA violation', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'en', 'Ana Member', 'brand-checkout');
  await openCheckout(page, member, 'challenge');
  await expect(page.getByRole('heading', { level: 1, name: 'Secure checkout (sandbox)' })).toBeVisible();
  await expect(page.locator('#site-name')).toHaveText('Coach Rivera Fitness');
  await expectNoViolations(page, 'the hosted checkout');
  await expect(page).toHaveScreenshot('checkout-en.png', PICTURE([]));
});

test('the verification email and the receipt in the brand', async ({ page, request }) => {
  const member = await memberWithReceipt(page, request, 'en');
  await openEmail(page, request, member.email, 'verify your email');
  await expect(page.getByRole('link', { name: 'Verify my email' })).toBeVisible();
  await expect(page).toHaveScreenshot('email-verify-en.png', PICTURE([page.locator('a.link')]));
  await openEmail(page, request, member.email, 'your receipt');
  await expect(page.getByText('Amount paid: $49')).toBeVisible();
  await expect(page).toHaveScreenshot(
    'email-receipt-en.png',
    PICTURE([page.getByText(/^Date: /), page.locator('a.link')]),
  );
});

test('the hosted portal and plan change have no WCAG A/AA violation', async ({ page, request }) => {
  const member = await registerMember(request, 'en', 'Ana Member', 'brand-portal');
  await openCheckout(page, member, 'weekly');
  await payWithTestCard(page);
  await page.waitForURL('**/confirmation');
  await openPortal(page, member);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Manage your subscription (sandbox)' }),
  ).toBeVisible();
  await expectNoViolations(page, 'the hosted portal');
  await openCheckout(page, member, 'monthly');
  await expect(page.getByRole('heading', { level: 1, name: 'Change your plan (sandbox)' })).toBeVisible();
  await expectNoViolations(page, 'the hosted plan change');
});
