import { expect, test } from './flow-recorder.ts';

test('the home page renders in the browser', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('an unknown path is handed to the SPA, an unknown API path gets a JSON 404', async ({
  page,
  request,
}) => {
  const response = await page.goto('/some/content/page');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
  const api = await request.get('/api/nothing-here');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ success: false, message: 'No route GET /api/nothing-here' });
});
