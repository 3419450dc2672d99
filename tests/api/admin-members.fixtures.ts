// The admin members files' app (decision 120) with the operator's token and a second trainer, their
// calls (refund, cancel), what they read back (charges, subscriptions, audit rows, emails), and the
// members they make: a challenge buyer, a subscriber.

import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminAudit, charges, subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, CARD } from './hosted-pages.ts';
import type { Member } from './members.ts';
import { TEST_ENV } from './members.ts';

export const TOKEN = 'members-admin-token-long-enough-0123456789';
export const headers = { 'admin-token': TOKEN, 'admin-actor': 'Marta' };
export const OTHER = 'other-trainer';
export const base = (trainer = DEMO_TRAINER_ID) => `/api/admin/trainers/${trainer}`;
export const price = (suffix: string, trainer = DEMO_TRAINER_ID) => `${trainer}-price-${suffix}`;

export let t: TestApp;
export const driver = billingDriver(() => t);

export const call = adminCalls(() => t, headers);
export const refund = (charge: string, payload: object = {}, trainer = DEMO_TRAINER_ID) =>
  call('adminRefundCharge', 'POST', `${base(trainer)}/charges/${charge}/refund`, payload);
export const cancel = (sub: string, payload: object = {}) =>
  call('adminCancelSubscription', 'POST', `${base()}/subscriptions/${sub}/cancel`, payload);

export const chargesOf = (member: Member) =>
  t.context.db.select().from(charges).where(eq(charges.userId, member.id)).orderBy(asc(charges.id));
export const subscriptionOf = async (member: Member) => {
  const [sub] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  if (!sub) throw new Error('no subscription');
  return sub;
};
export const auditOf = (subject: string) =>
  t.context.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.subject, subject))
    .orderBy(asc(adminAudit.createdAt), asc(adminAudit.id));
export const subjects = async (member: Member) => (await driver.mailTo(member)).map((m) => m.subject);

/** A member who bought the challenge (49.00 USD, one charge). */
export async function challengeBuyer(): Promise<{ member: Member; chargeId: string }> {
  const member = await createMember(t.context);
  expect((await driver.post(await driver.start(member, [price('challenge')]), CARD)).statusCode).toBe(303);
  const [charge] = await chargesOf(member);
  if (!charge) throw new Error('no charge');
  return { member, chargeId: charge.id };
}

/** A member paying the weekly plan (14.99 USD, no trial): one live subscription, one charge. */
export async function subscriber(): Promise<Member> {
  const member = await createMember(t.context, { hadTrial: true });
  await driver.subscribe(member, price('weekly'));
  return member;
}

/** Starts the app before the calling file's tests and closes it after them. */
export function membersAdminApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
    await seedTrainer(t.context.db, { id: OTHER, name: 'Other Trainer' });
  });
  afterAll(() => t.close());
}
