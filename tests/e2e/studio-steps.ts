// The steps the studio's browser journeys take (tests/e2e/studio.spec.ts): a paying member made
// through the API, an invitation's passkey made, a page opened from the menu (folded at 375 px),
// signing out and in again with the passkey.
import type { Page } from '@playwright/test';
import {
  emailedLink,
  type Member,
  payForPrice,
  registerUnverified,
  TRAINER_ID,
  WEEKLY_PRICE,
} from './fixtures.ts';
import { expect as baseExpect } from './flow-recorder.ts';
import { storyboardPicture } from './storyboard-picture.ts';
import { studioText } from './studio-journey.ts';

// A passkey ceremony and the figures' first read take a few seconds on a busy machine.
export const expect = baseExpect.configure({ timeout: 15_000 });

export const CHALLENGE_PRICE = `${TRAINER_ID}-price-challenge`;

/** A member who pays the weekly plan ($14.99, no trial), and the 30-Day Shred ($49.00) if asked, with the test card. */
export async function payingMember(
  page: Page,
  locale: 'en' | 'es',
  name: string,
  challenge: boolean,
): Promise<Member> {
  const member = await registerUnverified(page.request, locale, 'studio-member', name, false);
  await payForPrice(page, member, WEEKLY_PRICE, '/');
  if (challenge) await payForPrice(page, member, CHALLENGE_PRICE, '/challenge/30-day-shred');
  await page.context().clearCookies();
  return member;
}

/** Makes a passkey on an invitation's page; lands on the figures. */
export async function acceptInvite(page: Page, locale: 'en' | 'es', email: string, name: string) {
  const link = await emailedLink(page.request, email, '/studio/invite');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: studioText(locale, 'invite.title') })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await storyboardPicture(page, 'staff-sign-in', 'invited');
  await page.getByRole('button', { name: studioText(locale, 'invite.createPasskey') }).click();
  await expect(page.getByText(studioText(locale, 'invite.nameRequired'))).toBeVisible();
  await page.getByLabel(studioText(locale, 'invite.name')).fill(name);
  await page.getByLabel(studioText(locale, 'invite.deviceName')).fill('Test laptop');
  await page.getByRole('button', { name: studioText(locale, 'invite.createPasskey') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: studioText(locale, 'dashboard.title') }),
  ).toBeVisible();
}

/** At 375 px the pages fold behind the menu button. */
export async function openPage(page: Page, locale: 'en' | 'es', key: string) {
  const menu = page.getByRole('button', { name: studioText(locale, 'nav.open') });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation')
    .getByRole('link', { name: studioText(locale, `nav.${key}`) })
    .click();
}

export async function signOut(page: Page, locale: 'en' | 'es') {
  const menu = page.getByRole('button', { name: studioText(locale, 'nav.open') });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: studioText(locale, 'signOut'), exact: true }).click();
  await expect(page.getByRole('heading', { name: studioText(locale, 'signIn.title') })).toBeVisible();
}

export async function signInWithPasskey(page: Page, locale: 'en' | 'es') {
  await page.getByRole('button', { name: studioText(locale, 'signIn.passkey') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: studioText(locale, 'dashboard.title') }),
  ).toBeVisible();
}
