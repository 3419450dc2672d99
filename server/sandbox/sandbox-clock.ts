// The sandbox's test clock, as Stripe's test clocks: a member's time can be moved ahead, and the
// sandbox then sends, in order and through the same processor as every other event, what Stripe
// would have sent in that time: the trial's reminder and its end, each renewal, a declined renewal
// and its retries, the end of a cancelled subscription, a pause's beginning and its end (decision
// 152). Every event of a moment has an id made from
// the subscription and the moment, so advancing twice, or at once from two requests, sends it once.
import { pauseBegins, renewal } from '../../domain/billing/subscriptions.ts';
import { type TaxRule, taxed } from '../../domain/billing/tax.ts';
import type { Database, Transaction } from '../db/index.ts';
import { subscriptionTerms } from '../payments/billing-terms.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import { memberTaxRule } from '../payments/taxes.repository.ts';
import {
  clockOffsetSeconds,
  eventRecorded,
  lockClock,
  member,
  runningSubscriptions,
  type SubscriptionRow,
  setClockOffset,
} from './sandbox.repository.ts';
import {
  event,
  invoiceFailedEvent,
  invoicePaidEvent,
  type SandboxSubscription,
  sandboxSubscription,
  seconds,
  subscriptionEvent,
  subscriptionObject,
} from './sandbox-events.ts';
import { chargeGoesThrough } from './test-cards.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Retries after a declined renewal, in days after the first decline; after the last one the subscription ends. */
export const RETRY_SCHEDULE_DAYS = [3, 5, 7];
/** Stripe's `customer.subscription.trial_will_end` comes three days before the trial ends. */
const TRIAL_REMINDER_DAYS = 3;
/** Enough steps for a daily plan over several years; a bound, so a request always ends. */
const MAX_STEPS = 5000;

/** The member's sandbox time: now, plus however far their clock was moved ahead. */
export async function clockNow(db: Database | Transaction, userId: string): Promise<Date> {
  return new Date(Date.now() + (await clockOffsetSeconds(db, userId)) * 1000);
}

interface Moment {
  at: Date;
  kind: 'trialReminder' | 'periodEnd' | 'retry';
}

async function nextMoment(tx: Transaction, sub: SubscriptionRow, until: Date): Promise<Moment | null> {
  const moments: Moment[] = [];
  if (sub.status === 'trialing' && sub.trialEnd) {
    const reminder = new Date(sub.trialEnd.getTime() - TRIAL_REMINDER_DAYS * DAY_MS);
    const sent = await eventRecorded(tx, momentEventId(sub, 'trialReminder', reminder));
    if (!sent && reminder > sub.createdAt) moments.push({ at: reminder, kind: 'trialReminder' });
  }
  // A past-due subscription does not renew again: its retries decide whether it goes on.
  // A paused subscription's period is the pause: its end is the renewal that resumes it.
  if (sub.status === 'trialing' || sub.status === 'active' || sub.status === 'paused')
    moments.push({ at: sub.currentPeriodEnd, kind: 'periodEnd' });
  if (sub.status === 'past_due' && sub.nextPaymentAttempt)
    moments.push({ at: sub.nextPaymentAttempt, kind: 'retry' });
  const due = moments.filter((m) => m.at <= until).sort((a, b) => a.at.getTime() - b.at.getTime());
  return due[0] ?? null;
}

/** When attempt `attempt` (1 is the renewal itself) is followed by the next, or null after the last. */
function retryAt(firstDecline: Date, attempt: number): Date | null {
  const days = RETRY_SCHEDULE_DAYS[attempt - 1];
  return days === undefined ? null : new Date(firstDecline.getTime() + days * DAY_MS);
}

function momentEventId(sub: SubscriptionRow, kind: string, at: Date, part = ''): string {
  return `evt_sandbox_${sub.id}_${kind}_${seconds(at)}${part}`;
}

/**
 * Moves the member's clock ahead by `byMs` and sends every event that falls in that time. One
 * transaction, with the member's clock row locked: a failure leaves the clock and the records as they were.
 */
