// The sandbox's billing portal, /sandbox/portal/{id}: Stripe's customer portal part. The member's
// subscriptions and charges, and what the portal lets them do: cancel at the period's end, giving a
// reason and perhaps taking the trainer's one offer instead (decision 153), pause for the months the
// trainer allows and resume early (decision 152), keep the plan they are on (a scheduled change
// dropped, or a cancellation undone: decision 133), put in a new card (which pays at once what a
// declined renewal left due, if it pays at all), refund a charge, and move their test clock ahead. A portal page lives an hour and only while the sign-in
// session that opened it does (decision 095).
import { planName, productNameIn, schedulePhrase } from '../../domain/billing/billing-text.ts';
import { formatBillingDate } from '../../domain/billing/calendar.ts';
import { formatMoney } from '../../domain/billing/currency.ts';
import { billingLocale } from '../../domain/billing/locale.ts';
import { isCancelReason } from '../../domain/billing/retention.ts';
import type { TaxRule } from '../../domain/billing/tax.ts';
import { hostedSessionLive } from '../auth/hosted-sessions.ts';
import type { Transaction } from '../db/index.ts';
import { subscriptionTerms } from '../payments/billing-terms.ts';
import { cancelKey, keepKey, offerKey, pauseKey, refundKey, resumeKey } from '../payments/gateway.ts';
import { recordCancelReason, retentionSettings } from '../payments/retention.repository.ts';
import { type CancelOffer, cancelOffer, pauseOptions } from '../payments/retention.ts';
import { memberTaxRule } from '../payments/taxes.repository.ts';
import { scheduleAsPaid } from '../payments/taxes.ts';
import { Refused, refusal } from './refusal.ts';
import {
  hostedSession,
  lockMember,
  lockMemberSubscription,
  memberCharge,
  memberCharges,
  memberSubscriptions,
  type SessionRow,
} from './sandbox.repository.ts';
import { advanceClock, clockNow, openInvoice } from './sandbox-clock.ts';
import { invoicePaidEvent, sandboxId, sandboxSubscription, subscriptionEvent } from './sandbox-events.ts';
import { sandboxMessages } from './sandbox-messages.ts';
import { messagePage, portalPage } from './sandbox-page.ts';
import { type PageDeps, pageFrame, type Redirect, type Shown } from './sandbox-pages.types.ts';
import { sandboxOffer, sandboxPause, sandboxResume } from './sandbox-pause.ts';
import { sandboxCancel, sandboxKeep, sandboxRefund } from './sandbox-refunds.ts';
import { dueInvoice, pauseChoice } from './sandbox-tax.ts';
import { chargeGoesThrough, checkCard, field } from './test-cards.ts';

/** Stripe's portal sessions last a short while; the sandbox's one hour. */
const PORTAL_LIFETIME_MS = 60 * 60 * 1000;
const CLOCK_STEPS_MS: Record<string, number> = {
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
  year: 365 * 24 * 60 * 60 * 1000,
};

