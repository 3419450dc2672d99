// The sandbox's hosted checkout page, /sandbox/checkout/{id}: Stripe Checkout's part. The page shows
// the billing engine's quote and its form carries the quote's digest; paying charges exactly that
// quote, or is refused (nothing charged) with the fresh one when anything it depended on changed:
// a price, the coupon, the member's trial. Whether the member may buy at all is decided again when
// the money moves, on the member's locked row: one live subscription, and a one-time product held
// once (a second open checkout of a product already bought is refused).
import { keepPromise, promiseDigest, quoteCheckout } from '../payments/billing-quotes.ts';
import { couponById } from '../payments/billing-terms.ts';
import { checkoutUrls } from '../payments/checkout-urls.ts';
import { holdsAny } from '../payments/holdings.ts';
import { liveSubscription } from '../payments/processor.ts';
import { Refused, refusal } from './refusal.ts';
import {
  claimSession,
  hostedSession,
  lockMember,
  member,
  recordCompletion,
  type SessionRow,
} from './sandbox.repository.ts';
import { checkoutPage } from './sandbox-checkout-page.ts';
import { clockNow } from './sandbox-clock.ts';
import { checkoutPaidEvents } from './sandbox-events.ts';
import type { PageFrame } from './sandbox-look.ts';
import { sandboxMessages } from './sandbox-messages.ts';
import { messagePage } from './sandbox-page.ts';
import { type PageDeps, pageFrame, type Redirect, type Shown } from './sandbox-pages.types.ts';
import { checkCard, field, walletCard } from './test-cards.ts';

/** Stripe's default: a Checkout Session can be paid for 24 hours after it is created. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The checkout page as it stands: the form with the quote, or why it cannot be paid. */
export async function showCheckout(
  deps: PageDeps,
  id: string,
  status: number,
  error?: string,
): Promise<Shown> {
  const { db, config } = deps;
  const row = await hostedSession(db, id, 'checkout');
  const { locale, t } = sandboxMessages(row?.locale ?? 'en');
  const frame = pageFrame(deps, locale, t);
  if (!row) return { status: 404, page: messagePage(frame, t.checkoutTitle, t.notFound) };
  const { successUrl, cancelUrl } = checkoutUrls(config.publicUrl, row.route);
  if (row.status === 'complete') {
    return {
      status: status === 200 ? 200 : 409,
      page: messagePage(frame, t.checkoutTitle, t.alreadyPaid, {
        href: successUrl,
        label: t.continueToSite,
      }),
    };
  }
  if (row.status === 'expired' || Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS) {
    return {
      status: 410,
      page: messagePage(frame, t.checkoutTitle, t.expired, { href: cancelUrl, label: t.cancel }),
    };
  }
  const user = await member(db, row.userId);
  if (!user) return { status: 404, page: messagePage(frame, t.checkoutTitle, t.notFound) };
  if (await holdsAny(db, user.id, row.priceIds)) {
    return {
      status: 409,
      page: messagePage(frame, t.checkoutTitle, t.alreadyHeld, {
        href: successUrl,
        label: t.continueToSite,
      }),
    };
  }
  const priced = await quoteCheckout(db, row, user, await clockNow(db, row.userId));
  if ('refused' in priced) return refusedPage(frame, priced.refused, cancelUrl);
  await keepPromise(db, row.id, priced.promise);
  return {
    status,
    page: checkoutPage({
      ...frame,
      action: `/sandbox/checkout/${encodeURIComponent(row.id)}`,
      cancelUrl,
      quote: priced.quote,
      tax: priced.promise.tax,
      names: priced.names,
      couponCode: await couponCode(deps, row),
      digest: promiseDigest(priced.promise),
      error,
    }),
  };
}

function refusedPage(frame: PageFrame, refused: 'unavailable' | 'coupon', cancelUrl: string): Shown {
  const { t } = frame;
  return {
    status: 410,
    page: messagePage(frame, t.checkoutTitle, refused === 'coupon' ? t.couponGone : t.priceGone, {
      href: cancelUrl,
      label: t.cancel,
    }),
  };
}

const couponCode = async ({ db }: PageDeps, row: SessionRow) =>
  (await couponById(db, row.couponId))?.code ?? null;

/**
 * Pays the checkout with the card the form posted: exactly the quote the page showed, or nothing,
 * and the page again with why.
 */
export async function payCheckout(deps: PageDeps, id: string, body: unknown): Promise<Shown | Redirect> {
  const { db, config, processor } = deps;
  const row = await hostedSession(db, id, 'checkout');
  if (row?.status !== 'open' || Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS) {
    return showCheckout(deps, id, 409);
  }
  const { t } = sandboxMessages(row.locale);
  const check = walletCard(body) ?? checkCard(body, t, new Date());
  if (!check.ok) return showCheckout(deps, id, check.status, check.message);

  // The claim, the member's trial and the events' effects commit together, or not at all: a
  // refusal rolls the claim back.
  const outcome = await processor
    .transaction(async (tx) => {
      const user = await lockMember(tx, row.userId);
      if (!user) throw new Error(`Checkout session ${id} has no member`);
      const claimed = await claimSession(tx, id);
      if (!claimed) throw new Refused(null);
      if (await holdsAny(tx, user.id, claimed.priceIds)) throw new Refused(t.alreadyHeld);
      const now = await clockNow(tx, user.id);
      const priced = await quoteCheckout(tx, claimed, user, now);
      if ('refused' in priced) throw new Refused(null);
      if (priced.quote.subscription && (await liveSubscription(tx, user.trainerId, user.id))) {
        throw new Refused(t.alreadySubscribed);
      }
      if (promiseDigest(priced.promise) !== field(body, 'promise')) {
        throw new Refused(t.checkoutChanged);
      }
      const trialDays = priced.quote.trialDays;
      await recordCompletion(tx, id, { completedAt: now, trialDays, quote: priced.promise });
      const paid = { ...claimed, completedAt: now, trialDays };
      for (const e of checkoutPaidEvents({
        session: paid,
        user,
        quote: priced.quote,
        tax: priced.promise.tax,
        card: check.card,
        now,
      })) {
        await processor.apply(tx, e);
      }
      return null;
    })
    .catch(refusal);
  if (outcome === null) return { redirect: checkoutUrls(config.publicUrl, row.route).successUrl };
  return showCheckout(deps, id, 409, outcome.message ?? undefined);
}
