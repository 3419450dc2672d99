// The email a recorded change of a subscription causes, if any: a trial started, a plan changed now
// or scheduled for the renewal, a cancellation scheduled, the plan kept (a scheduled change or the
// end undone), the subscription ended. What the period's end brings, before and after the event, is
// the one rule every surface asks (domain/billing/period-end.ts). Each email is written to the
// outbox in the event's transaction, so it is sent once however often the event comes.

import { periodEnd } from '../../domain/billing/period-end.ts';
import type { Transaction } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { accessAfter } from '../library/access-after.ts';
import type { BillingMail } from './billing-mail.ts';
import { type PriceRow, subscriptionTerms } from './billing-terms.ts';
import { planName, soldPrices } from './event-lookups.ts';
import { retentionSettings } from './retention.repository.ts';
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
  const endOf = (row: SubscriptionRow) =>
    periodEnd({ cancelAtPeriodEnd: row.cancelAtPeriodEnd, scheduled: row.scheduledPriceId });
  /** The plan a change scheduled on `row` is to, named; null when none would happen. */
  const scheduledName = async (row: SubscriptionRow) => {
    const end = endOf(row);
    if (end.kind !== 'changes') return null;
    const [to] = await soldPrices(tx, row.trainerId, [end.to]);
    return to ? name(to) : null;
  };
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
  await announcePause(tx, mail, { user, price, existing, saved });
  // What the library is once the subscription has ended: closed, unless a grant keeps it open.
  if (existing && saved.status === 'canceled') {
    const endedOn = saved.endedAt ?? saved.currentPeriodEnd;
    const library = await accessAfter(tx, user.id, 'library', endedOn);
    await mail.subscriptionEnded(tx, user, await name(price), endedOn, library);
  } else if (existing && endOf(existing).kind !== 'ends' && endOf(saved).kind === 'ends') {
    await mail.cancellationScheduled(tx, user, {
      plan: await name(price),
      endsOn: saved.currentPeriodEnd,
      dropped: await scheduledName(existing),
      library: await accessAfter(tx, user.id, 'library', saved.currentPeriodEnd),
    });
  } else if (
    existing &&
    existing.priceId === saved.priceId &&
    endOf(existing).kind !== 'renews' &&
    endOf(saved).kind === 'renews'
  ) {
    // The member kept the plan they are on, at the same moment of the same period.
    await mail.planKept(tx, user, {
      plan: await name(price),
      dropped: await scheduledName(existing),
      terms: await subscriptionTerms(tx, saved),
    });
  }
}

/**
 * A pause planned, or over (at its end, early, or called off before it began: decision 152), and the
 * cancel flow's coupon taken (decision 153): the coupon the trainer offers, newly on the subscription.
 */
async function announcePause(
  tx: Transaction,
  mail: BillingMail,
  { user, price, existing, saved }: SubscriptionChange,
): Promise<void> {
  if (!existing || saved.status === 'canceled') return;
  const plan = () => planName(tx, price, user.locale);
  if (!existing.pauseResumesAt && saved.pauseResumesAt) {
    await mail.pausePlanned(tx, user, await plan(), await subscriptionTerms(tx, saved));
  } else if (existing.pauseResumesAt && !saved.pauseResumesAt && saved.status !== 'past_due') {
    const when =
      existing.status !== 'paused'
        ? 'notBegun'
        : saved.lastEventAt < existing.pauseResumesAt
          ? 'early'
          : 'atEnd';
    await mail.resumed(tx, user, await plan(), await subscriptionTerms(tx, saved), when);
  }
  if (saved.couponId && saved.couponId !== existing.couponId) {
    const { cancelOffer: offer } = await retentionSettings(tx, saved.trainerId);
    if (offer?.kind === 'coupon' && offer.couponId === saved.couponId)
      await mail.offerTaken(tx, user, await plan(), await subscriptionTerms(tx, saved));
  }
}
