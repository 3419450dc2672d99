// The home page's prices for a signed-in monthly member, on the desktop in English: their plan is
// marked, the annual plan is offered as the upgrade, and no trial is promised again.
import { payForPrice, registerMember, signIn, TRAINER_ID } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

test('a monthly member sees their plan marked on Home and only the upgrade to the annual plan', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'en', 'Mona Monthly', 'pricing-monthly');
  await signIn(page, member);
  await payForPrice(page, member, `${TRAINER_ID}-price-monthly`, '/');
  await page.goto('/');

  const monthly = page.getByTestId(`pricing-plan-${TRAINER_ID}-price-monthly`);
  await expect(monthly).toContainText('Subscribed');
  await expect(monthly).toContainText('$29.99');
  await expect(page.getByText('Subscribed', { exact: true })).toHaveCount(1);
  // The trial was theirs once: no plan promises it again.
  await expect(page.getByText(/free trial/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Upgrade to Annual' }).click();
  await expect(page.getByRole('heading', { name: 'You already have a plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I want to upgrade' })).toBeVisible();
});
