// The members' area in Chromium against the real server (issue point 3 and its browser journeys):
// buy the 30-Day Shred on the sandbox's page, start day 1 from the confirmation, mark it done, find
// day 2 opening tomorrow (UTC), move the member's test clock a day, open day 2; refund the purchase in
// the sandbox's portal, and the content closes. A monthly member opens the library from the
// confirmation, opens a workout, cancels at the period's end in the portal, keeps the library until
// the end, and loses it after. An axe scan of each new screen, a screenshot of each for the report.
// Walked at 1280 px in English (library.spec.ts) and at 375 px in Spanish (library.mobile.spec.ts).
import type { APIRequestContext, Page } from '@playwright/test';
import { formatBillingDate } from '../../domain/billing/calendar.ts';
import type { Locale } from '../../domain/localized.ts';
import { keepScreenshot, type Member, payForPrice, registerMember, signIn, TRAINER_ID } from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';
import { expectNoViolations } from './keyboard-journey.ts';
import type { LibraryTexts } from './library-texts.ts';
import { storyboardPicture } from './storyboard-picture.ts';

export { ENGLISH, type LibraryTexts, SPANISH } from './library-texts.ts';

const SHRED = '/library/challenge/30-day-shred';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Unit {
  key: string;
  number: number;
  title: string;
  state: string;
  opensAt: string | null;
}

/** The item as the server tells the member (the content's oracle: the dataset, in the member's language). */
async function itemOf(request: APIRequestContext, member: Member, locale: Locale, path: string) {
  const response = await request.get(`/api/user${path}`, {
    headers: { token: member.token, 'accept-language': locale },
  });
  expect(response.status(), `GET /api/user${path}`).toBe(200);
  return ((await response.json()) as { item: { title: string; units: Unit[] } }).item;
}

async function moveClock(request: APIRequestContext, member: Member, days: number) {
  const moved = await request.post('/dev/clock', {
    data: { email: member.email, trainerId: TRAINER_ID, days },
  });
  expect(moved.ok(), 'moving the test clock').toBe(true);
}

/** The sandbox's billing portal for the member, opened as the profile's button opens it. */
async function openPortal(page: Page, member: Member) {
  const response = await page.request.post('/api/user/openGatewayStripePortal', {
    headers: { token: member.token },
    data: { trainerID: TRAINER_ID, route: '/library' },
  });
  expect(response.status()).toBe(201);
  await page.goto(((await response.json()) as { url: string }).url);
}

/** "My library" from the nav: the wide nav's link, or on a phone the menu's. */
async function libraryFromNav(page: Page, T: LibraryTexts) {
  const nav = page.getByRole('banner');
  const link = nav.getByRole('link', { name: T.myLibrary });
  if (!(await link.first().isVisible())) await nav.getByRole('button', { name: /^(Menu|Menú)$/ }).click();
  await link.filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { level: 1, name: T.myLibrary })).toBeVisible();
  // Loaded afresh, the page draws its heading once its texts have come, never their key.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: T.myLibrary })).toBeVisible();
}

const shot = (page: Page, name: string) =>
  keepScreenshot(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });

