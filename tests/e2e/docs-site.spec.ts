// A product owner plays a flow on its page of docs/site, opened from the file as they would: each
// press moves the chart's current state and the screen beside it.
import { pathToFileURL } from 'node:url';
import { expect, type Page, test } from '@playwright/test';

const pageOf = (slug: string) => pathToFileURL(`docs/site/${slug}.html`).href;

async function press(page: Page, words: RegExp) {
  await page.locator('#events button', { hasText: words }).first().click();
}

const current = (page: Page) => page.locator('.state.current > .name');

test('a monthly member is offered the annual plan and takes it, screen by screen', async ({ page }) => {
  await page.goto(pageOf('signup-modal'));
  await expect(page.locator('#where')).toHaveText('hidden');
  await expect(current(page)).toHaveText('hidden');
  await expect(page.locator('#screens img').first()).toHaveAttribute('src', /hidden--desktop-en\.png$/);

  await press(page, /^Opens with/);
  await expect(current(page)).toHaveText('entering');
  await expect(page.locator('#screens')).toContainText('No picture of this state');

  await press(page, /starts at the plans/);
  await expect(current(page)).toHaveText('routing');
  await press(page, /already-have-the-plan screen/);
  await expect(current(page)).toHaveText('already have plan');
  await expect(page.locator('#screens img').first()).toHaveAttribute(
    'src',
    /open\.alreadyHavePlan--desktop-en\.png$/,
  );
  // The picture is there, not a broken link.
  expect(
    await page
      .locator('#screens img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
  ).toBeGreaterThan(0);

  await press(page, /^Upgrade: the annual plan/);
  await expect(current(page)).toHaveText('checking out');
  await expect(page.locator('#screens img').first()).toHaveAttribute(
    'src',
    /open\.checkingOut--desktop-en\.png$/,
  );
  await expect(page.locator('#trail')).toContainText('Upgrade: the annual plan is selected and checked out.');

  // The account step runs inside step 1: its own chart is drawn in the box, one press away.
  await page.locator('details.flow summary', { hasText: 'Signup modal, step 1 (account)' }).click();
  await expect(page.locator('details.flow[open] .state').first()).toBeVisible();

  await page.locator('#restart').click();
  await expect(current(page)).toHaveText('hidden');
});
