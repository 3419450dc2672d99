// The public pages come rendered from the server (decision 118): read without JavaScript, and, with
// it, hydrated in place (the hydration guard of every test fails on a mismatch).

import { openWithScriptsHeld, pressUntilKept } from './early-presses.ts';
import { TRAINER_ID } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';
import { watchHydration } from './hydration-guard.ts';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("Home shows the plans' prices and the one-time offers", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get stronger with Coach Rivera');
    const monthly = page.getByTestId(`pricing-plan-${TRAINER_ID}-price-monthly`);
    await expect(monthly).toContainText('$29.99');
    await expect(page.getByTestId(`pricing-plan-${TRAINER_ID}-price-annual`)).toContainText('$249.99');
    await expect(page.getByTestId('one-time-30-day-shred')).toContainText('$49 · ');
    await expect(page.getByRole('status', { name: 'Loading the plans' })).toHaveCount(0);
  });

  test("a challenge page shows its product's texts", async ({ page }) => {
    await page.goto('/challenge/30-day-shred');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the 30-Day Shred');
    await expect(page.getByText('A guided workout every day for thirty days')).toBeVisible();
    await expect(page.getByTestId('join-offer')).toHaveText('Join the challenge');
  });

  test("a challenge's day 1 is in the page, open, and the other days' titles locked", async ({ page }) => {
    await page.goto('/challenge/30-day-shred');
    const sample = page.getByRole('region', { name: 'Try it free' });
    await expect(
      sample.getByText('Day 1 is open to everyone. The other 29 days open when you join.'),
    ).toBeVisible();
    const free = sample.getByTestId('sample-free');
    await expect(free.getByRole('heading', { level: 3 })).toHaveText('Full-body foundations');
    await expect(free).toContainText('About 12 min');
    await expect(free.getByRole('listitem')).toHaveText([
      'Bodyweight squat · 2 × 12',
      'Push-up · 2 × 8',
      'Glute bridge · 2 × 15',
      'Plank · 2 × 20 s',
    ]);
    const locked = sample.getByTestId('sample-locked').getByRole('listitem');
    await expect(locked).toHaveCount(29);
    await expect(locked.first()).toContainText('Day 2');
    await expect(locked.last()).toContainText('Day 30');
  });

  test("a course's lesson 1 is in the page in Spanish, with its module's other lessons locked", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto('/course/strength-foundations');
    const sample = page.getByRole('region', { name: 'Pruébalo gratis' });
    await expect(sample.getByTestId('sample-free').getByRole('heading', { level: 3 })).toHaveText(
      'Cómo funciona este curso',
    );
    await expect(sample.getByTestId('sample-free')).toContainText('Qué aprenderás');
    await expect(sample.getByTestId('sample-locked').getByRole('listitem')).toHaveCount(11);
    await expect(sample.getByTestId('sample-locked').getByRole('listitem').first()).toContainText(
      'Lección 2',
    );
    await context.close();
  });

  test("the pages are in the visitor's language", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto('/challenge/30-day-shred');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Únete al Shred de 30 días');
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test("a member's page stays the empty shell", async ({ page }) => {
    await page.goto('/profile');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test("Home's server-rendered prices are hydrated in place, never replaced or blanked", async ({ page }) => {
  // Records any removal of the server's plans or heading from the page, from its first parse on.
  await page.addInitScript(() => {
    const w = window as unknown as { removedServerNodes: string[] };
    w.removedServerNodes = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (
            node instanceof Element &&
            (node.matches('h1, [data-testid^="pricing-plan-"]') ||
              node.querySelector('h1, [data-testid^="pricing-plan-"]'))
          )
            w.removedServerNodes.push(node.outerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  const monthly = page.getByTestId(`pricing-plan-${TRAINER_ID}-price-monthly`);
  await expect(monthly).toContainText('$29.99');
  // Hydrated: the plan's button answers (the modal opens on it).
  await page.getByTestId('choose-plan-monthly').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { removedServerNodes: string[] }).removedServerNodes),
  ).toEqual([]);
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a reload of a rendered page is answered 304: the kept page keeps its own policy and nonce, styled, nothing refused', async ({
      page,
    }) => {
      // Decision 124: the page is validated below its nonce, and a 304 names no policy, so the browser
      // keeps the first answer's policy with the first answer's page, their nonce alike.
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const first = await page.goto('/challenge/30-day-shred');
      const headers = (await first?.allHeaders()) ?? {};
      // Chromium also takes br: a rendered page goes out as the gzip spliced around its nonce.
      expect(headers['content-encoding']).toBe('gzip');
      expect(headers.etag).toMatch(/^W\/"/);
      const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1];
      expect(nonce).toBeTruthy();
      const nonceInPage = () =>
        page.locator('meta[property="csp-nonce"]').evaluate((meta) => (meta as HTMLMetaElement).nonce);
      expect(await nonceInPage()).toBe(nonce);

      const reloaded = await page.reload();
      // Chromium asked with the page's ETag and was answered 304: what it reports is its kept answer
      // updated by the 304's headers, which name no policy (a 200 would carry one, and a new nonce).
      expect((await reloaded?.request().allHeaders())?.['if-none-match']).toBe(headers.etag);
      const revalidated = (await reloaded?.allHeaders()) ?? {};
      expect(revalidated.etag).toBe(headers.etag);
      expect(revalidated['content-security-policy']).toBeUndefined();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the 30-Day Shred');
      // The page is the kept one: its nonce is the first answer's.
      expect(await nonceInPage()).toBe(nonce);
      // The brand's colours (the CMS's) are only in the page's own style element under that nonce;
      // refused, it would leave them unset (and say so in the console).
      expect(
        await page
          .locator('html')
          .evaluate((html) => getComputedStyle(html).getPropertyValue('--mantine-color-brand-6').trim()),
      ).toMatch(/^#[0-9a-f]{6}$/i);
      expect(errors).toEqual([]);
    });
  });
}

test('a content page hydrates without a mismatch', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('the hydration guard catches a page that does not match its server render', async ({ browser }) => {
  const context = await browser.newContext();
  const problems = watchHydration(context);
  const page = await context.newPage();
  // The server's heading altered on its way: the browser's render of the same data differs.
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('Get stronger with Coach Rivera', 'Get weaker');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/');
  // What React does with the altered text after reporting it (render it again, or keep it) is its
  // own affair and varies with timing; the guard's report is what the suite relies on.
  await expect.poll(() => problems.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await context.close();
});

test("a rendered page asks for the app's scripts only once it has painted", async ({ page }) => {
  await page.goto('/challenge/30-day-shred');
  // The browser's own timings: its first contentful paint, and when each script was asked for.
  const timings = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
      .map((entry) => ({ name: entry.name.replace(/.*\/assets\//, ''), start: entry.startTime })),
  }));
  const before = timings.scripts
    .filter((script) => script.start < timings.paint)
    .map((script) => script.name);
  expect(before).toEqual([expect.stringMatching(/^start-[\w-]+\.js$/)]);
  expect(timings.scripts.some((script) => script.name.startsWith('framework-'))).toBe(true);
});

test('a press on a button before the page is hydrated is kept, and pressed again once it is', async ({
  context,
}) => {
  // A page of its own, opened without waiting for the hydration, whose app code is held back: no
  // script but the page's first has run when the visitor presses.
  const page = await context.newPage();
  const release = await openWithScriptsHeld(page, '/');
  await pressUntilKept(page.getByRole('main').getByRole('button', { name: 'Get started' }));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog')).toBeVisible();
});
