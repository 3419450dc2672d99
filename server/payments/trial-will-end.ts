// customer.subscription.trial_will_end: the member is told, before the trial ends, what they will
// be charged and when; not when the trial ends in a cancellation.
import type { z } from 'zod';
import type { Transaction } from '../db/index.ts';
import type { BillingMail } from './billing-mail.ts';
import { subscriptionTerms } from './billing-terms.ts';
import { eventMember, planName, soldPrices } from './event-lookups.ts';
import type { ProcessResult, subscriptionObject } from './payment-events.ts';
import { memberSubscription } from './subscriptions.repository.ts';

export async function trialWillEnd(
  tx: Transaction,
  mail: BillingMail,
  object: z.infer<typeof subscriptionObject>,
): Promise<ProcessResult> {
  const user = await eventMember(tx, object.metadata);
  const sub = await memberSubscription(tx, object.id, user.id);
  if (sub?.status !== 'trialing' || sub.cancelAtPeriodEnd) return 'ignored';
  const [price] = await soldPrices(tx, sub.trainerId, [sub.priceId]);
  if (!price) return 'ignored';
  await mail.trialEnding(tx, user, await planName(tx, price, user.locale), await subscriptionTerms(tx, sub));
  return 'processed';
}
