// The gateway's billing portal, where a member manages their subscription and card. It exists only
// for a member with a billing account, created with their first purchase.

import { hostedSessionBinding } from '../auth/hosted-sessions.ts';
import { newId } from '../db/ids.ts';
import type { UserRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { insertCheckoutSession } from './checkout.repository.ts';
import { type CheckoutDeps, closedOnFailure } from './gateway-session.ts';

/** The member's billing account with this trainer's gateway, or a 404. */
export function billingAccount(user: UserRow, trainerId: string): string {
  if (trainerId !== user.trainerId) throw notFound('billing.otherTrainer');
  const { gatewayCustomerId } = user;
  if (!gatewayCustomerId) throw notFound('billing.noAccountYet');
  return gatewayCustomerId;
}

/** The URL of the portal, which sends the member back to `path`. */
export async function openBillingPortal(
  { db, gateway, publicUrl }: CheckoutDeps,
  auth: { tokenHash: string; user: UserRow },
  gatewayCustomerId: string,
  path: string,
): Promise<string> {
  const { user } = auth;
  const sessionId = newId('bps');
  await insertCheckoutSession(db, {
    id: sessionId,
    trainerId: user.trainerId,
    userId: user.id,
    kind: 'portal',
    gateway: gateway.kind,
    route: path,
    locale: user.locale,
    ...hostedSessionBinding(auth),
  });
  const { url } = await closedOnFailure(db, sessionId, () =>
    gateway.createPortal({
      sessionId,
      user: { ...user, gatewayCustomerId },
      returnUrl: `${publicUrl}${path}`,
    }),
  );
  return url;
}
