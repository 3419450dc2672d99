// customer.subscription.deleted: the subscription has ended (cancelled at the period's end, at
// once in the portal, or after the last failed renewal). It is recorded as canceled, whatever
// status the event carries, like any other update (subscription-updated.ts), and the member is
// told it ended.
import type { z } from 'zod';
import type { Transaction } from '../db/index.ts';
import type { BillingMail } from './billing-mail.ts';
import type { ProcessResult, subscriptionObject } from './payment-events.ts';
import { subscriptionUpdated } from './subscription-updated.ts';

export function subscriptionDeleted(
  tx: Transaction,
  mail: BillingMail,
  object: z.infer<typeof subscriptionObject>,
  at: Date,
): Promise<ProcessResult> {
  return subscriptionUpdated(tx, mail, object, at, true);
}
