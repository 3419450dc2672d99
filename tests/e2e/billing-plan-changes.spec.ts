// Plan changes in a real browser against the real server: the upgrade offer confirmed on the
// sandbox's plan-change page, a change page left open while a renewal is declined, a change made
// during the trial. Every amount is read from one screen and looked for on the others.
import {
  advanceClock,
  billingDay,
  billingOf,
  checkout,
  loginToken,
  payWithCard,
  signInThroughModal,
} from './billing-steps.ts';
import { keepScreenshot, payWithTestCard, registerMember, signIn, verifiedMember } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

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
  await expect(page.getByTestId('purchases')).toContainText('$29.99');
  // The same amount, written the site's way ('$221' for whole dollars).
  const paid = Number(total.replace(/[$,]/g, ''));
  await expect(page.getByTestId('purchases')).toContainText(
    `$${Number.isInteger(paid) ? paid : paid.toFixed(2)}`,
  );
  await keepScreenshot(page, { path: test.info().outputPath('purchases.png') });

  const subscriptions = (await (
    await request.get('/api/user?gateway=true', { headers: { token: await loginToken(request, email) } })
  ).json()) as { user: { customer: { subscriptions: { data: { status: string }[] } } } };
  expect(subscriptions.user.customer.subscriptions.data.filter((s) => s.status !== 'canceled')).toHaveLength(
    1,
  );
  await page.close();
});

test('a plan-change page left open while the renewal is declined refuses to charge, and the fixed card pays only the renewal', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'en', 'Past Due Member', 'old-change-page');
  await signIn(page, member);
  await checkout(page, member.token, 'weekly');
  await payWithCard(page, '4000 0000 0000 0341');
  await expect(page).toHaveURL(/\/confirmation$/);

  await checkout(page, member.token, 'annual');
  await expect(page.getByRole('heading', { name: 'Change your plan (sandbox)' })).toBeVisible();
  const total = (await page.locator('#total').textContent()) ?? '';
  expect(total).toMatch(/^\$\d+(\.\d{2})?$/);
  const confirm = page.getByRole('button', { name: `Confirm and pay ${total}` });
  await expect(confirm).toBeVisible();

  // The weekly renewal falls due while the page stays open, and the 0341 card declines it.
  await advanceClock(request, member.email, 8);
  await confirm.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Your last payment did not go through. Nothing was charged and your plan is unchanged: please update your card first.',
  );
  await expect(page.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
  await keepScreenshot(page, { path: test.info().outputPath('old-change-page-refused.png') });
  expect((await billingOf(request, member.token)).customer.charges.map((c) => c.amount)).toEqual([1499]);

  // The refusal leads to where the card is fixed.
  await page.getByRole('link', { name: 'Update card' }).click();
  await expect(page).toHaveURL(/\/profile\/subscription$/);
  await expect(page.getByTestId('past-due')).toContainText('Your last payment did not go through');
  await page.getByRole('button', { name: 'Update my card' }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\/bps_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('listitem')).toContainText('Active.');
  await page.getByRole('link', { name: 'Return to the site' }).click();
  await expect(page.getByTestId('current-subscription')).toContainText('Membership: Weekly');
  await expect(page.getByTestId('past-due')).toHaveCount(0);

  await page.goto('/profile/purchases');
  const amounts = page.getByTestId('purchases').locator('tbody tr td:first-child');
  await expect(amounts).toHaveText(['$14.99', '$14.99']);
  await expect(page.getByTestId('purchases')).not.toContainText('$249.99');
  await expect(page.getByTestId('purchases')).not.toContainText(total);
  await keepScreenshot(page, { path: test.info().outputPath('purchases-after-card-fix.png') });
});

test('changing to the annual plan during the trial quotes $0 today and $249.99 at the trial end, and charges it then', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'en', 'Trial Member', 'trial-change');
  await signIn(page, member);
  await checkout(page, member.token, 'monthly');
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/confirmation$/);
  const trialEnd = (await billingOf(request, member.token)).customer.subscriptions.data[0]?.trial_end;
  expect(trialEnd).toBeTruthy();
  const trialEndDay = billingDay(trialEnd as string);

  await checkout(page, member.token, 'annual');
  await expect(page.getByRole('heading', { name: 'Change your plan (sandbox)' })).toBeVisible();
  await expect(page.locator('#new-plan')).toHaveText(/^Coaching Membership: Annual\s*\$249\.99 per year$/);
  await expect(page.locator('#total')).toHaveText('$0.00');
  await expect(page.locator('#next-renewal')).toHaveText(`Then $249.99 per year, from ${trialEndDay}`);
  await expect(
    page.getByText(`Your free trial goes on until ${trialEndDay}; the new plan is charged then.`),
  ).toBeVisible();
  await expect(page.getByText('Dates are in UTC.')).toBeVisible();
  await keepScreenshot(page, { path: test.info().outputPath('trial-change-page.png') });
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);

  await page.goto('/profile/subscription');
  await expect(page.getByTestId('current-subscription')).toContainText('Membership: Annual');
  await expect(page.getByTestId('next-charge')).toHaveText(`Next charge: $249.99 on ${trialEndDay}`);
  await keepScreenshot(page, { path: test.info().outputPath('trial-change-profile.png') });

  await advanceClock(request, member.email, 15);
  await page.goto('/profile/purchases');
  await expect(page.getByTestId('purchases').locator('tbody tr td:first-child')).toHaveText(['$249.99']);
  await expect(page.getByTestId('purchases')).toContainText(trialEndDay);
  await keepScreenshot(page, { path: test.info().outputPath('trial-change-purchases.png') });
});
