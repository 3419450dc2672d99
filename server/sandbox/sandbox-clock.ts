// The sandbox's test clock, as Stripe's test clocks: a member's time can be moved ahead, and the
// sandbox then sends, in order and through the same processor as every other event, what Stripe
// would have sent in that time: the trial's reminder and its end, each renewal, a declined renewal
// and its retries, the end of a cancelled subscription. Every event of a moment has an id made from
// the subscription and the moment, so advancing twice, or at once from two requests, sends it once.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { coupons, prices, sandboxClocks, subscriptions, users, webhookEvents } from '../db/schema.ts';
import { addInterval, discountAfterInvoice, invoiceAmount, type PriceRow } from '../payments/pricing.ts';
import type { PaymentProcessor, Transaction } from '../payments/processor.ts';
import {
  type Card,
  event,
  invoiceFailedEvent,
  invoicePaidEvent,
  type SubscriptionState,
  seconds,
  stateOf,
  subscriptionObject,
} from '../payments/sandbox-gateway.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Retries after a declined renewal, in days after the first decline; after the last one the subscription ends. */
export const RETRY_SCHEDULE_DAYS = [3, 5, 7];
/** Stripe's `customer.subscription.trial_will_end` comes three days before the trial ends. */
const TRIAL_REMINDER_DAYS = 3;
/** A card that pays at checkout and is declined on every later charge, as Stripe's test card. */
export const FAILS_LATER_LAST4 = '0341';
/** Enough steps for a daily plan over several years; a bound, so a request always ends. */
const MAX_STEPS = 5000;

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The member's sandbox time: now, plus however far their clock was moved ahead. */
export async function clockNow(db: Database | Transaction, userId: string): Promise<Date> {
  const [clock] = await db.select().from(sandboxClocks).where(eq(sandboxClocks.userId, userId));
  return new Date(Date.now() + (clock?.offsetSeconds ?? 0) * 1000);
}

const declines = (card: Card | undefined) => card?.last4 === FAILS_LATER_LAST4;

interface Moment {
  at: Date;
  kind: 'trialReminder' | 'periodEnd' | 'retry';
}

async function nextMoment(tx: Transaction, sub: SubscriptionRow, until: Date): Promise<Moment | null> {
  const moments: Moment[] = [];
  if (sub.status === 'trialing' && sub.trialEnd) {
    const reminder = new Date(sub.trialEnd.getTime() - TRIAL_REMINDER_DAYS * DAY_MS);
    const [sent] = await tx
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, momentEventId(sub, 'trialReminder', reminder)));
    if (!sent && reminder > sub.createdAt) moments.push({ at: reminder, kind: 'trialReminder' });
  }
  // A past-due subscription does not renew again: its retries decide whether it goes on.
  if (sub.status === 'trialing' || sub.status === 'active')
    moments.push({ at: sub.currentPeriodEnd, kind: 'periodEnd' });
  if (sub.status === 'past_due' && sub.nextPaymentAttempt)
    moments.push({ at: sub.nextPaymentAttempt, kind: 'retry' });
  const due = moments.filter((m) => m.at <= until).sort((a, b) => a.at.getTime() - b.at.getTime());
  return due[0] ?? null;
}

function momentEventId(sub: SubscriptionRow, kind: string, at: Date, part = ''): string {
  return `evt_sandbox_${sub.id}_${kind}_${seconds(at)}${part}`;
}

/**
 * Moves the member's clock ahead by `byMs` and sends every event that falls in that time. One
 * transaction, with the member's clock row locked: a failure leaves the clock and the records as they were.
 */
