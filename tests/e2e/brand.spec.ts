// The site at 1280 px in English as a trainer shows it: screenshot baselines of Home, a challenge
// page, the modal's steps and the profile's tabs (brand-pictures.ts), and what the pictures alone
// would not hold: the plans on Home's first screen and the modal's cards lined up row by row.
import { modalAtPlans, pictureOptions, profileTabPicture, settle } from './brand-pictures.ts';
import { PROFILE_SECTIONS } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

test('Home: the promise, the photo and the plans on the first screen, then the landing sections', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId(/^pricing-plan-/).first()).toBeVisible();
  // The first row of plans starts on the first screen of a desktop.
  await expect(page.getByTestId(/^pricing-plan-/).first()).toBeInViewport({ ratio: 0.5 });
  for (const name of ['What you get', 'Results from members', 'About your coach', 'Questions and answers'])
    await expect(page.getByRole('region', { name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await settle(page);
  // The first screen: below it, the sections' height still moved between two pictures taken in a row.
  await expect(page).toHaveScreenshot('home.png', pictureOptions(page));
});

test('a challenge page: the offer, its price and its button', async ({ page }) => {
  await page.goto('/challenge/30-day-shred');
  await expect(page.getByTestId('offer-price')).toHaveText('$49 · one-time payment');
  await settle(page);
  await expect(page).toHaveScreenshot('challenge.png', pictureOptions(page));
});

test("the modal's steps: the signup form, then the plans, whose flags never push a card's rows down", async ({
  page,
  request,
}) => {
  const dialog = await modalAtPlans(
    page,
    request,
    { join: 'Join the challenge', fullName: 'Full Name', lastStep: 'Step 3 of 3' },
    { locale: 'en', name: 'Ana Member', tag: 'brand-modal' },
  );
  const price = (amount: string) => dialog.getByRole('radio').getByText(amount, { exact: true });
  // The first row: Annual (with its "Best value" flag), Biannual and Quarterly.
  const tops = await Promise.all(
    ['$249.99', '$149.99', '$79.99'].map(async (amount) => (await price(amount).boundingBox())?.y),
  );
  expect(tops[0]).toBeDefined();
  expect(tops.map((y) => Math.round(y ?? -1))).toEqual([0, 1, 2].map(() => Math.round(tops[0] ?? -1)));
  await dialog.getByRole('radio', { name: /Quarterly/ }).click();
  await expect(dialog.getByRole('radio', { name: /Quarterly/ }).getByText('Selected')).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot('modal-plans.png', pictureOptions(page));
});

for (const [path, heading] of PROFILE_SECTIONS) {
  test(`the profile's tab ${path}`, async ({ page, request }) => {
    await profileTabPicture(
      page,
      request,
      { path, heading, masked: /Member since|\d{4}/ },
      { locale: 'en', name: 'Ana Member', tag: 'brand-profile' },
    );
  });
}
