// The operator's CLI (`npm run trainer`) against a running site, seen as a visitor sees it: a plan
// added with the CLI is on Home's prices and the modal's cards at once, a coupon created with it takes
// its discount off on the checkout page, and a plan archived with it is gone from the prices.
import { execFileSync } from 'node:child_process';
import { PASSWORD, TRAINER_ID, uniqueEmail } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';
import { SERVICES_ADMIN_TOKEN, servicesSiteUrl } from './services-site.ts';

/** Runs `npm run trainer -- <args> --json` as the operator would, against the services site. */
function trainer(...args: string[]): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['cli/trainer.ts', ...args, '--json'], {
    env: { ...process.env, TRAINER_API_URL: servicesSiteUrl(), ADMIN_TOKEN: SERVICES_ADMIN_TOKEN },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Record<string, unknown>;
}

test('a plan and a coupon made with the CLI show on the site and at checkout; the plan archived, it is gone', async ({
  page,
  browser,
}) => {
  const added = trainer(
    'plans',
    'add',
    TRAINER_ID,
    '--interval',
    'week',
    '--count',
    '2',
    '--amount',
    '19.99',
    '--trial-days',
    'none',
    '--name',
    'Two-Week Kickstart',
    '--name-es',
    'Arranque de dos semanas',
  );
  const planId = (added.plan as { id: string }).id;
  const code = `KICK${Date.now().toString(36).toUpperCase()}`;
  trainer('coupons', 'add', TRAINER_ID, code, '--percent-off', '20', '--duration', 'once');

  const site = servicesSiteUrl();
  await page.goto(`${site}/?coupon=${code}`);
  const card = page.getByTestId(`pricing-plan-${planId}`);
  await expect(card).toContainText('Two-Week Kickstart');
  await expect(card).toContainText('$19.99');

  await card.getByRole('button', { name: /^Choose / }).click();
  await page.getByPlaceholder('Full Name').fill('Kim Kickstart');
  await page.getByPlaceholder('Enter email').fill(uniqueEmail('trainer-cli'));
  await page.getByPlaceholder('Password').fill(PASSWORD);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
  await expect(dialog.locator('[role="radio"][aria-checked="true"]')).toContainText('Two-Week Kickstart');
  await dialog.getByRole('button', { name: 'Checkout' }).click();

  // The sandbox's checkout page: the plan at its price, less the coupon. By hand: 20 % of $19.99 is
  // $3.998, rounded to $4.00, so $15.99 is due.
  const table = page.locator('table');
  await expect(table).toContainText('Two-Week Kickstart');
  await expect(table).toContainText('$19.99');
  await expect(table).toContainText(`Discount (${code})`);
  await expect(page.locator('#total')).toHaveText('$15.99');

  // Archived, it is gone for the next visitor at once: every instance drops its copy of the
  // catalogue. A browser that already read it may keep it for CATALOGUE_MAX_AGE_SECONDS.
  trainer('plans', 'archive', TRAINER_ID, planId);
  const next = await browser.newPage();
  await next.goto(site);
  await expect(next.getByTestId(`pricing-plan-${TRAINER_ID}-price-monthly`)).toBeVisible();
  await expect(next.getByTestId(`pricing-plan-${planId}`)).toHaveCount(0);
  await next.close();
});
