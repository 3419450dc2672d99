// customer.subscription.created and .updated (and .deleted, subscription-deleted.ts): the event
// reports the subscription's state, which is recorded as it is: its plan, period, trial, discount,
// card and whether it ends at the period's end. An event older than the last one applied loses;
// whether the subscription may move to the reported status is the lifecycle chart's decision
// (domain/subscription-lifecycle.machine.ts); a member has at most one live subscription. The
// emails the change causes are subscription-notices.ts's.
import type { z } from 'zod';
import { type LifecycleStatus, lifecycleAllows } from '../../domain/subscription-lifecycle.machine.ts';
import type { Transaction } from '../db/index.ts';
import { badRequest, conflict } from '../errors.ts';
import type { BillingMail } from './billing-mail.ts';
import { eventMember, ourPrice, soldPrices } from './event-lookups.ts';
import { cardLabel, type ProcessResult, type subscriptionObject } from './payment-events.ts';
import { updateMember } from './payments.repository.ts';
import { announceSubscriptionChange } from './subscription-notices.ts';
import {
  hasOtherLiveSubscription,
  insertSubscription,
  LIVE_STATUSES,
  lockedSubscription,
  type SubscriptionStatus,
  updateSubscription,
} from './subscriptions.repository.ts';

/**
 * The provider's statuses in ours. A paused subscription is one the member paused (decision 152), not
 * one whose payment failed: recorded as `past_due` it read as overdue, and the emails and pages spoke
 * of a declined card.
 */
const SUBSCRIPTION_STATUS: Record<string, SubscriptionStatus> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'unpaid',
  paused: 'paused',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  canceled: 'canceled',
};

export async function subscriptionUpdated(
  tx: Transaction,
  mail: BillingMail,
  object: z.infer<typeof subscriptionObject>,
  at: Date,
  deleted = false,
): Promise<ProcessResult> {
  const meta = object.metadata;
  const user = await eventMember(tx, meta);
  const item = object.items?.data[0];
  // After a plan change in the provider's portal the item's price is the new one, while the
  // metadata still names the price the checkout sold.
  const itemPrice = item?.price ? await ourPrice(tx, meta.trainerId, item.price) : undefined;
  const priceIds = itemPrice ? [itemPrice.id] : meta.priceIds.split(',');
  const [price] = itemPrice ? [itemPrice] : await soldPrices(tx, meta.trainerId, priceIds);
  if (priceIds.length !== 1 || price?.type !== 'recurring') {
    throw badRequest('events.subscriptionPrices', { priceIds: meta.priceIds });
  }
  const periodEnd = object.current_period_end ?? item?.current_period_end;
  if (!periodEnd) throw badRequest('events.periodEndMissing');
  const periodStart = object.current_period_start ?? item?.current_period_start;
  const status = deleted ? 'canceled' : SUBSCRIPTION_STATUS[object.status];
  if (!status) throw badRequest('events.unknownStatus', { status: object.status });

  const existing = await lockedSubscription(tx, object.id, meta.trainerId);
  if (existing && existing.userId !== user.id)
    throw badRequest('events.otherMembersSubscription', { id: object.id });
  // An event created before the last one applied describes an older state: it loses.
  if (existing && existing.lastEventAt > at) return 'ignored';
  if (!lifecycleAllows((existing?.status as LifecycleStatus | undefined) ?? null, status)) return 'ignored';
  if (
    !existing &&
    LIVE_STATUSES.has(status) &&
    (await hasOtherLiveSubscription(tx, meta.trainerId, user.id, object.id))
  ) {
    throw conflict('checkout.alreadySubscribed');
  }

  // A pause: its end from Stripe's `pause_collection`, its start from our metadata (the period's end
  // when it was asked for); a pause without a recorded start runs from now, as Stripe's does.
  const resumesAt = object.pause_collection?.resumes_at;
  const pauseStartsAt = meta.pauseStartsAt ? new Date(meta.pauseStartsAt) : null;
  const pause =
    resumesAt && status !== 'canceled'
      ? {
          pauseStartsAt:
            pauseStartsAt && !Number.isNaN(pauseStartsAt.getTime())
              ? pauseStartsAt
              : (existing?.pauseStartsAt ?? at),
          pauseResumesAt: new Date(resumesAt * 1000),
        }
      : { pauseStartsAt: null, pauseResumesAt: null };
  const card =
    typeof object.default_payment_method === 'object' ? object.default_payment_method?.card : undefined;
  const values = {
    status,
    priceId: price.id,
    currentPeriodEnd: new Date(periodEnd * 1000),
    ...(periodStart ? { currentPeriodStart: new Date(periodStart * 1000) } : {}),
    cancelAtPeriodEnd: object.cancel_at_period_end,
    trialEnd: object.trial_end ? new Date(object.trial_end * 1000) : null,
    ...(object.billing_cycle_anchor ? { billingAnchor: new Date(object.billing_cycle_anchor * 1000) } : {}),
    ...(object.discount !== undefined
      ? {
          couponId: object.discount?.coupon.id ?? null,
          discountEnd: object.discount?.end ? new Date(object.discount.end * 1000) : null,
        }
      : {}),
    ...(card ? { paymentMethod: cardLabel(card) } : {}),
    ...(status === 'active' ? { failedAttempts: 0, nextPaymentAttempt: null } : {}),
    // A pause's period is billed nothing (decision 152): what a plan change after an early resume
    // credits is the unused part of nothing, until the renewal that resumes it is paid.
    ...(status === 'paused' && existing?.status !== 'paused' ? { periodValue: 0 } : {}),
    ...(status === 'canceled' ? { endedAt: object.ended_at ? new Date(object.ended_at * 1000) : at } : {}),
    scheduledPriceId: meta.scheduledPriceId ?? null,
    ...pause,
    lastEventAt: at,
    changes: (existing?.changes ?? 0) + 1,
  };
  const saved = existing
    ? await updateSubscription(tx, existing.id, values)
    : await insertSubscription(tx, {
        id: object.id,
        trainerId: meta.trainerId,
        userId: user.id,
        createdAt: at,
        ...values,
      });
  if (!saved) throw new Error(`Subscription ${object.id} was not saved`);
  if (object.trial_end && !user.hadTrial) await updateMember(tx, user.id, { hadTrial: true });

  await announceSubscriptionChange(tx, mail, { user, price, existing, saved });
  return 'processed';
}
