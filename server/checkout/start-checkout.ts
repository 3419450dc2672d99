// Starting a checkout. What may be bought, at what price and with which trial is decided here from
// the database (purchase-rules.ts); the gateway only hosts the payment, and its events
// (server/payments/processor.ts) are what grant anything.

import { newId } from '../db/ids.ts';
import type { UserRow } from '../db/schema.ts';
import { checkoutUrls } from '../payments/checkout-urls.ts';
import { liveSubscription } from '../payments/subscriptions.repository.ts';
import { trainerTaxSettings } from '../payments/taxes.repository.ts';
import {
  expireOpenPlanCheckouts,
  heldTrainerPrices,
  insertCheckoutSession,
  lockedUser,
  setGatewayCustomer,
  setGatewaySession,
} from './checkout.repository.ts';
import { type CheckoutDeps, closedOnFailure } from './gateway-session.ts';
import { startPlanChange } from './plan-change.ts';
import { purchaseOf, refuseChangedPrices, refuseHeld, usableCoupon } from './purchase-rules.ts';

export interface CheckoutOrder {
  priceIds: string[];
  couponCode: string | undefined;
  campaign: string | null;
  /** The site's path the member returns to. */
  path: string;
}

/** The URL of the hosted page where the member pays (or confirms a plan change). */
export async function startCheckout(
  deps: CheckoutDeps,
  auth: { tokenHash: string; user: UserRow },
  { priceIds, couponCode, campaign, path }: CheckoutOrder,
): Promise<string> {
  const { db, gateway, publicUrl } = deps;
  const { user } = auth;
  const purchase = await purchaseOf(db, user.trainerId, priceIds);
  const coupon = await usableCoupon(db, user.trainerId, couponCode, purchase);
  await refuseHeld(db, user.id, purchase);
  const { plan } = purchase;
  if (plan) {
    const live = await liveSubscription(db, user.trainerId, user.id);
    // A member who already pays for a plan changes it: the same subscription, never a second one.
    if (live) return startPlanChange(deps, auth, live, plan, path);
  }

  const customer = gateway.ensureCustomer ? await gateway.ensureCustomer(user) : null;
  const sessionId = newId('cs');
  const { trialDays, superseded } = await db.transaction(async (tx) => {
    // Locked, so two checkouts started at once by one member are decided one after the other.
    const member = await lockedUser(tx, user.id);
    refuseChangedPrices(purchase, await heldTrainerPrices(tx, user.trainerId, priceIds));
    if (customer && !member?.gatewayCustomerId) await setGatewayCustomer(tx, user.id, customer);
    // Only the newest subscription checkout can be paid: an older open one would start a second
    // subscription, or a second trial.
    const superseded = plan ? await expireOpenPlanCheckouts(tx, user.id) : [];
    // Anyone who has already had a trial is charged immediately.
    const trialDays = plan && !member?.hadTrial ? (plan.trialDays ?? 0) : 0;
    await insertCheckoutSession(tx, {
      id: sessionId,
      trainerId: user.trainerId,
      userId: user.id,
      kind: 'checkout',
      gateway: gateway.kind,
      priceIds,
      couponId: coupon?.id ?? null,
      campaign,
      route: path,
      locale: user.locale,
      trialDays,
    });
    return { trialDays, superseded };
  });
  for (const old of superseded) {
    if (old.gatewaySessionId && gateway.expireCheckout) await gateway.expireCheckout(old.gatewaySessionId);
  }
  const { successUrl, cancelUrl } = checkoutUrls(publicUrl, path);
  const tax = await trainerTaxSettings(db, user.trainerId);
  const { url, gatewaySessionId } = await closedOnFailure(db, sessionId, () =>
    gateway.createCheckout({
      sessionId,
      user: { ...user, gatewayCustomerId: customer ?? user.gatewayCustomerId },
      mode: plan ? 'subscription' : 'payment',
      prices: purchase.prices,
      coupon,
      trialDays,
      tax,
      campaign,
      successUrl,
      cancelUrl,
    }),
  );
  await setGatewaySession(db, sessionId, gatewaySessionId);
  return url;
}
