// The site's pictures kept honest (decision 150): screenshot baselines of Home, a challenge page, the
// signup modal's steps and the profile's tabs, one set at 1280 px in English (brand.spec.ts) and one
// at 375 px in Spanish (brand.mobile.spec.ts). A changed picture fails until its baseline is updated
// in the same commit (`node scripts/e2e.ts tests/e2e/brand.spec.ts tests/e2e/brand.mobile.spec.ts
// --update-snapshots`, then look at the new pictures before committing them). Stable from run to
// run: the fonts are the system's fixed stack (no web font arrives late), animations and the caret
// are off, images are waited for, and what changes by itself (a new member's address, today's date,
// the footer's year) is masked.
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type PageAssertionsToHaveScreenshotOptions,
} from '@playwright/test';
import { registerMember, signIn } from './fixtures.ts';

export function pictureOptions(page: Page, mask: Locator[] = []): PageAssertionsToHaveScreenshotOptions {
  return {
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    mask: [page.getByText(/©/), ...mask],
    // Anti-aliasing of a few glyph edges differs between two runs of the same Chromium.
    maxDiffPixelRatio: 0.002,
  };
}

/** Every image of the page has loaded (or failed), so none is caught half-drawn. */
export async function imagesLoaded(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
}

/** Where the page's boxes are: its height and each heading's place. */
const layout = (page: Page) =>
  page.evaluate(() =>
    [
      document.documentElement.scrollHeight,
      ...[...document.querySelectorAll('h1, h2, h3')].map((h) => {
        const box = h.getBoundingClientRect();
        return `${box.x},${box.y},${box.width},${box.height}`;
      }),
    ].join(' '),
  );

/**
 * The page's fonts and images have settled, its layout has stopped moving (a hydrated page may still
 * take a pixel as its last texts arrive), and nothing has the hover a click left behind.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await imagesLoaded(page);
  await page.mouse.move(0, 0);
  let before = await layout(page);
  await expect
    .poll(async () => {
      const now = await layout(page);
      const still = now === before;
      before = now;
      return still;
    })
    .toBe(true);
}

/** The member a picture is taken for, new for each test: the site's language and the address's tag. */
export interface PictureMember {
  locale: 'en' | 'es';
  name: string;
  tag: string;
}

/**
 * The modal's first step pictured from a challenge page, then the same modal opened by a new member
 * from Home's banner at its plans; hands back the dialog there. The words are the language's own.
 */
export async function modalAtPlans(
  page: Page,
  request: APIRequestContext,
  words: { join: string; fullName: string; lastStep: string },
  who: PictureMember,
): Promise<Locator> {
  await page.goto('/challenge/30-day-shred');
  await page.getByRole('button', { name: words.join }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByPlaceholder(words.fullName)).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot('modal-signup.png', pictureOptions(page));

  const member = await registerMember(request, who.locale, who.name, who.tag);
  await signIn(page, member);
  await page.goto('/');
  await page.getByTestId('promo-banner').getByRole('button').click();
  await expect(dialog.getByText(words.lastStep)).toBeVisible();
  return dialog;
}

/** A profile tab pictured for a new member, once its heading shows, with `masked` text hidden. */
export async function profileTabPicture(
  page: Page,
  request: APIRequestContext,
  tab: { path: string; heading: string | undefined; masked: RegExp },
  who: PictureMember,
): Promise<void> {
  const member = await registerMember(request, who.locale, who.name, who.tag);
  await signIn(page, member);
  await page.goto(tab.path);
  await expect(page.getByRole('heading', { level: 1, name: tab.heading })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await imagesLoaded(page);
  await settle(page);
  const name = tab.path.split('/').pop() ?? 'profile';
  await expect(page).toHaveScreenshot(
    `${name}.png`,
    pictureOptions(page, [page.getByRole('textbox'), page.getByText(tab.masked)]),
  );
}
