// What the first load of a page does and does not do (issue: speed a member feels): a visitor's page
// runs no flow until a control that opens the modal is touched, the modal's code is loaded while the
// page is idle and after its largest paint, and a screen's data request leaves beside its code
// rather than after it.
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

for (const [name, path, screenChunk, dataCall] of [
  [
    'a challenge page asks for its products',
    '/challenge/30-day-shred',
    /challenge-screen-[\w-]+\.js$/,
    /\/products\?/,
  ],
  [
    'a content page asks for its body',
    '/privacy',
    /content-page-screen-[\w-]+\.js$/,
    /\/api\/content\/pages\/privacy\?/,
  ],
] as const) {
  test(`${name} while its screen's code is still on its way`, async ({ page }) => {
    const release = await holdRequests(page, screenChunk);
    const data = page.waitForRequest((request: Request) => dataCall.test(request.url()));
    await page.goto(path, { waitUntil: 'commit' });
    // The screen's code is held: the data request has left all the same.
    await data;
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

for (const [name, path, dataCall, screenChunk] of [
  [
    'a challenge page',
    '/challenge/30-day-shred',
    /\/api\/trainer\/demo-trainer\/products\?lang=en$/,
    /challenge-screen-[\w-]+\.js$/,
  ],
  [
    'a content page',
    '/support',
    /\/api\/content\/pages\/support\?lang=en$/,
    /content-page-screen-[\w-]+\.js$/,
  ],
] as const) {
  test(`${name} asks for its screen and its data with the page, before its scripts have run, and only once`, async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (dataCall.test(request.url())) calls.push(request.url());
    });
    // The scripts are held: only the shell itself can have asked for the data.
    const release = await holdRequests(page, /\/assets\/framework-[\w-]+\.js$/);
    const data = page.waitForRequest((request: Request) => dataCall.test(request.url()));
    const screen = page.waitForRequest((request: Request) => screenChunk.test(request.url()));
    await page.goto(path, { waitUntil: 'commit' });
    await Promise.all([data, screen]);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toHaveLength(1);
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