export async function showPortal(deps: PageDeps, id: string, status = 200, error?: string): Promise<Shown> {
  const { db, config } = deps;
  const row = await hostedSession(db, id, 'portal');
  const { locale, t } = sandboxMessages(row?.locale ?? 'en');
  const frame = pageFrame(deps, locale, t);
  if (!row) return { status: 404, page: messagePage(frame, t.portalTitle, t.notFound) };
  const returnUrl = `${config.publicUrl}${row.route}`;
  const ended = Date.now() - row.createdAt.getTime() > PORTAL_LIFETIME_MS ? t.expired : null;
  const signedOut = ended ?? ((await hostedSessionLive(db, row)) ? null : t.signedOut);
  if (signedOut) {
    return {
      status: 410,
      page: messagePage(frame, t.portalTitle, signedOut, { href: returnUrl, label: t.backToSite }),
    };
  }
  const subs = await memberSubscriptions(db, row.userId, row.trainerId);
  const paid = await memberCharges(db, row.userId, row.trainerId);
  const now = await clockNow(db, row.userId);
  const settings = await retentionSettings(db, row.trainerId);
  // Every amount ahead as the member pays it, under their tax rule (decision 173).
  const rule = await memberTaxRule(db, row.trainerId, row.userId);
  const retention = await Promise.all(
    subs.map(async ({ sub }) => {
      if (sub.status === 'canceled') return { pauseOptions: [], offer: null };
      const terms = await subscriptionTerms(db, sub);
      const options = pauseOptions(terms, settings.pauseMonths, now, rule).map((o) => pauseChoice(o, rule));
      const offer = await cancelOffer(db, settings, terms, now, rule);
      return {
        pauseOptions: options,
        offer: offer
          ? {
              text: offerText(offer, rule, t, locale),
              digest: offer.digest,
              nextAmount: scheduleAsPaid(offer.quote.schedule, rule).next?.amount ?? null,
            }
          : null,
      };
    }),
  );
  return {
    status,
    page: portalPage({
      ...frame,
      action: `/sandbox/portal/${encodeURIComponent(row.id)}`,
      returnUrl,
      now,
      error,
      subscriptions: subs.map(({ sub, product, price, scheduled }, i) => ({
        id: sub.id,
        name: planName(productNameIn(product, locale), price, locale),
        scheduledName: scheduled ? planName(productNameIn(product, locale), scheduled, locale) : null,
        status: sub.status,
        currentPeriodEnd: sub.currentPeriodEnd,
        trialEnd: sub.trialEnd,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        paymentMethod: sub.paymentMethod,
        pause:
          sub.pauseStartsAt && sub.pauseResumesAt
            ? { startsAt: sub.pauseStartsAt, resumesAt: sub.pauseResumesAt }
            : null,
        pauseOptions: retention[i]?.pauseOptions ?? [],
        offer: retention[i]?.offer ?? null,
        due: dueInvoice(sub, price.currency),
      })),
      charges: paid.map(({ charge: c, product }) => ({
        id: c.id,
        // The charge's product in the member's language; what the charge recorded where it has none.
        description: product?.name ? productNameIn(product, locale) : c.description,
        amount: c.amount,
        currency: c.currency,
        createdAt: c.createdAt,
        refunded: c.refunded,
      })),
    }),
  };
}

/** The offer as the member reads it: the coupon's discounted charges, or the pause's next charge. */
function offerText(
  offer: CancelOffer,
  rule: TaxRule | null,
  t: ReturnType<typeof sandboxMessages>['t'],
  locale: 'en' | 'es',
): string {
  const schedule = scheduleAsPaid(offer.quote.schedule, rule);
  if (offer.kind === 'pause') {
    const next = schedule.next;
    return t.offerPause(
      offer.months,
      formatMoney(next?.amount ?? 0, offer.quote.schedule.currency, locale),
      formatBillingDate(offer.quote.pause.resumesAt, locale),
    );
  }
  const { coupon, quote } = offer;
  const discount = coupon.percentOff
    ? `${coupon.percentOff} %`
    : formatMoney(coupon.amountOff ?? 0, coupon.currency ?? quote.schedule.currency, locale);
  return t.offerCoupon(discount, schedulePhrase(schedule, billingLocale(locale)));
}

/** The portal's member's own subscription, locked, with the terms its next event starts from. */
async function ownSubscription(tx: Transaction, row: SessionRow, subscriptionId: string) {
  const sub = await lockMemberSubscription(tx, subscriptionId, row);
  return sub ? { sub, current: sandboxSubscription(sub, await subscriptionTerms(tx, sub)) } : undefined;
}

