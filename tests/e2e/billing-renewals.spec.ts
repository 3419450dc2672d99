// Trials and renewals in a real browser against the real server: the test clock ending a trial and
// charging the first month, a card declined on renewal and fixed in the portal, and a returning
// member offered no second trial. Every amount is read from one screen and looked for on the others.
import { advanceClock, billingOf, checkout, loginToken } from './billing-steps.ts';
import {
  keepScreenshot,
  payWithTestCard,
  registerMember,
  signIn,
  TRAINER_ID,
  verifiedMember,
} from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

test('moving the test clock past the trial charges the first month and emails the receipt', async ({
  page,
  request,
}) => {
  const email = await verifiedMember(request, 'clock');
  const token = await loginToken(request, email);
  await signIn(page, { id: '', token, email, name: '' });
  await checkout(page, token, 'monthly');
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByTestId('first-charge')).toHaveText(/^First charge: \$29\.99 on /);

  await advanceClock(request, email, 8);
  await page.goto('/dev/mailbox');
  const receipt = page
    .locator('li', { hasText: 'Coach Rivera Fitness: your receipt' })
    .filter({ hasText: email });
  await expect(receipt).toHaveCount(1);
  await page.goto('/profile/purchases');
  await expect(page.getByTestId('purchases')).toContainText('$29.99');
});

test('a card declined on renewal shows the past-due notice and opens the portal to fix the card', async ({
  page,
  request,
}) => {
  const email = await verifiedMember(request, 'declined');
  const token = await loginToken(request, email);
  await signIn(page, { id: '', token, email, name: '' });
  await checkout(page, token, 'weekly');
  await page.locator('#number').fill('4000 0000 0000 0341');
  await page.locator('#expiry').fill('12/40');
  await page.locator('#cvc').fill('123');
  await page.locator('form button.primary[type="submit"]').click();
  await expect(page).toHaveURL(/\/confirmation$/);

  await advanceClock(request, email, 8);
  await page.goto('/profile/subscription');
  await expect(page.getByTestId('past-due')).toContainText('Your last payment did not go through');
  await expect(page.getByTestId('past-due')).toContainText('We will try again on');
  await keepScreenshot(page, { path: test.info().outputPath('past-due.png') });
  await page.getByRole('button', { name: 'Update my card' }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\/bps_/);
  await expect(page.getByText('Payment overdue')).toBeVisible();
});

test('a member whose trial ended is offered no second trial, neither on the plan cards nor on the checkout page', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'en', 'Returning Member', 'returning');
  await checkout(page, member.token, 'monthly');
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/confirmation$/);
  const portal = await request.post('/api/user/openGatewayStripePortal', {
    headers: { token: member.token },
    data: { trainerID: TRAINER_ID, route: '/profile/subscription' },
  });
  expect(portal.status()).toBe(201);
  await page.goto(((await portal.json()) as { url: string }).url);
  await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  await expect(page.getByRole('listitem')).toContainText('Cancelled: ends on');
  await advanceClock(request, member.email, 8);
  const ended = await billingOf(request, member.token);
  expect(ended.customer.had_trial).toBe(true);
  expect(ended.customer.subscriptions.data.map((s) => s.status)).toEqual(['canceled']);
  expect(ended.customer.charges).toEqual([]);

  // Signed in only now, so the copy of the member the site keeps is the one whose trial has ended.
  await signIn(page, member);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Go' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
  const monthly = dialog.getByRole('radio', { name: /Monthly/ });
  await expect(monthly).toContainText('$29.99');
  await expect(dialog.getByRole('radio', { name: /Annual/ })).toContainText('$249.99');
  const cards = dialog.getByRole('radio');
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) await expect(card).not.toContainText(/trial/i);
  await keepScreenshot(page, { path: test.info().outputPath('returning-plans.png') });

  await monthly.click();
  await dialog.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Secure checkout (sandbox)' })).toBeVisible();
  // The modal's checkout carries the site's promo code (10% off the first payment).
  await expect(page.getByRole('row', { name: 'Discount (WELCOME10)' })).toHaveText(/−\$3\.00$/);
  await expect(page.locator('#total')).toHaveText('$26.99');
  await expect(page.locator('main')).not.toContainText('free trial');
  await expect(page.locator('form button.primary[type="submit"]')).toHaveText('Pay $26.99');
  await keepScreenshot(page, { path: test.info().outputPath('returning-checkout.png') });

  // Without the promo code the first month is the plan's full price, still with no trial.
  await checkout(page, member.token, 'monthly');
  await expect(page.locator('#total')).toHaveText('$29.99');
  await expect(page.locator('main')).not.toContainText('free trial');
  await expect(page.locator('form button.primary[type="submit"]')).toHaveText('Pay $29.99');
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/confirmation$/);
  expect((await billingOf(request, member.token)).customer.charges.map((c) => c.amount)).toEqual([2999]);
});
