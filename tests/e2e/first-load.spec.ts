// What the first load of a page does and does not do (issue: speed a member feels): a visitor's page
// runs no flow until a control that opens the modal is touched, the modal's code is loaded while the
// page is idle and after its largest paint, and a page the server rendered reads before its screen's
// code arrives and asks for none of its data.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './flow-recorder.ts';
import { waitForApp } from './hydration-guard.ts';

/** Holds the responses to the requests that match until the test lets them go. */
async function holdRequests(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a visitor reading the home page runs no flow, and the modal code is fetched while the page is idle', async ({
  page,
  flowRecorder,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Loaded once the first load is done; no flow starts.
  await expect
    .poll(() => requested.some((path) => /\/assets\/signup-modal-[\w-]+\.js$/.test(path)))
    .toBe(true);
  await expect
    .poll(() => requested.some((path) => /\/assets\/app-session-[\w-]+\.js$/.test(path)))
    .toBe(true);
  await page.waitForTimeout(500);
  expect(flowRecorder).toEqual([]);

  // A touch on the button starts them before the click lands.
  const signup = page.getByRole('banner').getByRole('button', { name: 'Signup' });
  await signup.hover();
  await page.mouse.down();
  await expect.poll(() => flowRecorder.some((line) => line.startsWith('state session '))).toBe(true);
  await page.mouse.up();
  await expect(page.getByRole('dialog').getByPlaceholder('Enter email')).toBeVisible();
});

test('a returning member starts the session at once, to check the stored member', async ({
  page,
  flowRecorder,
}) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'pcc-user',
      JSON.stringify({ _id: 'nobody', token: 'stale', email: 'x@example.com', profile: { name: 'X' } }),
    ),
  );
  await page.reload();
  // The stored token is refused: the session checks it and signs the member out.
  await expect.poll(() => flowRecorder.some((line) => line.startsWith('state session '))).toBe(true);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Signup' })).toBeVisible();
});

test('a visitor who opens a members-only page within the site is offered the login modal', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForApp(page);
  await page.evaluate(() => {
    history.pushState({}, '', '/profile');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('dialog').getByPlaceholder('Enter email')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});

// A page the server renders brings its data in its HTML (decision 118) and asks for its screen's
// code only after its first paint (decision 126): it reads while that code is on its way, and never
// asks the API for what it already holds. (The shell's early requests, for a page it does not
// render, are held by tests/api/content/html-shell.test.ts.)
for (const [name, path, screenChunk, dataCall] of [
  [
    'a challenge page',
    '/challenge/30-day-shred',
    /challenge-screen-[\w-]+\.js$/,
    /\/api\/trainer\/demo-trainer\/products\?/,
  ],
  ['a content page', '/support', /content-page-screen-[\w-]+\.js$/, /\/api\/content\/pages\/support\?/],
] as const) {
  test(`${name} reads while its screen's code is on its way, and asks the API for none of its data`, async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (dataCall.test(request.url())) calls.push(request.url());
    });
    const release = await holdRequests(page, screenChunk);
    const screen = page.waitForRequest((request: Request) => screenChunk.test(request.url()));
    await page.goto(path, { waitUntil: 'commit' });
    await screen;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    release();
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
  });
}

for (const path of ['/', '/support']) {
  test(`the modal's code on ${path} is asked for only after the page's largest paint`, async ({ page }) => {
    await page.goto(path);
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => /\/app-session-[\w-]+\.js$/.test(entry.name)),
        ),
      )
      .toBe(true);
    const { paints, modalCode } = await page.evaluate(async () => {
      const paints = await new Promise<number[]>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().map((entry) => entry.startTime))).observe(
          {
            type: 'largest-contentful-paint',
            buffered: true,
          },
        );
      });
      const modalCode = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(app-session|signup-modal|schemas)-[\w-]+\.(js|css)$/.test(entry.name))
        .map((entry) => entry.startTime);
      return { paints, modalCode };
    });
    expect(paints.length).toBeGreaterThan(0);
    expect(modalCode.length).toBeGreaterThan(0);
    // Requested before that paint, they would count on a phone as something it waited for.
    expect(Math.min(...modalCode)).toBeGreaterThan(Math.max(...paints));
  });
}
