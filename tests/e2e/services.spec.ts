// The embedded services in Chromium against the real server: what a member's journey sends to
// analytics and engagement, the error screen and its report (only from a release stage that reports),
// Braze's calls going to the configured endpoint and stopping at sign-out, and a visitor who asks not
// to be tracked. The services site runs in the staging stage with a Braze endpoint that exists only in
// this file's request interception; its analytics and error reports go to the dev collector.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { PASSWORD, registerMember, signIn, uniqueEmail } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';
import { BRAZE_HOST, servicesSiteUrl } from './services-site.ts';

interface DevEvent {
  seq: number;
  kind: 'error' | 'session' | 'analytics' | 'engagement';
  source: 'browser' | 'server';
  summary: string;
  payload: Record<string, unknown>;
}

async function devEvents(request: APIRequestContext, after = 0): Promise<DevEvent[]> {
  const response = await request.get(`/dev/events.json?after=${after}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { events: DevEvent[] }).events;
}

const lastSeq = async (request: APIRequestContext) => (await devEvents(request)).at(-1)?.seq ?? 0;

/** Every call the Braze SDK makes, answered as its endpoint would with nothing to say. */
async function answerBraze(context: BrowserContext) {
  const calls: { url: string; body: string }[] = [];
  await context.route(`https://${BRAZE_HOST}/**`, async (route) => {
    calls.push({ url: route.request().url(), body: route.request().postData() ?? '' });
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  });
  return calls;
}

/**
 * The challenge's header arrives as an object instead of text, which React cannot draw: the screen
 * fails while it renders in the browser, as it would on a malformed answer.
 */