/** What the portal's form asks for (`action`: cancel, keep, refund, card or clock), done; the portal again. */
export async function actOnPortal(deps: PageDeps, id: string, body: unknown): Promise<Shown | Redirect> {
  const { db, processor } = deps;
  const row = await hostedSession(db, id, 'portal');
  if (
    !row ||
    Date.now() - row.createdAt.getTime() > PORTAL_LIFETIME_MS ||
    !(await hostedSessionLive(db, row))
  ) {
    return showPortal(deps, id);
  }
  const again = { redirect: `/sandbox/portal/${encodeURIComponent(id)}` };
  const { t, locale } = sandboxMessages(row.locale);
  const action = field(body, 'action') || 'cancel';
  if (action === 'clock') {
    const step = CLOCK_STEPS_MS[field(body, 'by')];
    if (step) await advanceClock(processor, row.userId, step);
    return again;
  }
  const outcome = await processor
    .transaction(async (tx) => {
      await lockMember(tx, row.userId);
      const now = await clockNow(tx, row.userId);
      if (action === 'refund') {
        // Only the portal's own member's charges can be refunded from it.
        const charge = await memberCharge(tx, field(body, 'charge'), row.userId);
        if (charge && !charge.refunded)
          await sandboxRefund(processor, tx, { charge, idempotencyKey: refundKey(charge) });
        return null;
      }
      const own = await ownSubscription(tx, row, field(body, 'subscription'));
      if (!own || own.sub.status === 'canceled') return null;
      const { sub, current } = own;
      if (action === 'resume') {
        if (sub.pauseResumesAt)
          await sandboxResume(processor, tx, { subscription: sub, idempotencyKey: resumeKey(sub) });
        return null;
      }
      if (action === 'pause') {
        const [months, digest] = field(body, 'pause').split(':');
        const settings = await retentionSettings(tx, sub.trainerId);
        const rule = await memberTaxRule(tx, sub.trainerId, sub.userId);
        const option = pauseOptions(current.terms, settings.pauseMonths, now, rule).find(
          (o) => String(o.months) === months,
        );
        if (!months) throw new Refused(t.choosePause);
        // What the member read is what happens, or nothing does.
        if (!option || option.digest !== digest) throw new Refused(t.offerChanged);
        await sandboxPause(processor, tx, {
          subscription: sub,
          pause: option.quote.pause,
          idempotencyKey: pauseKey(sub),
        });
        return null;
      }
      if (action === 'cancel' || action === 'offer') {
        if (sub.cancelAtPeriodEnd) return null;
        const given = field(body, 'reason');
        const reason = isCancelReason(given) ? given : null;
        const comment = field(body, 'comment').trim().slice(0, 500) || null;
        const settings = await retentionSettings(tx, sub.trainerId);
        const offer = await cancelOffer(
          tx,
          settings,
          current.terms,
          now,
          await memberTaxRule(tx, sub.trainerId, sub.userId),
        );
        if (action === 'offer') {
          if (!offer || offer.digest !== field(body, 'offer')) throw new Refused(t.offerChanged);
          if (offer.kind === 'coupon') {
            await sandboxOffer(processor, tx, {
              subscription: sub,
              coupon: offer.coupon,
              idempotencyKey: offerKey(sub),
            });
          } else {
            await sandboxPause(processor, tx, {
              subscription: sub,
              pause: offer.quote.pause,
              idempotencyKey: pauseKey(sub),
            });
          }
          await recordCancelReason(tx, sub, {
            reason,
            comment,
            offer: offer.kind,
            outcome: 'offerTaken',
            at: now,
          });
          return null;
        }
        const idempotencyKey = cancelKey(sub, true);
        await sandboxCancel(processor, tx, { subscription: sub, atPeriodEnd: true, idempotencyKey });
        await recordCancelReason(tx, sub, {
          reason,
          comment,
          offer: offer?.kind ?? null,
          outcome: 'cancelled',
          at: now,
        });
        return null;
      }
      if (action === 'keep') {
        await sandboxKeep(processor, tx, { subscription: sub, idempotencyKey: keepKey(sub) });
        return null;
      }
      if (action !== 'card') return null;
      const check = checkCard(body, t, now);
      if (!check.ok) throw new Refused(check.message);
      const withCard = { ...current, card: check.card };
      const overdue = sub.status === 'past_due' || sub.status === 'unpaid';
      if (!overdue) {
        await processor.apply(tx, subscriptionEvent('customer.subscription.updated', withCard, now));
        return null;
      }
      // A new card pays what a declined renewal left due, at once: exactly that invoice.
      // What is due is the total, tax included, as the failed-payment email stated it.
      const amountDue = sub.openInvoiceAmount ?? 0;
      if (amountDue > 0 && !chargeGoesThrough(check.card, 'later')) {
        throw new Refused(t.cardDeclinedDue(formatMoney(amountDue, current.terms.price.currency, locale)));
      }
      const paid = { ...withCard, terms: { ...withCard.terms, status: 'active' as const } };
      await processor.apply(tx, subscriptionEvent('customer.subscription.updated', paid, now));
      await processor.apply(
        tx,
        invoicePaidEvent({
          id: sub.openInvoiceId ?? sandboxId('in'),
          subscription: paid,
          ...(await openInvoice(tx, sub)),
          reason: 'subscription_cycle',
          now,
        }),
      );
      return null;
    })
    .catch(refusal);
  if (outcome?.message) return showPortal(deps, id, 400, outcome.message);
  return again;
}
