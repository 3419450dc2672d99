// What the browser tests share: members made through the API, links read from the dev mailbox,
// signing in without the modal (the user stored under `pcc-user` before the app loads, as the
// session would), paying on the sandbox's hosted page with the test card, and screenshots kept as
// evidence.
import { type APIRequestContext, expect, type Page, type PageScreenshotOptions } from '@playwright/test';
import { test } from './flow-recorder.ts';

export const TRAINER_ID = 'demo-trainer';
export const PASSWORD = 'first-password-1';

/** The profile area's sections: path and the heading each shows. */
export const PROFILE_SECTIONS = [
  ['/profile', 'My Profile'],
  ['/profile/subscription', 'Manage My Subscription'],
  ['/profile/password', 'Change Password'],
  ['/profile/purchases', 'My Purchases'],
] as const;

export interface Member {
  id: string;
  token: string;
  email: string;
  name: string;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The newest link emailed to `to` whose address contains `contains`. */
export async function emailedLink(request: APIRequestContext, to: string, contains: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get('/dev/mailbox.json')).json()) as {
        messages: { to: string; links: { url: string }[] }[];
      };
      found = messages
        .filter((m) => m.to === to)
        .flatMap((m) => m.links)
        .find((l) => l.url.includes(contains))?.url;
      return found;
    })
    .toBeTruthy();
  return found as string;
}

/** Follows the verification link emailed to `email`, as the modal does when the member opens it. */
export async function verifyEmail(request: APIRequestContext, email: string): Promise<void> {
  const token = new URL(await emailedLink(request, email, 'openModal=true')).searchParams.get('token') ?? '';
  const fetched = (await (await request.get('/api/user?gateway=true', { headers: { token } })).json()) as {
    user: { _id: string };
  };
  const verified = await request.put(`/api/user/${fetched.user._id}`, {
    headers: { token },
    data: { user: { email_verified: true } },
  });
  expect(verified.ok()).toBe(true);
}

/** An account created through the API, its email verified with the emailed link's token. */
export async function verifiedMember(request: APIRequestContext, label: string): Promise<string> {
  return (await registerMember(request, 'en', 'Journey Member', label)).email;
}

/** A member registered through the API with the site's email verification on, and verified as the site asks. */
export async function registerMember(
  request: APIRequestContext,
  locale: 'en' | 'es',
  name = 'Ana Member',
  label = 'member',
): Promise<Member> {
  const member = await registerUnverified(request, locale, label, name);
  await verifyEmail(request, member.email);
  return member;
}

/**
 * A member registered through the API whose email is not verified yet; the link is in the dev mailbox
 * unless `emailLink` is false (then no email was sent, and the member may ask for one at once).
 */
export async function registerUnverified(
  request: APIRequestContext,
  locale: 'en' | 'es',
  label = 'member',
  name = 'Ana Member',
  emailLink = true,
): Promise<Member> {
  const email = uniqueEmail(label);
  const response = await request.post('/api/user/register?gateway=true', {
    data: {
      name,
      email,
      password: PASSWORD,
      trainerID: TRAINER_ID,
      os_type: 'Unknown',
      locale,
      currentRoute: '/',
      enableEmailVerification: emailLink,
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { token: string; user: { _id: string } };
  return { id: body.user._id, token: body.token, email, name };
}

/** Stores the member as the session keeps it, before any page of the site loads. */
export async function signIn(page: Page, member: Member): Promise<void> {
  const response = await page.request.get('/api/user?gateway=true', { headers: { token: member.token } });
  expect(response.ok()).toBe(true);
  const { user } = (await response.json()) as { user: unknown };
  await page.addInitScript((stored) => localStorage.setItem('pcc-user', stored), JSON.stringify(user));
}

/** Pays on the sandbox's hosted checkout page the browser is on, with the card that succeeds. */
export async function payWithTestCard(page: Page): Promise<void> {
  await page.locator('#number').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill('12/40');
  await page.locator('#cvc').fill('123');
  await page.locator('form button.primary[type="submit"]').click();
}

/** Pays a checkout of the given price on the sandbox page with the test card; lands on its confirmation. */
export async function payForPrice(page: Page, member: Member, priceId: string, route: string): Promise<void> {
  const response = await page.request.post('/api/user/startGatewayStripeSession', {
    headers: { token: member.token },
    data: { prices: [priceId], trainerID: TRAINER_ID, route, campaign: null },
  });
  expect(response.status()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  await page.goto(url);
  await payWithTestCard(page);
  await page.waitForURL(`**${route === '/' ? '' : route}/confirmation`);
}

/** The demo trainer's weekly plan: it has no free trial, so paying for it records a charge. */
export const WEEKLY_PRICE = `${TRAINER_ID}-price-weekly`;

/**
 * A screenshot kept as evidence. Headless Chromium now and then refuses a capture ("Unable to
 * capture screenshot") and takes the same picture when asked again, so a refusal is asked again
 * twice before it fails the test.
 */
export async function keepScreenshot(page: Page, options: PageScreenshotOptions): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.screenshot(options);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Unable to capture screenshot')) throw error;
      await page.waitForTimeout(100);
    }
  }
}

/**
 * Declares `tests` once for each language of `texts` (its words there), each in its own describe
 * with the browser set to that language.
 */
export function inEachLanguage<Texts extends Record<'en' | 'es', { browser: string }>>(
  texts: Texts,
  tests: (locale: 'en' | 'es', t: Texts['en' | 'es']) => void,
): void {
  for (const locale of Object.keys(texts) as ('en' | 'es')[]) {
    const t = texts[locale];
    test.describe(`in ${locale}`, () => {
      test.use({ locale: t.browser });
      tests(locale, t);
    });
  }
}
