// A visitor who opens the profile area is asked to log in, and stays on the page asked for.
import { expect, test } from './flow-recorder.ts';

test('a signed-out visit to /profile gets the login modal', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByPlaceholder('Enter email')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});
