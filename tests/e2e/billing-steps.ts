// The steps the billing journeys take in the browser (tests/e2e/billing-*.spec.ts): a member signed
// in through the API or the modal, a checkout paid, the member's test clock moved, their billing read.

import type { APIRequestContext, Page } from '@playwright/test';
import { PASSWORD, TRAINER_ID } from './fixtures.ts';
import { expect } from './flow-recorder.ts';

export async function loginToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/user/login?gateway=true', {
    data: { email, password: PASSWORD, trainerID: TRAINER_ID },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { userToken: string }).userToken;
}

export async function checkout(page: Page, token: string, price: string): Promise<void> {
  const response = await page.request.post('/api/user/startGatewayStripeSession', {
    headers: { token },
    data: { prices: [`${TRAINER_ID}-price-${price}`], trainerID: TRAINER_ID, route: '/', campaign: null },
  });
  expect(response.status()).toBe(201);
  await page.goto(((await response.json()) as { url: string }).url);
}

export async function advanceClock(request: APIRequestContext, email: string, days: number): Promise<void> {
  const response = await request.post('/dev/clock', { data: { email, trainerId: TRAINER_ID, days } });
  expect(response.ok()).toBe(true);
}

export async function signInThroughModal(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByPlaceholder('Enter email').fill(email);
  await page.getByPlaceholder('Password').fill(PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Login', exact: true }).click();
}

export interface BillingView {
  customer: {
    had_trial: boolean;
    charges: { amount: number }[];
    subscriptions: { data: { status: string; trial_end: string | null }[] };
  };
}

export async function billingOf(request: APIRequestContext, token: string): Promise<BillingView> {
  const response = await request.get('/api/user?gateway=true', { headers: { token } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { user: BillingView }).user;
}

export async function payWithCard(page: Page, number: string): Promise<void> {
  await page.locator('#number').fill(number);
  await page.locator('#expiry').fill('12/40');
  await page.locator('#cvc').fill('123');
  await page.locator('form button.primary[type="submit"]').click();
}

/** A billing date as every billing surface writes it in English: the day in UTC. */
export const billingDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
