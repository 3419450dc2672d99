// The email a recorded change of a subscription causes, if any: a trial started, a plan changed now
// or scheduled for the renewal, a cancellation scheduled, the subscription ended. Each is written
// to the outbox in the event's transaction, so it is sent once however often the event comes.
import type { Transaction } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { accessAfter } from '../library/access-after.ts';
import type { BillingMail } from './billing-mail.ts';
import { type PriceRow, subscriptionTerms } from './billing-terms.ts';
import { planName, soldPrices } from './event-lookups.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';

export interface SubscriptionChange {
  user: UserRow;
  /** The plan the subscription is on now. */
  price: PriceRow;
  /** The row before the event; undefined for a subscription the event created. */
  existing: SubscriptionRow | undefined;
  saved: SubscriptionRow;
}

export async function announceSubscriptionChange(
  tx: Transaction,
  mail: BillingMail,
  { user, price, existing, saved }: SubscriptionChange,
): Promise<void> {
  const name = (row: PriceRow) => planName(tx, row, user.locale);
  if (!existing && saved.status === 'trialing') {
    await mail.trialStarted(tx, user, await name(price), await subscriptionTerms(tx, saved));
  } else if (existing && existing.priceId !== price.id && existing.scheduledPriceId !== price.id) {
    // A change applied now. One scheduled for the renewal was announced when it was scheduled.
    const [from] = await soldPrices(tx, saved.trainerId, [existing.priceId]);
    if (from) {
      await mail.planChanged(tx, user, {
        from: await name(from),
        to: await name(price),
        terms: await subscriptionTerms(tx, saved),
        renewed: existing.cancelAtPeriodEnd && !saved.cancelAtPeriodEnd,
        scheduledFor: null,
      });
    }
  } else if (existing && saved.scheduledPriceId && saved.scheduledPriceId !== existing.scheduledPriceId) {
    // A change scheduled for the renewal: the plan stays until then, and a subscription that was
    // set to end now renews, so the member is told both at once.
    const [to] = await soldPrices(tx, saved.trainerId, [saved.scheduledPriceId]);
    if (to) {
      await mail.planChanged(tx, user, {
        from: await name(price),
        to: await name(to),
        terms: await subscriptionTerms(tx, saved),
        renewed: existing.cancelAtPeriodEnd && !saved.cancelAtPeriodEnd,
        scheduledFor: saved.currentPeriodEnd,
      });
    }
  }
  // What the library is once the subscription has ended: closed, unless a grant keeps it open.
  if (existing && saved.status === 'canceled') {
    const endedOn = saved.endedAt ?? saved.currentPeriodEnd;
    const library = await accessAfter(tx, user.id, 'library', endedOn);
    await mail.subscriptionEnded(tx, user, await name(price), endedOn, library);
  } else if (existing && !existing.cancelAtPeriodEnd && saved.cancelAtPeriodEnd) {
    const library = await accessAfter(tx, user.id, 'library', saved.currentPeriodEnd);
    await mail.cancellationScheduled(tx, user, await name(price), saved.currentPeriodEnd, library);
  }
}