export async function challengeJourney(page: Page, request: APIRequestContext, T: LibraryTexts) {
  const member = await registerMember(request, T.locale);
  await signIn(page, member);
  await payForPrice(page, member, `${TRAINER_ID}-price-challenge`, '/challenge/30-day-shred');

  // The confirmation leads straight to day 1.
  const start = page.getByRole('link', { name: T.startDay1 });
  await expect(start).toBeVisible();
  await shot(page, 'confirmation');
  await storyboardPicture(page, 'confirmation', 'confirmed');
  const { title, units } = await itemOf(request, member, T.locale, SHRED);
  const [day1, day2] = units as [Unit, Unit];
  expect(units).toHaveLength(30);
  await start.click();
  await expect(page).toHaveURL(`${SHRED}/${day1.key}`);
  await expect(page.getByRole('heading', { level: 1, name: day1.title })).toBeVisible();
  await expect(page.getByTestId('unit-content')).toBeVisible();
  await expectNoViolations(page, 'day 1');
  await storyboardPicture(page, 'library-player', 'reading');

  // Mark it done: the button says Undo, the status the day (UTC), and day 2 opens tomorrow.
  await page.getByRole('button', { name: T.markDone }).click();
  await expect(page.getByRole('button', { name: T.undo })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: T.doneOn })).toBeVisible();
  const tomorrow = formatBillingDate(new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS), T.locale);
  await expect(page.getByTestId('next-opens-on')).toHaveText(T.nextOpensOn(tomorrow));
  await expectNoViolations(page, 'day 1, done');
  await shot(page, 'day-1-done');
  await storyboardPicture(page, 'library-player', 'done');
  // Undo, and done again: kept on the server each time (the program below shows it done).
  await page.getByRole('button', { name: T.undo }).click();
  await expect(page.getByRole('button', { name: T.markDone })).toBeVisible();
  await page.getByRole('button', { name: T.markDone }).click();
  await expect(page.getByRole('button', { name: T.undo })).toBeVisible();

  // Day 3 by its address, two days early: its date, never its content; asked again, still not open.
  const day3 = units[2] as Unit;
  await page.goto(`${SHRED}/${day3.key}`);
  const inTwoDays = formatBillingDate(
    new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 2 * DAY_MS),
    T.locale,
  );
  await expect(page.getByRole('heading', { level: 1, name: T.notYetOpen })).toBeVisible();
  await expect(page.getByText(inTwoDays)).toBeVisible();
  await expect(page.getByTestId('unit-content')).toHaveCount(0);
  await expectNoViolations(page, 'a day not open yet');
  await shot(page, 'day-3-opens-on');
  await storyboardPicture(page, 'library-player', 'opensOn');
  await page.getByRole('button', { name: T.checkAgain }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.notYetOpen })).toBeVisible();
  // An address of the program that names no day.
  await page.goto(`${SHRED}/no-such-day`);
  await expect(page.getByText(T.notFound)).toBeVisible();
  await storyboardPicture(page, 'library-player', 'notFound');
  await page.goto(`${SHRED}/${day1.key}`);

  // The program: day 1 done, day 2 opening tomorrow, the member on day 2 of 30.
  await page.getByRole('link', { name: T.back(title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(T.dayOf(2, 30))).toBeVisible();
  await expect(page.getByTestId('unit-1')).toContainText(T.dayState.done);
  await expect(page.getByTestId('unit-2')).toContainText(T.dayState.opensOn(tomorrow));
  await expect(page.getByTestId('unit-2').getByRole('link')).toHaveCount(0);
  await expectNoViolations(page, 'the program');
  await shot(page, 'program');

  // The library, from the nav.
  await libraryFromNav(page, T);
  await expect(page.getByRole('article').filter({ hasText: title })).toContainText(T.dayOf(2, 30));
  await expectNoViolations(page, 'the library');
  await shot(page, 'library');

  // A day later (the member's test clock), day 2 is open.
  await moveClock(request, member, 1);
  await page.goto(SHRED);
  await expect(page.getByTestId('unit-2')).toContainText(T.dayState.open);
  await page.getByTestId('unit-2').getByRole('link').click();
  await expect(page).toHaveURL(`${SHRED}/${day2.key}`);
  await expect(page.getByRole('heading', { level: 1, name: day2.title })).toBeVisible();
  await expect(page.getByRole('button', { name: T.markDone })).toBeVisible();

  // No answer from the server: the page says so, and trying again opens the day.
  let dropped = false;
  await page.route(`**/api/user${SHRED}/units/${day2.key}`, (route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort('internetdisconnected');
  });
  await page.reload();
  await expect(page.getByRole('alert')).toBeVisible();
  await storyboardPicture(page, 'library-player', 'failed');
  await page.getByRole('button', { name: T.retry }).click();
  await expect(page.getByRole('heading', { level: 1, name: day2.title })).toBeVisible();

  // Refunded in the portal: the day closes, and the page says why and the way to buy it again.
  await openPortal(page, member);
  await page.getByRole('button', { name: T.refund }).click();
  await page.getByRole('link', { name: T.backToSite }).click();
  await page.goto(`${SHRED}/${day2.key}`);
  await expect(page.getByText(T.refunded)).toBeVisible();
  await expect(page.getByRole('link', { name: T.getChallenge })).toHaveAttribute(
    'href',
    '/challenge/30-day-shred',
  );
  await expect(page.getByTestId('unit-content')).toHaveCount(0);
  await expectNoViolations(page, 'a refunded day');
  await shot(page, 'refunded');
  await storyboardPicture(page, 'library-player', 'locked');
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: T.noLongerOpen })).toBeVisible();
  await expect(page.getByTestId('locked-item')).toContainText(T.refunded);
}

export async function membershipJourney(page: Page, request: APIRequestContext, T: LibraryTexts) {
  const member = await registerMember(request, T.locale);
  await signIn(page, member);
  await payForPrice(page, member, `${TRAINER_ID}-price-monthly`, '/');

  await page.getByRole('link', { name: T.openLibrary }).click();
  await expect(page).toHaveURL(/\/library$/);
  const entries = page.getByRole('article');
  await expect(entries.first()).toBeVisible();
  await shot(page, 'membership-library');
  const first = entries.first().getByRole('link');
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('unit-content')).toBeVisible();
  await expectNoViolations(page, 'a library entry');
  await shot(page, 'membership-entry');
  const entry = new URL(page.url()).pathname;

  // Cancelled at the period's end (the trial's): open until then, and the library says until when.
  await openPortal(page, member);
  await page.getByRole('button', { name: T.cancelAtPeriodEnd }).click();
  await page.getByRole('link', { name: T.backToSite }).click();
  await page.goto('/library');
  await expect(entries.first()).toContainText(T.until(''));
  await page.goto(entry);
  await expect(page.getByTestId('unit-content')).toBeVisible();

  // Past the period's end: closed, with the way to a plan again.
  await moveClock(request, member, 8);
  await page.goto(entry);
  await expect(page.getByText(T.ended)).toBeVisible();
  await expect(page.getByRole('link', { name: T.seePlans })).toBeVisible();
  await expect(page.getByTestId('unit-content')).toHaveCount(0);
  await shot(page, 'membership-ended');
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: T.noLongerOpen })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expectNoViolations(page, 'a library that closed');
}
