// The library files' app on the sandbox gateway with the operator's token, the member's calls and
// billing they use, and the UTC days a unit opens on.

import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { billingDriver } from './hosted-pages.ts';
import { libraryCalls, moneyDriver } from './library-calls.ts';
import { TEST_ENV } from './members.ts';

export const ADMIN = {
  'admin-token': 'library-admin-token-long-enough-0123456789',
  'admin-actor': 'Ana Operator',
};

export let t: TestApp;
export const driver = billingDriver(() => t);
export const money = moneyDriver(driver);
export const api = libraryCalls(() => t);

export const utcMidnight = (at: Date, plusDays = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + plusDays));

export async function firstUnits(member: { token: string }, item: string) {
  const answer = await api.item(member, item);
  expect(answer.status, answer.res.body).toBe(200);
  return answer.ok?.item.units ?? [];
}

/** Starts the app before the calling file's tests and closes it after them. */
export function libraryApp(): void {
  beforeAll(async () => {
    // A member's view is kept long, so a test can show that access is never read from it.
    t = await startTestApp({
      env: { ...TEST_ENV, ADMIN_TOKEN: ADMIN['admin-token'], MEMBER_VIEW_MAX_AGE_MS: '10000' },
    });
  });
  afterAll(() => t.close());
}
