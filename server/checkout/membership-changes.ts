// What Manage My Subscription changes itself (decision 162): a pause of the months the trainer allows,
// held to the quote the member read, its early end, and keeping a plan set to end or change. Each goes
// through the gateway as the sandbox portal's forms do, so Stripe's pause (which its hosted portal
// does not offer) and the sandbox's are one operation. The member's time is their test clock's.
import type { components } from '../../openapi/schema.d.ts';
import type { Database, Transaction } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { memberNow } from '../library/holdings.ts';
import { memberAccessRows } from '../library/library.repository.ts';
import { subscriptionTerms } from '../payments/billing-terms.ts';
import { type GatewayAnswer, keepKey, pauseKey, resumeKey } from '../payments/gateway.ts';
import { retentionSettings } from '../payments/retention.repository.ts';
import { pauseOptions } from '../payments/retention.ts';
import {
  liveSubscription,
  lockedSubscription,
  type SubscriptionRow,
} from '../payments/subscriptions.repository.ts';
import { memberTaxRule } from '../payments/taxes.repository.ts';
import { chargeAsPaid } from '../payments/taxes.ts';
import type { CheckoutDeps } from './gateway-session.ts';

type Schemas = components['schemas'];

async function memberTime(db: Database | Transaction, userId: string): Promise<Date> {
  const rows = await memberAccessRows(db, userId);
  return rows ? memberNow(rows) : new Date();
}

async function liveOf(db: Database, user: UserRow): Promise<SubscriptionRow> {
  const live = await liveSubscription(db, user.trainerId, user.id);
  if (!live) throw notFound('membership.noSubscription');
  return live;
}

/** The lengths allowed, and the pauses this subscription may take now with what each states. */
export async function memberPauseOptions(db: Database, user: UserRow): Promise<Schemas['PauseOptions']> {
  const live = await liveOf(db, user);
  const { pauseMonths } = await retentionSettings(db, user.trainerId);
  // The charge that resumes it, as the member pays it (decision 173).
  const rule = await memberTaxRule(db, user.trainerId, user.id);
  const options = pauseOptions(
    await subscriptionTerms(db, live),
    pauseMonths,
    await memberTime(db, user.id),
    rule,
  );
  return {
    success: true,
    allowed: pauseMonths,
    options: options.map(({ months, quote, digest }) => ({
      months,
      starts_at: quote.pause.startsAt.toISOString(),
      resumes_at: quote.pause.resumesAt.toISOString(),
      // The total, and how it is made up, as the member view's next charge says it.
      next_charge: {
        ...chargeAsPaid(quote.schedule.next?.amount ?? 0, rule),
        currency: quote.schedule.currency,
        date: (quote.schedule.next?.at ?? quote.pause.resumesAt).toISOString(),
      },
      promise: digest,
    })),
  };
}

/** The member's live subscription, locked for the change; a 404 when they have none any more. */
async function changeLive(
  { db, processor }: CheckoutDeps,
  user: UserRow,
  change: (tx: Transaction, sub: SubscriptionRow, now: Date) => Promise<GatewayAnswer>,
): Promise<Schemas['MembershipChange']> {
  const live = await liveOf(db, user);
  const answer = await processor.transaction(async (tx) => {
    const sub = await lockedSubscription(tx, live.id, user.trainerId);
    if (!sub || sub.userId !== user.id || sub.status === 'canceled')
      throw notFound('membership.noSubscription');
    return change(tx, sub, await memberTime(tx, user.id));
  });
  return { success: true, recorded: answer.recorded };
}

export function pauseMembership(
  deps: CheckoutDeps,
  user: UserRow,
  chosen: { months: number; promise: string },
): Promise<Schemas['MembershipChange']> {
  return changeLive(deps, user, async (tx, sub, now) => {
    const { pauseMonths } = await retentionSettings(tx, sub.trainerId);
    const rule = await memberTaxRule(tx, sub.trainerId, sub.userId);
    const option = pauseOptions(await subscriptionTerms(tx, sub), pauseMonths, now, rule).find(
      (o) => o.months === chosen.months,
    );
    if (!option) throw conflict('membership.pauseNotOffered', { months: chosen.months });
    // What the member read is what happens, or nothing does.
    if (option.digest !== chosen.promise) throw conflict('membership.pauseChanged');
    return deps.gateway.pause(tx, {
      subscription: sub,
      pause: option.quote.pause,
      idempotencyKey: pauseKey(sub),
    });
  });
}

export function resumeMembership(deps: CheckoutDeps, user: UserRow): Promise<Schemas['MembershipChange']> {
  return changeLive(deps, user, async (tx, sub) => {
    if (!sub.pauseResumesAt) throw conflict('membership.nothingToResume');
    return deps.gateway.resume(tx, { subscription: sub, idempotencyKey: resumeKey(sub) });
  });
}

export function keepMembership(deps: CheckoutDeps, user: UserRow): Promise<Schemas['MembershipChange']> {
  return changeLive(deps, user, async (tx, sub) => {
    const kept =
      sub.status === 'trialing' || sub.status === 'active'
        ? await deps.gateway.keepPlan(tx, { subscription: sub, idempotencyKey: keepKey(sub) })
        : null;
    if (!kept) throw conflict('membership.nothingToKeep');
    return kept;
  });
}
