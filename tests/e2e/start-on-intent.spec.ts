// A visitor's rendered page starts the app only when the visitor reaches for it (decision 129): it
// reads, and its links work, without the app, so the app's start and hydration stay out of the
// window in which a phone shows the page. Its modules are fetched meanwhile; a press is kept and
// pressed again once the page is the app's (decision 118).
import type { Page } from '@playwright/test';
import { expect, test } from './flow-recorder.ts';

/**
 * Opens `path` as a site that counts no visits serves it (no analytics, no engagement: the browser
 * suite's sites send theirs to the dev collector, which starts the app at once), without waiting
 * for the app.
 */
async function openUncounted(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => `${url.pathname}${url.search}` === path,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/"engagement":\{[^}]*\}/, '"engagement":null')
        .replace(/"analytics":\{[^}]*\}/, '"analytics":null');
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto(path, { waitUntil: 'commit' });
}

/** Whether React has taken the page's root. */
const taken = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );

test("a visitor's page fetches the app's modules but starts it only at the visitor's first press, which it keeps", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await openUncounted(page, '/');
  await page.waitForLoadState('load');
  // Every module the page names has arrived...
  await expect
    .poll(() =>
      page.evaluate(() => {
        const named = document.querySelector<HTMLScriptElement>('script[data-modules]')?.dataset.modules;
        const arrived = (href: string) =>
          performance
            .getEntriesByName(new URL(href, location.href).href)
            .some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0);
        return named?.split(' ').filter(Boolean).every(arrived) ?? false;
      }),
    )
    .toBe(true);
  // ...and the app's entry, which only starting the app asks for, was never asked for: the page is
  // still the server's.
  const entry = await page
    .locator('script[data-entry]')
    .evaluate((script) => new URL((script as HTMLScriptElement).dataset.entry ?? '', location.href).href);
  expect(requested).not.toContain(entry);
  expect(await taken(page)).toBe(false);

  // The visitor presses Signup: the app starts, hydrates the page and presses it again.
  await page.getByRole('banner').getByRole('button', { name: 'Signup', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await taken(page)).toBe(true);
});

test('a page whose address asks the app for something starts it after its first paint, untouched', async ({
  page,
}) => {
  await openUncounted(page, '/?openModal=true');
  // The emailed link's modal opens without a press.
  await expect(page.getByRole('dialog')).toBeVisible();
});
