// Starting a checkout and opening the billing portal. What may be
// bought, at what price and with which trial is decided here from the database; the gateway only
// hosts the payment, and its events (server/payments/processor.ts) are what grant anything.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { couponUsable } from '../../domain/billing/discounts.ts';
import type { Auth } from '../auth/authenticate.ts';
import { hostedSessionBinding } from '../auth/hosted-sessions.ts';
import { contentServiceFor } from '../content/content-service.ts';
import type { AreaPlugin } from '../context.ts';
import { newId } from '../db/ids.ts';
import { checkoutSessions, coupons, prices, users } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { authOf, type Handlers } from '../http/contract.ts';
import { couponTerms, type PriceRow } from '../payments/billing-terms.ts';
import { checkoutUrls, normaliseRoute } from '../payments/checkout-urls.ts';
import { holdsAny } from '../payments/holdings.ts';
import { liveSubscription } from '../payments/processor.ts';

const DEFAULT_PORTAL_ROUTE = '/profile/subscription';

export const checkoutArea: AreaPlugin = async (app, { context }) => {
  const { db, config, payments } = context;
  const content = contentServiceFor(config);

  /**
   * The CMS setting the modal reads decides whether an unverified member may pay, so the server and the
   * modal follow one rule. Settings that cannot be read count as on: a check we cannot make is not waived.
   */
  const verificationRequired = (): Promise<boolean> =>
    content.settings().then(
      (settings) => settings?.enableEmailVerification === true,
      () => true,
    );

  const route = (value: string | undefined, fallback: string): string => {
    const normalised = normaliseRoute(value || fallback);
    if (!normalised) throw badRequest('route must be a path of this site, starting with a single /');
    return normalised;
  };

  /** When the gateway refuses or cannot be reached, our record of the session is closed too, never left open. */
  const closedOnFailure = async <T>(sessionId: string, start: () => Promise<T>): Promise<T> => {
    try {
      return await start();
    } catch (error) {
      await db.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, sessionId));
      throw error;
    }
  };

  /** A plan change of the member's live subscription, confirmed on the gateway's hosted page. */
  const startPlanChange = async (
    auth: Auth,
    live: NonNullable<Awaited<ReturnType<typeof liveSubscription>>>,
    price: PriceRow,
    path: string,
  ): Promise<string> => {
    const { user } = auth;
    if (live.priceId === price.id) throw conflict('You already have this plan.');
    if (live.status !== 'trialing' && live.status !== 'active') {
      throw conflict(
        'Your last payment did not go through. Please update your card in Manage My Subscription first.',
      );
    }
    const { gatewayCustomerId } = user;
    if (!gatewayCustomerId) throw new Error(`Member ${user.id} has a subscription but no billing account`);
    const sessionId = newId('chg');
    const { successUrl, cancelUrl } = checkoutUrls(config.publicUrl, path);
    await db.insert(checkoutSessions).values({
      id: sessionId,
      trainerId: user.trainerId,
      userId: user.id,
      kind: 'change',
      gateway: payments.gateway.kind,
      priceIds: [price.id],
      route: path,
      locale: user.locale,
      ...hostedSessionBinding(auth),
    });
    const { url } = await closedOnFailure(sessionId, () =>
      payments.gateway.createPlanChange({
        sessionId,
        user: { ...user, gatewayCustomerId },
        subscriptionId: live.id,
        price,
        successUrl,
        cancelUrl,
      }),
    );
    return url;
  };

  const handlers: Handlers = {
    startCheckoutSession: async (request, reply) => {
      const auth = authOf(request);
      const { user } = auth;
      const { prices: priceIds, trainerID, campaign } = request.body;
      if (trainerID !== user.trainerId) throw forbidden('This account belongs to another trainer');
      if (!user.emailVerified && (await verificationRequired())) {
        throw forbidden('Please verify your email before proceeding to checkout');
      }
      const path = route(request.body.route, '/');
      if (new Set(priceIds).size !== priceIds.length) throw badRequest('Each price may be listed only once');

      const found = await db
        .select()
        .from(prices)
        .where(
          and(eq(prices.trainerId, user.trainerId), eq(prices.active, true), inArray(prices.id, priceIds)),
        );
      const rows = priceIds.map((id) => {
        const row = found.find((p) => p.id === id);
        if (!row) throw badRequest(`Unknown price ${id}`);
        return row;
      }) as PriceRow[];
      const recurring = rows.filter((p) => p.type === 'recurring');
      if (recurring.length > 0 && recurring.length < rows.length) {
        throw badRequest('A subscription and one-time products cannot be bought in the same checkout');
      }
      if (recurring.length > 1) throw badRequest('Only one subscription plan can be bought at a time');
      const currency = rows[0]?.currency ?? 'usd';
      if (rows.some((p) => p.currency !== currency))
        throw badRequest('All prices must be in the same currency');

      const code = request.query.coupon;
      let coupon = null;
      if (code !== undefined) {
        const [row] = await db
          .select()
          .from(coupons)
          .where(and(eq(coupons.trainerId, user.trainerId), sql`lower(${coupons.code}) = lower(${code})`));
        if (!row || !couponUsable(couponTerms(row), currency, new Date())) {
          throw badRequest(`Unknown or expired coupon code ${code}`);
        }
        coupon = row;
      }

      const plan = recurring[0];
      // A one-time product is bought once: a second checkout for it would charge for what is held.
      if (!plan && (await holdsAny(db, user.id, priceIds))) {
        throw conflict('You have already purchased this product.');
      }
      const { successUrl, cancelUrl } = checkoutUrls(config.publicUrl, path);
      if (plan) {
        const live = await liveSubscription(db, user.trainerId, user.id);
        // A member who already pays for a plan changes it: the same subscription, never a second one.
        if (live)
          return reply.code(201).send({ success: true, url: await startPlanChange(auth, live, plan, path) });
      }

      const customer = payments.gateway.ensureCustomer ? await payments.gateway.ensureCustomer(user) : null;
      const sessionId = newId('cs');
      const { trialDays, superseded } = await db.transaction(async (tx) => {
        // Locked, so two checkouts started at once by one member are decided one after the other.
        const [member] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
        if (customer && !member?.gatewayCustomerId) {
          await tx.update(users).set({ gatewayCustomerId: customer }).where(eq(users.id, user.id));
        }
        // Only the newest subscription checkout can be paid: an older open one would start a second
        // subscription, or a second trial.
        const superseded = plan
          ? await tx
              .update(checkoutSessions)
              .set({ status: 'expired' })
              .where(
                and(
                  eq(checkoutSessions.userId, user.id),
                  eq(checkoutSessions.kind, 'checkout'),
                  eq(checkoutSessions.status, 'open'),
                  sql`exists (select 1 from ${prices} where ${prices.id} = any(select jsonb_array_elements_text(${checkoutSessions.priceIds})) and ${prices.type} = 'recurring')`,
                ),
              )
              .returning({ gatewaySessionId: checkoutSessions.gatewaySessionId })
          : [];
        // Anyone who has already had a trial is charged immediately.
        const trialDays = plan && !member?.hadTrial ? (plan.trialDays ?? 0) : 0;
        await tx.insert(checkoutSessions).values({
          id: sessionId,
          trainerId: user.trainerId,
          userId: user.id,
          kind: 'checkout',
          gateway: payments.gateway.kind,
          priceIds,
          couponId: coupon?.id ?? null,
          campaign: campaign ?? null,
          route: path,
          locale: user.locale,
          trialDays,
        });
        return { trialDays, superseded };
      });
      for (const old of superseded) {
        if (old.gatewaySessionId && payments.gateway.expireCheckout) {
          await payments.gateway.expireCheckout(old.gatewaySessionId);
        }
      }
      const { url, gatewaySessionId } = await closedOnFailure(sessionId, () =>
        payments.gateway.createCheckout({
          sessionId,
          user: { ...user, gatewayCustomerId: customer ?? user.gatewayCustomerId },
          mode: plan ? 'subscription' : 'payment',
          prices: rows,
          coupon,
          trialDays,
          campaign: campaign ?? null,
          successUrl,
          cancelUrl,
        }),
      );
      await db.update(checkoutSessions).set({ gatewaySessionId }).where(eq(checkoutSessions.id, sessionId));
      return reply.code(201).send({ success: true, url });
    },

    openBillingPortal: async (request, reply) => {
      const auth = authOf(request);
      const { user } = auth;
      if (request.body.trainerID !== user.trainerId) throw notFound('No billing account for this trainer');
      const { gatewayCustomerId } = user;
      if (!gatewayCustomerId) throw notFound('No billing account yet: it is created with the first purchase');
      const path = route(request.body.route, DEFAULT_PORTAL_ROUTE);
      const sessionId = newId('bps');
      await db.insert(checkoutSessions).values({
        id: sessionId,
        trainerId: user.trainerId,
        userId: user.id,
        kind: 'portal',
        gateway: payments.gateway.kind,
        route: path,
        locale: user.locale,
        ...hostedSessionBinding(auth),
      });
      const { url } = await closedOnFailure(sessionId, () =>
        payments.gateway.createPortal({
          sessionId,
          user: { ...user, gatewayCustomerId },
          returnUrl: `${config.publicUrl}${path}`,
        }),
      );
      return reply.code(201).send({ success: true, url });
    },
  };

  app.operations(handlers);
};
