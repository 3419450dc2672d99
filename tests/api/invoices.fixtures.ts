// The invoices files' app (an admin token, a second trainer to number apart) and how they buy, list
// and download a member's invoices.
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls, expectContract } from './contract.ts';
import { billingDriver, CARD } from './hosted-pages.ts';
import { type Member, TEST_ENV } from './members.ts';

const TOKEN = 'invoices-admin-token-long-enough-0123456789';
export const OTHER = 'invoice-other-trainer';
export const price = (suffix: string, trainer = DEMO_TRAINER_ID) => `${trainer}-price-${suffix}`;

export let t: TestApp;
export const driver = billingDriver(() => t);
export const admin = adminCalls(() => t, { 'admin-token': TOKEN, 'admin-actor': 'Marta' });

/** Starts the app, with the second trainer, before the calling file's tests and closes it after them. */
export function invoicesApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
    await seedTrainer(t.context.db, { id: OTHER, name: 'Other Trainer' });
  });
  afterAll(() => t.close());
}

export interface Listed {
  id: string;
  series: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  total: number;
  currency: string;
  chargeId: string;
  pdfUrl: string;
  hostedUrl: string | null;
}

export async function listed(
  member: Member,
  query = '',
): Promise<{ invoices: Listed[]; next: string | null }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user/invoices${query}`,
    headers: { token: member.token },
  });
  expectContract(res, 'listInvoices');
  expect(res.statusCode).toBe(200);
  return res.json();
}

export const download = (path: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: path, headers });

export async function buyChallenge(member: Member, coupon?: string) {
  const path = await driver.start(member, [price('challenge', member.trainerId)], coupon);
  expect((await driver.post(path, CARD)).statusCode).toBe(303);
}
