// The billing histories' app on the sandbox gateway, its payment processor and the coupons they use,
// what the runs exercised, and how a history reads the member's view and live subscription.

import { afterAll, beforeAll } from 'vitest';
import type { User } from '../../domain/api-types.ts';
import { toUserView } from '../../server/accounts/member-view.ts';
import { coupons } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PaymentProcessor } from '../../server/payments/processor.ts';
import { startTestApp, type TestApp } from './app.ts';
import { COUPONS, type Real } from './billing-histories.oracle.ts';
import { userRow } from './fixtures.ts';
import { tally } from './history-runs.ts';

export let t: TestApp;
export let processor: PaymentProcessor;
export const { seen, count } = tally();

export async function view(real: Real): Promise<User> {
  return toUserView(t.context.db, await userRow(t.context, real.member.id), real.member.token);
}

export type LiveSubscription = User['customer']['subscriptions']['data'][number];

export function liveOf(user: User): LiveSubscription | null {
  return user.customer.subscriptions.data.find((s) => s.status !== 'canceled') ?? null;
}

/** Whether the member scheduled something that takes the plan away: then choosing it again keeps it. */
export const keepable = (live: LiveSubscription) => live.cancel_at_period_end || live.scheduled_plan !== null;

/** Starts the app, its payment processor and the histories' coupons before the file's tests. */
export function historiesApp(): void {
  beforeAll(async () => {
    t = await startTestApp();
    processor = new PaymentProcessor(
      t.context.db,
      'sandbox',
      t.context.mail,
      t.context.config.publicUrl,
      t.context.memberViews,
    );
    for (const [code, c] of Object.entries(COUPONS)) {
      await t.context.db.insert(coupons).values({
        id: `hist-${code}`,
        trainerId: DEMO_TRAINER_ID,
        code,
        percentOff: c.percentOff,
        amountOff: c.amountOff,
        currency: c.amountOff ? 'usd' : null,
        duration: c.duration,
        durationInMonths: c.months,
      });
    }
  });
  afterAll(() => t.close());
}
