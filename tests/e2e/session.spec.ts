// A signed-in member, in Chromium against the real server: the modal starts where a member belongs,
// and a session check that gets no answer (a page left mid-request, a slow or dropped connection)
// never signs the member out. Only the server saying no does.
import type { Page } from '@playwright/test';
import { registerMember, signIn } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

const navBar = (page: Page) => page.getByRole('banner');
const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('pcc-user'));

test('a signed-in member opening the modal from the banner starts at the plans; back leads to their account view, whose back closes it', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'en');
  await signIn(page, member);
  await page.goto('/');
  await expect(navBar(page).getByText(member.name)).toBeVisible();
  await navBar(page).getByRole('button', { name: 'Go' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
  await expect(dialog.getByPlaceholder('Full Name')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
  await expect(dialog.getByText(member.name, { exact: true })).toBeVisible();
  await expect(dialog.getByText(member.email, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(navBar(page).getByText(member.name)).toBeVisible();
});

test('a session check that is aborted keeps the member signed in, and a later check confirms them', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'en');
  await signIn(page, member);
  let aborted = 0;
  await page.route('**/api/user?gateway=true', async (route) => {
    if (route.request().method() === 'GET' && aborted === 0) {
      aborted += 1;
      await route.abort('aborted');
      return;
    }
    await route.continue();
  });
  await page.goto('/');
  await expect.poll(() => aborted).toBe(1);
  await expect(navBar(page).getByText(member.name)).toBeVisible();
  expect(await storedUser(page)).not.toBeNull();
  // The session asks again a few seconds later, and the server confirms the member.
  await page.waitForResponse(
    (response) => response.url().includes('/api/user?gateway=true') && response.ok(),
  );
  await expect(navBar(page).getByText(member.name)).toBeVisible();
  expect(await storedUser(page)).not.toBeNull();
});

test('a session the server refuses signs the member out', async ({ page, request }) => {
  const member = await registerMember(request, 'en');
  await signIn(page, member);
  expect((await request.post('/api/user/logout', { headers: { token: member.token } })).ok()).toBe(true);
  await page.goto('/');
  await expect(navBar(page).getByRole('button', { name: 'Login' })).toBeVisible();
  await expect.poll(() => storedUser(page)).toBeNull();
});

test('a member on a desktop signs out from the profile area and lands Home', async ({ page, request }) => {
  const member = await registerMember(request, 'en');
  await signIn(page, member);
  await page.goto('/profile/purchases');
  await expect(page.getByRole('heading', { level: 1, name: 'My Purchases' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(navBar(page).getByRole('button', { name: 'Login' })).toBeVisible();
  await expect.poll(() => storedUser(page)).toBeNull();
});

test('a Logout pressed while the kept member is still being checked signs them out, here and on the server', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'en');
  await signIn(page, member);
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  let checks = 0;
  await page.route('**/api/user?gateway=true', async (route) => {
    if (route.request().method() === 'GET' && checks++ === 0) await answered;
    await route.continue();
  });
  await page.goto('/profile/purchases');
  await expect(page.getByRole('heading', { level: 1, name: 'My Purchases' })).toBeVisible();
  // The first is the session's check, held; the page's own reading of the member may follow it.
  await expect.poll(() => checks).toBeGreaterThanOrEqual(1);
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(navBar(page).getByRole('button', { name: 'Login' })).toBeVisible();
  await expect.poll(() => storedUser(page)).toBeNull();
  // The server's session ended too: the kept token no longer signs anyone in.
  const after = await request.get('/api/user?gateway=true', { headers: { token: member.token } });
  expect(after.status()).toBe(401);
});

test('a members-only page opened with an emailed token signs the member in and drops the token', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'en');
  await page.goto(`/profile?token=${encodeURIComponent(member.token)}`);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(navBar(page).getByText(member.name)).toBeVisible();
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
});

test.describe('on a site that does not verify emails', () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_OPEN_PORT}` });

  test('a verification link from before opens the signup form and verifies nothing', async ({ page }) => {
    await page.goto('/?openModal=true&token=an-old-link');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });
});
