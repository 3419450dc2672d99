// A member on a 375 px phone: the navigation bar's menu (Profile and Logout, no Logout inside the
// profile area), signing out from it, and the signup modal at full screen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PASSWORD, registerMember, signIn } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

const VIEWPORT_WIDTH = 375;

const navBar = (page: Page) => page.getByRole('banner');

async function openMenu(page: Page) {
  await navBar(page).getByRole('button', { name: 'Menu' }).click();
  await expect(navBar(page).getByRole('link', { name: 'Profile' })).toBeVisible();
}

test('the mobile menu of a member offers Profile and Logout, hides Logout in the profile area, and Logout signs out to Home', async ({
  page,
}) => {
  const member = await registerMember(page.request, 'en');
  await signIn(page, member);
  await page.goto('/');

  const menuToggle = navBar(page).getByRole('button', { name: 'Menu' });
  await expect(menuToggle).toBeVisible();
  await expect(navBar(page).getByRole('button', { name: 'Login' })).toHaveCount(0);
  await openMenu(page);
  await expect(menuToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(navBar(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await navBar(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await openMenu(page);
  await expect(navBar(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await menuToggle.click();
  await expect(navBar(page).getByRole('link', { name: 'Profile' })).toHaveCount(0);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await openMenu(page);
  await navBar(page).getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Get stronger with Coach Rivera' })).toBeVisible();
  await expect(navBar(page).getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(navBar(page).getByRole('button', { name: 'Menu' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('pcc-user'))).toBeNull();
  const revoked = await page.request.get('/api/user?gateway=true', { headers: { token: member.token } });
  expect(revoked.ok()).toBe(false);
});

test('at 375 px the signup modal fills the screen, its form takes 90vw, and signing up reaches check your inbox', async ({
  page,
}) => {
  await page.goto('/');
  await navBar(page).getByRole('button', { name: 'Signup' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByPlaceholder('Full Name')).toBeVisible();

  const box = await dialog.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(box?.x).toBe(0);
  expect(box?.y).toBe(0);
  expect(box?.width).toBe(viewport?.width);
  expect(box?.height).toBe(viewport?.height);
  const formWidth = await dialog
    .locator('form')
    .evaluate((form) => form.parentElement?.getBoundingClientRect().width ?? 0);
  expect(formWidth).toBeCloseTo(VIEWPORT_WIDTH * 0.9, 0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await dialog.getByPlaceholder('Full Name').fill('Mobile Member');
  await dialog.getByPlaceholder('Enter email').fill(`mobile-${Date.now()}@example.com`);
  await dialog.getByPlaceholder('Password').fill(PASSWORD);
  const submit = dialog.getByRole('button', { name: 'Sign up' });
  await expect(submit).toBeInViewport();
  await submit.click();
  await expect(dialog.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: "I've already checked the email" })).toBeInViewport();
});