export async function advanceClock(
  processor: PaymentProcessor,
  userId: string,
  byMs: number,
): Promise<{ now: Date; events: string[] }> {
  return processor.transaction(async (tx) => {
    if (!(await member(tx, userId))) throw new Error(`Unknown member ${userId}`);
    const offsetSeconds = (await lockClock(tx, userId)) + Math.round(byMs / 1000);
    const until = new Date(Date.now() + offsetSeconds * 1000);
    const sent: string[] = [];
    const send = async (e: ReturnType<typeof event>) => {
      if ((await processor.apply(tx, e)) === 'processed') sent.push(e.type);
    };

    for (let step = 0; step < MAX_STEPS; step++) {
      const subs = await runningSubscriptions(tx, userId);
      let earliest: { sub: SubscriptionRow; moment: Moment } | null = null;
      for (const sub of subs) {
        const moment = await nextMoment(tx, sub, until);
        if (moment && (!earliest || moment.at < earliest.moment.at)) earliest = { sub, moment };
      }
      if (!earliest) break;
      const { sub, moment } = earliest;
      const current = sandboxSubscription(sub, await subscriptionTerms(tx, sub));
      const id = (part = '') => momentEventId(sub, moment.kind, moment.at, part);
      const update = (next: SandboxSubscription, part: string) =>
        subscriptionEvent('customer.subscription.updated', next, moment.at, id(part));
      const deleted = (next: SandboxSubscription) =>
        subscriptionEvent(
          'customer.subscription.deleted',
          { ...next, terms: { ...next.terms, status: 'canceled' } },
          moment.at,
          id('_deleted'),
        );

      if (moment.kind === 'trialReminder') {
        await send(
          event('customer.subscription.trial_will_end', moment.at, subscriptionObject(current), id()),
        );
        continue;
      }
      if (moment.kind === 'periodEnd') {
        // A pause that begins here: nothing is charged, the subscription is paused until it resumes.
        const paused = current.terms.cancelAtPeriodEnd ? null : pauseBegins(current.terms);
        if (paused) {
          await send(
            subscriptionEvent(
              'customer.subscription.paused',
              { ...current, terms: paused },
              moment.at,
              id('_paused'),
            ),
          );
          continue;
        }
        const resuming = current.terms.status === 'paused';
        const renewed = renewal(current.terms);
        if (!renewed) {
          await send(deleted(current));
          continue;
        }
        const { invoice, paid } = renewed;
        const invoiceId = `in_sandbox_${sub.id}_${seconds(invoice.at)}`;
        if (invoice.amount === 0 || chargeGoesThrough(current.card, 'later')) {
          const next = { ...current, terms: paid };
          await send(
            resuming
              ? subscriptionEvent('customer.subscription.resumed', next, moment.at, id('_resumed'))
              : update(next, '_updated'),
          );
          await send(
            invoicePaidEvent({
              id: invoiceId,
              subscription: next,
              planAmount: invoice.amount,
              // The renewal carries the tax of the member's rule as it stands (decision 173).
              tax: chargeTax(invoice.amount, await memberTaxRule(tx, sub.trainerId, sub.userId)),
              reason: 'subscription_cycle',
              now: moment.at,
              eventId: id('_paid'),
            }),
          );
          continue;
        }
        // The invoice is created (a `once` coupon is used by it) and stays due: the retries and a new
        // card pay exactly it.
        const overdue = { ...current, terms: { ...paid, status: 'past_due' as const, periodValue: 0 } };
        await send(update(overdue, '_updated'));
        await send(
          invoiceFailedEvent({
            id: invoiceId,
            subscription: overdue,
            planAmount: invoice.amount,
            // Taxed once, as it is issued, from the member's rule as it stands (decision 173).
            tax: chargeTax(invoice.amount, await memberTaxRule(tx, sub.trainerId, sub.userId)),
            attempt: 1,
            nextAttempt: retryAt(invoice.at, 1),
            now: moment.at,
            eventId: id('_failed'),
          }),
        );
        continue;
      }
      // A retry of the invoice a declined renewal left due.
      const invoiceId = sub.openInvoiceId ?? `in_sandbox_${sub.id}_${seconds(current.terms.periodStart)}`;
      const due = await openInvoice(tx, sub);
      if (chargeGoesThrough(current.card, 'later')) {
        const next = { ...current, terms: { ...current.terms, status: 'active' as const } };
        await send(update(next, '_updated'));
        await send(
          invoicePaidEvent({
            id: invoiceId,
            subscription: next,
            ...due,
            reason: 'subscription_cycle',
            now: moment.at,
            eventId: id('_paid'),
          }),
        );
        continue;
      }
      const attempt = sub.failedAttempts + 1;
      const nextAttempt = retryAt(current.terms.periodStart, attempt);
      await send(
        invoiceFailedEvent({
          id: invoiceId,
          subscription: current,
          ...due,
          attempt,
          nextAttempt,
          now: moment.at,
          eventId: id('_failed'),
        }),
      );
      if (!nextAttempt) await send(deleted(current));
    }
    await setClockOffset(tx, userId, offsetSeconds);
    return { now: until, events: sent };
  });
}

/**
 * The invoice a declined renewal left due, as it was issued: Stripe taxes an invoice once, when it is
 * finalised, so its retries and a new card pay the same total (the one the failed-payment email
 * stated) with the same tax, whatever the member's country has become. The total is what is due; the
 * tax is the one kept with it, exclusive tax on top of the plan's line and inclusive tax within it.
 */
export async function openInvoice(tx: Transaction, sub: SubscriptionRow) {
  const due = sub.openInvoiceAmount ?? 0;
  const kept = sub.openInvoiceTax;
  if (kept) {
    const tax = { amount: kept.amount, mode: kept.mode };
    return { planAmount: kept.mode === 'exclusive' ? due - kept.amount : due, tax };
  }
  // Left due before its tax was kept (migration 0021): the period's value is the plan's line, and an
  // inclusive line's tax can only be read under the member's rule as it stands.
  const planAmount = sub.periodInvoiceId === sub.openInvoiceId ? Math.min(sub.periodValue, due) : due;
  if (planAmount < due) return { planAmount, tax: { amount: due - planAmount, mode: 'exclusive' as const } };
  const rule = await memberTaxRule(tx, sub.trainerId, sub.userId);
  return { planAmount, tax: rule?.mode === 'inclusive' ? chargeTax(planAmount, rule) : null };
}

/** The tax an invoice of `amount` carries under a rule, in the shape of the invoice's event. */
export function chargeTax(amount: number, rule: TaxRule | null) {
  return rule && { amount: taxed(amount, rule).tax, mode: rule.mode };
}
