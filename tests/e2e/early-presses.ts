// Presses made on a rendered page before the app's scripts have run (decisions 118, 126): the page is
// opened with the app's entry held back at the network, and a button pressed until the page keeps
// the press.
import { expect, type Locator, type Page } from '@playwright/test';

/** Opens `path` as it comes, before the app's scripts have run: they wait until `release` is called. */
export async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

/** Presses `button` (as an event, so that the press itself says whether it was kept) until it is kept. */
export async function pressUntilKept(button: Locator): Promise<void> {
  await expect
    .poll(() =>
      button.evaluate((element) => {
        const press = new MouseEvent('click', { bubbles: true, cancelable: true });
        element.dispatchEvent(press);
        return press.defaultPrevented;
      }),
    )
    .toBe(true);
}
