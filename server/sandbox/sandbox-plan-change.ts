// The sandbox's plan-change confirmation, /sandbox/portal/{id}/change: the customer portal's
// "confirm the update" page. It shows the billing engine's quote, which stands until the time it
// states; confirming charges exactly that quote, or is refused (nothing charged, nothing changed)
// with a fresh quote when it no longer holds: the period ended, a payment failed, a refund, another
// change or a cancellation. A charge goes through only on a card that pays it (test-cards.ts).
import { hostedSessionLive } from '../auth/hosted-sessions.ts';
import type { Transaction } from '../db/index.ts';
import {
  keepPromise,
  type PlanChangeOffer,
  promiseDigest,
  quotePlanChange,
} from '../payments/billing-quotes.ts';
import { subscriptionTerms } from '../payments/billing-terms.ts';
import { checkoutUrls } from '../payments/checkout-urls.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import { Refused, refusal } from './refusal.ts';
import {
  claimSession,
  hostedSession,
  lockMember,
  recordCompletion,
  type SessionRow,
} from './sandbox.repository.ts';
import { CHECKOUT_LIFETIME_MS } from './sandbox-checkout.ts';
import { clockNow } from './sandbox-clock.ts';
import { invoicePaidEvent, sandboxId, sandboxSubscription, subscriptionEvent } from './sandbox-events.ts';
import { type SandboxMessages, sandboxMessages } from './sandbox-messages.ts';
import { changePage, messagePage } from './sandbox-page.ts';
import { type PageDeps, pageFrame, type Redirect, type Shown } from './sandbox-pages.types.ts';
import { chargeGoesThrough, field } from './test-cards.ts';

/** Why a change cannot be quoted, as the member reads it. */
function refusedText(t: SandboxMessages, refused: string): string {
  if (refused === 'pastDue') return t.pastDue;
  return refused === 'unavailable' ? t.priceGone : t.changeUnavailable;
}

export async function showChange(deps: PageDeps, id: string, status = 200, error?: string): Promise<Shown> {
  const { db, config } = deps;
  const row = await hostedSession(db, id, 'change');
  const { locale, t } = sandboxMessages(row?.locale ?? 'en');
  const frame = pageFrame(deps, locale, t);
  if (!row) return { status: 404, page: messagePage(frame, t.changeTitle, t.notFound) };
  const { successUrl, cancelUrl } = checkoutUrls(config.publicUrl, row.route);
  if (row.status === 'complete') {
    return {
      status: status === 200 ? 200 : 409,
      page: messagePage(frame, t.changeTitle, t.changeDone, { href: successUrl, label: t.continueToSite }),
    };
  }
  const unavailable = (message: string, link = { href: cancelUrl, label: t.backToSite }): Shown => ({
    status: 410,
    page: messagePage(frame, t.changeTitle, message, link),
  });
  if (row.status === 'expired' || Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS) {
    return unavailable(t.changeUnavailable);
  }
  if (!(await hostedSessionLive(db, row))) return unavailable(t.signedOut);
  const offer = await quotePlanChange(db, row, await clockNow(db, row.userId));
  if ('refused' in offer) {
    // What is overdue is paid from the profile's subscription section, which opens the portal.
    return offer.refused === 'pastDue'
      ? unavailable(t.pastDue, { href: `${config.publicUrl}/profile/subscription`, label: t.updateCard })
      : unavailable(refusedText(t, offer.refused));
  }
  await keepPromise(db, row.id, offer.promise);
  return {
    status,
    page: changePage({
      ...frame,
      action: `/sandbox/portal/${encodeURIComponent(row.id)}/change`,
      cancelUrl,
      offer,
      card: offer.subscription.paymentMethod,
      digest: promiseDigest(offer.promise),
      error,
    }),
  };
}

/** Confirms the change the page showed, if its quote still stands to the cent. */
export async function confirmChange(deps: PageDeps, id: string, body: unknown): Promise<Shown | Redirect> {
  const { db, config, processor } = deps;
  const row = await hostedSession(db, id, 'change');
  if (
    row?.status !== 'open' ||
    Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS ||
    !(await hostedSessionLive(db, row))
  ) {
    return showChange(deps, id, 409);
  }
  const { t } = sandboxMessages(row.locale);
  const outcome = await processor
    .transaction(async (tx) => {
      await lockMember(tx, row.userId);
      const claimed = await claimSession(tx, id);
      if (!claimed) throw new Refused(null);
      const now = await clockNow(tx, claimed.userId);
      const offer = await quotePlanChange(tx, claimed, now);
      if ('refused' in offer) throw new Refused(refusedText(t, offer.refused));
      // The page confirmed is the one whose quote still stands, to the cent.
      if (promiseDigest(offer.promise) !== field(body, 'promise')) throw new Refused(t.quoteChanged);
      await applyChange(processor, tx, claimed, offer, now, t);
      return null;
    })
    .catch(refusal);
  if (outcome === null) return { redirect: checkoutUrls(config.publicUrl, row.route).successUrl };
  return showChange(deps, id, outcome.message === t.changeDeclined ? 402 : 409, outcome.message ?? undefined);
}

/** The quoted change, as Stripe's portal applies it: charged first, changed only if the charge goes through. */
async function applyChange(
  processor: PaymentProcessor,
  tx: Transaction,
  claimed: SessionRow,
  offer: PlanChangeOffer,
  now: Date,
  t: SandboxMessages,
): Promise<void> {
  const { quote, subscription, tax } = offer;
  const current = sandboxSubscription(subscription, await subscriptionTerms(tx, subscription));
  if (quote.dueToday > 0 && !chargeGoesThrough(current.card, 'later')) throw new Refused(t.changeDeclined);
  await recordCompletion(tx, claimed.id, { completedAt: now });
  const changed = {
    ...current,
    terms: quote.after,
    metadata: { ...current.metadata, checkoutSessionId: claimed.id },
  };
  await processor.apply(tx, subscriptionEvent('customer.subscription.updated', changed, now));
  if (quote.kind === 'now') {
    await processor.apply(
      tx,
      invoicePaidEvent({
        id: sandboxId('in'),
        subscription: changed,
        planAmount: quote.newPlanCharge,
        credit: quote.credit,
        // The proration invoice carries the tax the page stated: the new line's less the credit's.
        tax: tax && { amount: tax.dueToday.tax, mode: tax.mode },
        reason: 'subscription_update',
        now,
      }),
    );
  }
}
