// The admin files' app (decision 117): ADMIN_TOKEN set, the catalogue cached for five minutes so a
// change seen at once is the cache emptied, not expired, a second trainer seeded; the operator's
// calls and what they read back (the audit, the public plans).

import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminAudit } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { contractOperations } from '../../server/http/contract.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { billingDriver } from './hosted-pages.ts';
import { TEST_ENV } from './members.ts';

export const TOKEN = 'an-admin-token-long-enough-0123456789';

export const ACTOR = 'Ana Operator';

export const OTHER = 'other-trainer';

export const headers = { 'admin-token': TOKEN, 'admin-actor': ACTOR };

export const adminOperations = contractOperations().filter((op) =>
  (op.operation.tags as string[]).includes('admin'),
);

export let t: TestApp;

export const call = adminCalls(() => t, headers);

export const plansUrl = (trainer: string) => `/api/admin/trainers/${trainer}/plans`;

export const auditRows = () =>
  t.context.db.select().from(adminAudit).orderBy(asc(adminAudit.createdAt), asc(adminAudit.id));

export async function publicPlanIds(trainer = DEMO_TRAINER_ID): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/trainer/${trainer}/products` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { subscriptions: { plans: { id: string }[] }[] };
  return body.subscriptions.flatMap((s) => s.plans.map((p) => p.id));
}

export let driver: ReturnType<typeof billingDriver>;

/** Starts the app before the calling file's tests and closes it after them; the file's own billing driver. */
export function adminApp(): void {
  driver = billingDriver(() => t);
  beforeAll(async () => {
    t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN, CATALOGUE_MAX_AGE_SECONDS: '300' } });
    await seedTrainer(t.context.db, { id: OTHER, name: 'Other Trainer' });
  });
  afterAll(() => t.close());
}
