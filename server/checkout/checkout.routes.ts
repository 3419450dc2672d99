// Starting a checkout (start-checkout.ts, by the rules of purchase-rules.ts, or a plan change:
// plan-change.ts), opening the billing portal (billing-portal.ts), and the changes Manage My
// Subscription makes itself (membership-changes.ts). The handlers read the request and shape the reply.
import { contentServiceFor } from '../content/content-service.ts';
import type { AreaPlugin } from '../context.ts';
import { badRequest } from '../errors.ts';
import { authOf, type Handlers } from '../http/contract.ts';
import { normaliseRoute } from '../payments/checkout-urls.ts';
import { billingAccount, openBillingPortal } from './billing-portal.ts';
import type { CheckoutDeps } from './gateway-session.ts';
import {
  keepMembership,
  memberPauseOptions,
  pauseMembership,
  resumeMembership,
} from './membership-changes.ts';
import { mayCheckOut } from './purchase-rules.ts';
import { startCheckout } from './start-checkout.ts';

const DEFAULT_PORTAL_ROUTE = '/profile/subscription';

function route(value: string | undefined, fallback: string): string {
  const normalised = normaliseRoute(value || fallback);
  if (!normalised) throw badRequest('checkout.badRoute');
  return normalised;
}

export const checkoutArea: AreaPlugin = async (app, { context }) => {
  const { db, config, payments } = context;
  const content = contentServiceFor(config);
  const deps: CheckoutDeps = {
    db,
    gateway: payments.gateway,
    processor: payments.processor,
    publicUrl: config.publicUrl,
  };

  /**
   * The CMS setting the modal reads decides whether an unverified member may pay, so the server and the
   * modal follow one rule. Settings that cannot be read count as on: a check we cannot make is not waived.
   */
  const verificationRequired = (): Promise<boolean> =>
    content.settings().then(
      (settings) => settings?.enableEmailVerification === true,
      () => true,
    );

  const handlers: Handlers = {
    startCheckoutSession: async (request, reply) => {
      const auth = authOf(request);
      const { prices: priceIds, trainerID, campaign } = request.body;
      await mayCheckOut(auth.user, trainerID, verificationRequired);
      const url = await startCheckout(deps, auth, {
        priceIds,
        couponCode: request.query.coupon,
        campaign: campaign ?? null,
        path: route(request.body.route, '/'),
      });
      return reply.code(201).send({ success: true, url });
    },

    openBillingPortal: async (request, reply) => {
      const auth = authOf(request);
      const gatewayCustomerId = billingAccount(auth.user, request.body.trainerID);
      const path = route(request.body.route, DEFAULT_PORTAL_ROUTE);
      const url = await openBillingPortal(deps, auth, gatewayCustomerId, path);
      return reply.code(201).send({ success: true, url });
    },

    getPauseOptions: async (request, reply) => reply.send(await memberPauseOptions(db, authOf(request).user)),
    pauseSubscription: async (request, reply) =>
      reply.send(await pauseMembership(deps, authOf(request).user, request.body)),
    resumeSubscription: async (request, reply) =>
      reply.send(await resumeMembership(deps, authOf(request).user)),
    keepSubscription: async (request, reply) => reply.send(await keepMembership(deps, authOf(request).user)),
  };

  app.operations(handlers);
};