async function breakTheChallengePage(page: Page) {
  await page.route('**/api/trainer/*/products*', async (route) => {
    const response = await route.fetch();
    let broken = 0;
    const body = JSON.stringify(await response.json(), (_key, value) => {
      if (value?.slug !== '30-day-shred') return value;
      broken += 1;
      return { ...value, challengeHeaderText: { text: 7 } };
    });
    expect(broken).toBe(1);
    await route.fulfill({ response, body });
  });
  // The server renders the page with its own (sound) answer: without the rendered page's data the
  // browser renders it afresh, from the broken answer.
  await page.route('**/challenge/30-day-shred', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<script type="application\/json" id="rendered-page">.*?<\/script>/s,
      '',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/challenge/30-day-shred');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
}

async function signUpInModal(page: Page, email: string) {
  await page.getByPlaceholder('Full Name').fill('Services Journey');
  await page.getByPlaceholder('Enter email').fill(email);
  await page.getByPlaceholder('Password').fill(PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign up' }).click();
}

async function logOutFromProfile(page: Page) {
  await page.goto('/profile');
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('on a site in the staging stage, with Braze configured', () => {
  test.use({ baseURL: servicesSiteUrl() });
  // The collector's list is this site's: its tests take turns, so each reads only what it sent.
  test.describe.configure({ mode: 'serial' });

  test('the signup-and-checkout journey sends exactly the spec events, in order, with no personal data', async ({
    page,
    context,
    request,
  }) => {
    const braze = await answerBraze(context);
    const from = await lastSeq(request);
    const email = uniqueEmail('services');

    await page.goto('/challenge/30-day-shred');
    await page.getByRole('button', { name: 'Join the challenge' }).click();
    await signUpInModal(page, email);
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    // The sign-up's event leaves before the page does (the next step is a full page load).
    await expect.poll(() => braze.map((call) => call.body).join('\n')).toContain('sign_up');
    await logOutFromProfile(page);

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByPlaceholder('Enter email').fill(email);
    await page.getByPlaceholder('Password').fill(PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await page.getByRole('radio', { name: /Weekly/ }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);

    await expect
      .poll(async () => (await devEvents(request, from)).filter((e) => e.kind === 'analytics').length)
      .toBe(4);
    const sent = await devEvents(request, from);
    expect(sent.filter((e) => e.kind === 'analytics').map((e) => e.payload)).toEqual([
      { name: 'page_view', params: { path: '/challenge/30-day-shred' } },
      { name: 'sign_up', params: {} },
      { name: 'sign_in', params: {} },
      {
        name: 'checkout_attempt',
        params: {
          price: 'demo-trainer-price-weekly',
          product: 'demo-trainer-membership',
          coupon: 'WELCOME10',
        },
      },
    ]);
    expect(sent.filter((e) => e.kind === 'error')).toEqual([]);
    expect(JSON.stringify(sent)).not.toContain(email);
    expect(JSON.stringify(sent)).not.toContain('Services Journey');

    // Engagement went to Braze's endpoint: the member's id, then the three custom events.
    const brazeBodies = braze.map((call) => call.body).join('\n');
    expect(braze.every((call) => call.url.startsWith(`https://${BRAZE_HOST}/api/v3/`))).toBe(true);
    for (const name of ['sign_up', 'sign_in', 'checkout_attempt']) expect(brazeBodies).toContain(name);
    expect(brazeBodies).not.toContain(email);
  });

  test("Braze's calls go to the configured endpoint only for a member, and stop at sign-out with its data wiped", async ({
    page,
    context,
    request,
  }) => {
    const braze = await answerBraze(context);
    await page.goto('/');
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(braze, 'no call for a visitor').toEqual([]);

    const member = await registerMember(request, 'en');
    await signIn(page, member);
    await page.goto('/');
    await expect.poll(() => braze.length).toBeGreaterThan(0);
    await expect.poll(() => braze.map((c) => c.body).join('\n')).toContain(member.id);
    const stored = () =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('ab.storage')).length);
    expect(await stored()).toBeGreaterThan(0);

    await logOutFromProfile(page);
    // A member signing out has no session token left to send; only the wipe may still be on its way.
    await expect.poll(stored).toBe(0);
    const atSignOut = braze.length;
    await page.goto('/privacy');
    await page.goto('/');
    await page.waitForTimeout(3000);
    expect(braze.length).toBe(atSignOut);
  });

  test('a screen that fails to render shows the error screen and is reported, with the member id only', async ({
    page,
    request,
  }) => {
    const from = await lastSeq(request);
    const member = await registerMember(request, 'en');
    await signIn(page, member);
    await breakTheChallengePage(page);
    await expect
      .poll(async () => (await devEvents(request, from)).filter((e) => e.kind === 'error').length)
      .toBe(1);
    const [report] = (await devEvents(request, from)).filter((e) => e.kind === 'error');
    expect(report?.source).toBe('browser');
    expect(report?.summary).toMatch(/^Error: Minified React error #31/);
    expect(report?.payload.app).toMatchObject({ releaseStage: 'staging' });
    expect(report?.payload.user).toEqual({ id: member.id });
    expect(JSON.stringify(report)).not.toContain(member.email);
    expect(JSON.stringify(report)).not.toContain(member.token);
  });

  test('a visitor with Global Privacy Control on sends no analytics and no engagement; an error report still goes, anonymous', async ({
    page,
    context,
    request,
  }) => {
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const braze = await answerBraze(context);
    const from = await lastSeq(request);

    await page.goto('/challenge/30-day-shred');
    await page.getByRole('button', { name: 'Join the challenge' }).click();
    await signUpInModal(page, uniqueEmail('private'));
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await breakTheChallengePage(page);

    await expect
      .poll(async () => (await devEvents(request, from)).filter((e) => e.kind === 'error').length)
      .toBe(1);
    const sent = await devEvents(request, from);
    expect(sent.filter((e) => e.kind === 'analytics' || e.kind === 'engagement')).toEqual([]);
    expect(braze).toEqual([]);
    const report = sent.find((e) => e.kind === 'error');
    // Without the IP address Bugsnag marks the user as redacted; the member's id is not there.
    expect(report?.payload.user).toEqual({ id: '[REDACTED]' });
  });
});

test('in the development stage a failed screen shows the error screen and reports nothing', async ({
  page,
  request,
}) => {
  const from = await lastSeq(request);
  await breakTheChallengePage(page);
  // Long enough for a report to have arrived, had one been sent.
  await page.waitForTimeout(2000);
  expect(
    (await devEvents(request, from)).filter((e) => e.kind === 'error' && e.source === 'browser'),
  ).toEqual([]);
});
