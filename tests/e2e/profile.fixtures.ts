// Signing a member in for the profile and confirmation browser tests without the modal: register
// through the API, then store the user under `pcc-user` before the app loads, as the session would.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const TRAINER_ID = 'demo-trainer';
export const PASSWORD = 'first-password-1';

export interface Member {
  id: string;
  token: string;
  email: string;
  name: string;
}

export async function registerMember(
  request: APIRequestContext,
  locale: 'en' | 'es',
  name = 'Ana Member',
): Promise<Member> {
  const email = `member-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await request.post('/api/user/register?gateway=true', {
    data: { name, email, password: PASSWORD, trainerID: TRAINER_ID, os_type: 'Unknown', locale },
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

/** Pays a checkout of the given price on the sandbox page with the test card; lands on its confirmation. */
export async function payInSandbox(
  page: Page,
  member: Member,
  priceId: string,
  route: string,
): Promise<void> {
  const response = await page.request.post('/api/user/startGatewayStripeSession', {
    headers: { token: member.token },
    data: { prices: [priceId], trainerID: TRAINER_ID, route, campaign: null },
  });
  expect(response.status()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  await page.goto(url);
  await page.locator('#number').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill('12/40');
  await page.locator('#cvc').fill('123');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`**${route === '/' ? '' : route}/confirmation`);
}

/** The demo trainer's weekly plan: it has no free trial, so paying for it records a charge. */
export const WEEKLY_PRICE = `${TRAINER_ID}-price-weekly`;