export async function advanceClock(
  db: Database,
  processor: PaymentProcessor,
  userId: string,
  byMs: number,
): Promise<{ now: Date; events: string[] }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error(`Unknown member ${userId}`);
    await tx.insert(sandboxClocks).values({ userId, offsetSeconds: 0 }).onConflictDoNothing();
    const [clock] = await tx
      .select()
      .from(sandboxClocks)
      .where(eq(sandboxClocks.userId, userId))
      .for('update');
    const offsetSeconds = (clock?.offsetSeconds ?? 0) + Math.round(byMs / 1000);
    const until = new Date(Date.now() + offsetSeconds * 1000);
    const sent: string[] = [];
    const send = async (e: ReturnType<typeof event>) => {
      if ((await processor.apply(tx, e)) === 'processed') sent.push(e.type);
    };

    for (let step = 0; step < MAX_STEPS; step++) {
      const subs = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            sql`${subscriptions.status} in ('trialing', 'active', 'past_due')`,
          ),
        );
      let earliest: { sub: SubscriptionRow; moment: Moment } | null = null;
      for (const sub of subs) {
        const moment = await nextMoment(tx, sub, until);
        if (moment && (!earliest || moment.at < earliest.moment.at)) earliest = { sub, moment };
      }
      if (!earliest) break;
      const { sub, moment } = earliest;
      const [coupon] = sub.couponId
        ? await tx.select().from(coupons).where(eq(coupons.id, sub.couponId))
        : [];
      const state = stateOf(sub, coupon ?? null);
      const id = (part = '') => momentEventId(sub, moment.kind, moment.at, part);
      const subscriptionEvent = (type: string, next: SubscriptionState, part: string) =>
        event(type, moment.at, subscriptionObject(next), id(part));

      if (moment.kind === 'trialReminder') {
        await send(subscriptionEvent('customer.subscription.trial_will_end', state, ''));
        continue;
      }
      if (moment.kind === 'periodEnd' && sub.cancelAtPeriodEnd) {
        await send(
          subscriptionEvent('customer.subscription.deleted', { ...state, status: 'canceled' }, '_deleted'),
        );
        continue;
      }
      // A renewal (the trial's end is the first), or a retry of what a renewal left unpaid.
      const priceId =
        moment.kind === 'periodEnd' && sub.scheduledPriceId ? sub.scheduledPriceId : sub.priceId;
      const [price] = (await tx.select().from(prices).where(eq(prices.id, priceId))) as PriceRow[];
      if (!price) throw new Error(`Subscription ${sub.id} has no price ${priceId}`);
      const renewed: SubscriptionState =
        moment.kind === 'periodEnd'
          ? {
              ...state,
              priceId,
              scheduledPriceId: null,
              periodStart: moment.at,
              periodEnd: addInterval(moment.at, price.interval, price.intervalCount ?? 1),
            }
          : state;
      const amount = invoiceAmount(price, state.discount ?? null, renewed.periodStart);
      const invoiceId = `in_sandbox_${sub.id}_${seconds(renewed.periodStart)}`;
      if (!declines(state.card)) {
        await send(
          subscriptionEvent(
            'customer.subscription.updated',
            {
              ...renewed,
              status: 'active',
              discount: discountAfterInvoice(state.discount ?? null, renewed.periodStart),
            },
            '_updated',
          ),
        );
        await send(
          invoicePaidEvent({
            id: invoiceId,
            subscription: renewed,
            amount,
            currency: price.currency,
            reason: 'subscription_cycle',
            card: state.card ?? { brand: 'visa', last4: '4242' },
            now: moment.at,
            eventId: id('_paid'),
          }),
        );
        continue;
      }
      const attempt = moment.kind === 'periodEnd' ? 1 : sub.failedAttempts + 1;
      const firstDecline = moment.kind === 'periodEnd' ? moment.at : renewed.periodStart;
      const retryDays = RETRY_SCHEDULE_DAYS[attempt - 1];
      const nextAttempt =
        retryDays === undefined ? null : new Date(firstDecline.getTime() + retryDays * DAY_MS);
      if (moment.kind === 'periodEnd') {
        await send(
          subscriptionEvent('customer.subscription.updated', { ...renewed, status: 'past_due' }, '_updated'),
        );
      }
      await send(
        invoiceFailedEvent({
          id: invoiceId,
          subscription: renewed,
          amountDue: amount,
          currency: price.currency,
          attempt,
          nextAttempt,
          now: moment.at,
          eventId: id('_failed'),
        }),
      );
      if (!nextAttempt) {
        await send(
          subscriptionEvent('customer.subscription.deleted', { ...renewed, status: 'canceled' }, '_deleted'),
        );
      }
    }
    await tx.update(sandboxClocks).set({ offsetSeconds }).where(eq(sandboxClocks.userId, userId));
    return { now: until, events: sent };
  });
}
