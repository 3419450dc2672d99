// The subscription after checkout, in a real browser against the real server: the upgrade offer
// confirmed on the sandbox's plan-change page, the test clock ending a trial and renewing, and a
// card declined on renewal. Every amount is read from one screen and looked for on the others.
import type { APIRequestContext, Page } from '@playwright/test';
import { keepScreenshot, PASSWORD, payWithTestCard, signIn, TRAINER_ID, verifiedMember } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

async function loginToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/user/login?gateway=true', {
    data: { email, password: PASSWORD, trainerID: TRAINER_ID },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { userToken: string }).userToken;
}

async function checkout(page: Page, token: string, price: string): Promise<void> {
  const response = await page.request.post('/api/user/startGatewayStripeSession', {
    headers: { token },
    data: { prices: [`${TRAINER_ID}-price-${price}`], trainerID: TRAINER_ID, route: '/', campaign: null },
  });
  expect(response.status()).toBe(201);
  await page.goto(((await response.json()) as { url: string }).url);
}

async function advanceClock(request: APIRequestContext, email: string, days: number): Promise<void> {
  const response = await request.post('/dev/clock', { data: { email, trainerId: TRAINER_ID, days } });
  expect(response.ok()).toBe(true);
}

async function signInThroughModal(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByPlaceholder('Enter email').fill(email);
  await page.getByPlaceholder('Password').fill(PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Login', exact: true }).click();
}

test('a monthly subscriber takes the upgrade offer, confirms the prorated change, and has one annual subscription', async ({
  browser,
  page: payment,
  request,
}) => {
  const email = await verifiedMember(request, 'upgrade-change');
  const token = await loginToken(request, email);
  await checkout(payment, token, 'monthly');
  await payWithTestCard(payment);
  await expect(payment).toHaveURL(/\/confirmation$/);
  // Past the trial: the monthly plan is paid, so the upgrade credits what is left of the month.
  await advanceClock(request, email, 8);

  // A later visit: the member signs in and meets the already-have-the-plan screen.
  const page = await browser.newPage();
  await signInThroughModal(page, email);
  await expect(page.getByRole('heading', { name: 'You already have a plan' })).toBeVisible();
  await page.getByRole('button', { name: 'I want to upgrade' }).click();

  await expect(page).toHaveURL(/\/sandbox\/portal\/chg_[^/]+\/change$/);
  await expect(page.getByRole('heading', { name: 'Change your plan (sandbox)' })).toBeVisible();
  await expect(page.locator('#new-plan')).toContainText('Membership: Annual');
  const total = (await page.locator('#total').textContent()) ?? '';
  expect(total).toMatch(/^\$\d+\.\d{2}$/);
  await keepScreenshot(page, { path: test.info().outputPath('change-page.png') });
  await page.getByRole('button', { name: `Confirm and pay ${total}` }).click();
  await expect(page).toHaveURL(/\/confirmation$/);

  await page.goto('/profile/subscription');
  await expect(page.getByTestId('current-subscription')).toContainText('Membership: Annual');
  await expect(page.getByText(/^Next charge: \$249\.99 on /)).toBeVisible();
  await page.goto('/profile/purchases');
  await expect(page.getByRole('table')).toContainText('$29.99');
  // The same amount, written the site's way ('$221' for whole dollars).
  const paid = Number(total.replace(/[$,]/g, ''));
  await expect(page.getByRole('table')).toContainText(`$${Number.isInteger(paid) ? paid : paid.toFixed(2)}`);
  await keepScreenshot(page, { path: test.info().outputPath('purchases.png') });

  const subscriptions = (await (
    await request.get('/api/user?gateway=true', { headers: { token: await loginToken(request, email) } })
  ).json()) as { user: { customer: { subscriptions: { data: { status: string }[] } } } };
  expect(subscriptions.user.customer.subscriptions.data.filter((s) => s.status !== 'canceled')).toHaveLength(
    1,
  );
  await page.close();
});

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
  await expect(page.getByRole('table')).toContainText('$29.99');
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
  await page.locator('form button[type="submit"]').first().click();
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
