// A member who already pays for a plan and checks out another changes plan: the same subscription,
// never a second one, confirmed on the gateway's hosted page, which shows the prorated amount
// (quoted by domain/billing through server/payments/billing-quotes.ts). Checking out the plan they
// are on again keeps it, when a change or the end is scheduled (decision 133).

import { hostedSessionBinding } from '../auth/hosted-sessions.ts';
import { newId } from '../db/ids.ts';
import type { UserRow } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import type { PriceRow } from '../payments/billing-terms.ts';
import { checkoutUrls } from '../payments/checkout-urls.ts';
import { keepKey } from '../payments/gateway.ts';
import { lockedSubscription, type SubscriptionRow } from '../payments/subscriptions.repository.ts';
import { insertCheckoutSession } from './checkout.repository.ts';
import { type CheckoutDeps, closedOnFailure } from './gateway-session.ts';

/**
 * The plan the member is on, chosen again: what they scheduled (a change at the renewal, or the end)
 * is dropped at once, as Stripe's portal lets them, and they land where a confirmed change lands.
 * Nothing is charged, so there is no page to confirm. With nothing scheduled, they already have it.
 */
async function keepPlan(
  { gateway, processor, publicUrl }: CheckoutDeps,
  live: SubscriptionRow,
  path: string,
): Promise<string> {
  const kept =
    live.status === 'trialing' || live.status === 'active'
      ? await processor.transaction(async (tx) => {
          const sub = await lockedSubscription(tx, live.id, live.trainerId);
          if (sub?.priceId !== live.priceId) return null;
          return gateway.keepPlan(tx, { subscription: sub, idempotencyKey: keepKey(sub) });
        })
      : null;
  if (!kept) throw conflict('checkout.samePlan');
  return checkoutUrls(publicUrl, path).successUrl;
}

/** A plan change of the member's live subscription; the URL of the page that confirms it. */
export async function startPlanChange(
  deps: CheckoutDeps,
  auth: { tokenHash: string; user: UserRow },
  live: SubscriptionRow,
  price: PriceRow,
  path: string,
): Promise<string> {
  const { db, gateway, publicUrl } = deps;
  const { user } = auth;
  // A pause planned or under way is resumed first (decision 152): a change prorates a paid period.
  if (live.status === 'paused' || live.pauseResumesAt) throw conflict('checkout.paused');
  if (live.priceId === price.id) return keepPlan(deps, live, path);
  if (live.status !== 'trialing' && live.status !== 'active') {
    throw conflict('checkout.paymentFailed');
  }
  const { gatewayCustomerId } = user;
  if (!gatewayCustomerId) throw new Error(`Member ${user.id} has a subscription but no billing account`);
  const sessionId = newId('chg');
  const { successUrl, cancelUrl } = checkoutUrls(publicUrl, path);
  await insertCheckoutSession(db, {
    id: sessionId,
    trainerId: user.trainerId,
    userId: user.id,
    kind: 'change',
    gateway: gateway.kind,
    priceIds: [price.id],
    route: path,
    locale: user.locale,
    ...hostedSessionBinding(auth),
  });
  const { url } = await closedOnFailure(db, sessionId, () =>
    gateway.createPlanChange({
      sessionId,
      user: { ...user, gatewayCustomerId },
      subscriptionId: live.id,
      price,
      successUrl,
      cancelUrl,
    }),
  );
  return url;
}
