// A member who already pays for a plan and checks out another changes plan: the same subscription,
// never a second one, confirmed on the gateway's hosted page, which shows the prorated amount
// (quoted by domain/billing through server/payments/billing-quotes.ts).

import { hostedSessionBinding } from '../auth/hosted-sessions.ts';
import { newId } from '../db/ids.ts';
import type { UserRow } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import type { PriceRow } from '../payments/billing-terms.ts';
import { checkoutUrls } from '../payments/checkout-urls.ts';
import type { SubscriptionRow } from '../payments/subscriptions.repository.ts';
import { insertCheckoutSession } from './checkout.repository.ts';
import { type CheckoutDeps, closedOnFailure } from './gateway-session.ts';

/** A plan change of the member's live subscription; the URL of the page that confirms it. */
export async function startPlanChange(
  { db, gateway, publicUrl }: CheckoutDeps,
  auth: { tokenHash: string; user: UserRow },
  live: SubscriptionRow,
  price: PriceRow,
  path: string,
): Promise<string> {
  const { user } = auth;
  if (live.priceId === price.id) throw conflict('checkout.samePlan');
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
