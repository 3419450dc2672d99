// The sandbox checkout files' app, the test cards, and how they start a checkout and pay its page.

import { afterAll, beforeAll, expect } from 'vitest';
import { toUserView } from '../../server/accounts/member-view.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { userRow } from './fixtures.ts';
import { submitPage } from './hosted-pages.ts';
import type { Member } from './members.ts';

export let t: TestApp;

export const VALID_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
export const DECLINED_CARD = { ...VALID_CARD, number: '4000 0000 0000 0002' };

export async function startCheckout(
  member: Member,
  prices: string[],
  options: { route?: string; coupon?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/user/startGatewayStripeSession${options.coupon ? `?coupon=${options.coupon}` : ''}`,
    headers: { token: member.token },
    payload: { prices, trainerID: DEMO_TRAINER_ID, route: options.route ?? '/', campaign: null },
  });
  const body = expectContract(res, 'startCheckoutSession') as { url: string };
  expect(res.statusCode).toBe(201);
  return new URL(body.url).pathname;
}

export const pay = (path: string, card: Record<string, string>) => submitPage(t.app, path, card);

export async function customerOf(member: Member) {
  return (await toUserView(t.context.db, await userRow(t.context, member.id), member.token)).customer;
}

/** Starts the app before the calling file's tests and closes it after them. */
export function sandboxCheckoutApp(): void {
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
}
