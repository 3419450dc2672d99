// The signup modal with the keyboard alone, as a screen-reader user meets it: focus goes to each new
// step's heading, stays inside the dialog, and comes back to the control that opened it; the
// dialog's name (the step) is a polite live region; the plan cards are a radio group. Mantine's Modal traps and returns focus: these
// tests check that it does, in Chromium against the real server.
import type { Locator, Page } from '@playwright/test';
import { PASSWORD, verifiedMember } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';
import { expectFocusVisible, expectFocusWithoutRing } from './keyboard-journey.ts';

const dialog = (page: Page) => page.getByRole('dialog');

/** Whether the focused element is inside the dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.querySelector('[role="dialog"]')?.contains(document.activeElement)));

/** Presses Tab until `target` has the focus, as a keyboard user reaches a control; fails after 40. */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 40; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test.use({ locale: 'en-US' });

test('the modal by keyboard: focus on each new step heading, kept in the dialog, back on the opener at close', async ({
  page,
  request,
}) => {
  const email = await verifiedMember(request, 'keyboard');
  await page.goto('/challenge/30-day-shred');
  const opener = page.getByRole('button', { name: 'Join the challenge' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await expect.poll(() => focusInDialog(page)).toBe(true);

  // Tab and Shift+Tab cycle inside the dialog: the page behind is out of reach.
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page)).toBe(true);
  }
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog(page)).toBe(true);
  }

  // The step is the dialog's name and a polite live region: a screen reader says each new step.
  const title = dialog(page).getByText('Step 1 of 3');
  await expect(title).toHaveAttribute('aria-live', 'polite');

  await tabTo(page, dialog(page).getByRole('button', { name: 'Already have an account? Login' }));
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Welcome back' })).toBeFocused();
  await tabTo(page, dialog(page).getByPlaceholder('Enter email'));
  await page.keyboard.type(email);
  await tabTo(page, dialog(page).getByPlaceholder('Password'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  // Step 2: the focus is on its heading, and the live region says the step.
  await expect(dialog(page).getByRole('heading', { name: 'Choose your challenge plan' })).toBeFocused();
  await expect(dialog(page).getByText('Step 2 of 3')).toHaveAttribute('aria-live', 'polite');
  await tabTo(page, dialog(page).getByRole('button', { name: 'Next Step' }));
  await expectFocusVisible(dialog(page).getByRole('button', { name: 'Next Step' }));
  await page.keyboard.press('Enter');
  // The heading draws no ring (it is no control); the buttons keep theirs.
  await expectFocusWithoutRing(dialog(page).getByRole('heading', { name: 'Secure checkout' }));

  // The plan cards are one radio group: Tab stops once in it, the arrow keys move and choose.
  await expect(dialog(page).getByRole('radiogroup')).toHaveCount(1);
  const radios = dialog(page).getByRole('radio');
  expect(await radios.count()).toBeGreaterThan(2);
  await tabTo(page, radios.first());
  await expect(radios.first()).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(radios.nth(1)).toBeFocused();
  await expect(radios.nth(1)).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(radios.last()).toBeFocused();
  await expect(radios.last()).toHaveAttribute('aria-checked', 'true');
  await expect(radios.nth(1)).toHaveAttribute('aria-checked', 'false');
  // Tab leaves the group from the checked card: no other card is a Tab stop.
  await page.keyboard.press('Tab');
  expect(await radios.evaluateAll((cards) => cards.some((card) => card === document.activeElement))).toBe(
    false,
  );

  // Back twice: step 2, then the member's account view, each heading taking the focus.
  await tabTo(page, dialog(page).getByRole('button', { name: 'Back' }));
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Choose your challenge plan' })).toBeFocused();
  await tabTo(page, dialog(page).getByRole('button', { name: 'Back' }));
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Your account' })).toBeFocused();
  await expect(dialog(page).getByText('Step 1 of 3')).toBeVisible();

  // Escape closes the modal, and the focus is back on the control that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(opener).toBeFocused();
});
