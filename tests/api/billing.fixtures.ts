// The billing files' app on the sandbox gateway, the member's side of billing through its hosted pages
// and test clock, and the count of a member's live subscriptions.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { subscriptions } from '../../server/db/schema.ts';
import type { PaymentProcessor } from '../../server/payments/processor.ts';
import { startTestApp, type TestApp } from './app.ts';
import { billingDriver } from './hosted-pages.ts';
import type { Member } from './members.ts';

export let t: TestApp;
export const billing = billingDriver(() => t);
export const { start, post, subscribe, customerOf, mailTo, portal } = billing;
export const advance = (member: Member, days: number) => billing.advance(member, days);
export let processor: PaymentProcessor;

export async function liveCount(member: Member) {
  const rows = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  return rows.filter((r) => ['trialing', 'active', 'past_due', 'unpaid'].includes(r.status)).length;
}

/** Starts the app and its payment processor before the calling file's tests, closes it after them. */
export function billingApp(): void {
  beforeAll(async () => {
    t = await startTestApp();
    processor = billing.processor();
  });
  afterAll(() => t.close());
}
