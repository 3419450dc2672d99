// The sandbox's billing portal, /sandbox/portal/{id}, and its plan-change confirmation,
// /sandbox/portal/{id}/change: Stripe's Billing Portal part. The change page shows the billing
// engine's quote, which stands until the time it states; confirming charges exactly that quote, or
// is refused (nothing charged, nothing changed) with a fresh quote when it no longer holds: the
// period ended, a payment failed, a refund, another change or a cancellation. A charge goes through
// only on a card that pays it (test-cards.ts), for a change as for a new card paying what is overdue.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { planName } from '../../domain/billing/billing-text.ts';
import { formatMoney } from '../../domain/billing/currency.ts';
import { hostedSessionLive } from '../auth/hosted-sessions.ts';
import type { Transaction } from '../db/index.ts';
import { charges, checkoutSessions, prices, products, subscriptions, users } from '../db/schema.ts';
import {
  keepPromise,
  type PlanChangeOffer,
  promiseDigest,
  quotePlanChange,
} from '../payments/billing-quotes.ts';
import { subscriptionTerms } from '../payments/billing-terms.ts';
import { checkoutUrls } from '../payments/checkout-urls.ts';
import {
  chargeRefundedEvent,
  invoicePaidEvent,
  sandboxId,
  sandboxSubscription,
  subscriptionEvent,
} from '../payments/sandbox-gateway.ts';
import { Refused, refusal } from './refusal.ts';
import { CHECKOUT_LIFETIME_MS } from './sandbox-checkout.ts';
import { advanceClock, clockNow } from './sandbox-clock.ts';
import { type SandboxMessages, sandboxMessages } from './sandbox-messages.ts';
import { changePage, messagePage, portalPage } from './sandbox-page.ts';
import type { SandboxPages } from './sandbox-pages.types.ts';
import { chargeGoesThrough, checkCard, field } from './test-cards.ts';

const PORTAL_LIFETIME_MS = 60 * 60 * 1000;
const CLOCK_STEPS_MS: Record<string, number> = {
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
  year: 365 * 24 * 60 * 60 * 1000,
};

type SessionRow = typeof checkoutSessions.$inferSelect;

/** Why a change cannot be quoted, as the member reads it. */
function refusedText(t: SandboxMessages, refused: string): string {
  return refused === 'pastDue' ? t.pastDue : t.changeUnavailable;
}

export function registerSandboxPortal(scope: FastifyInstance, pages: SandboxPages): void {
  const { db, config, send, session, processor } = pages;

  const renderPortal = async (
    reply: FastifyReply,
    id: string,
    status = 200,
    error?: string,
  ): Promise<FastifyReply> => {
    const row = await session(id, 'portal');
    const { locale, t } = sandboxMessages(row?.locale ?? 'en');
    if (!row) return send(reply, 404, messagePage(locale, t.portalTitle, t.notFound));
    const returnUrl = `${config.publicUrl}${row.route}`;
    const ended = Date.now() - row.createdAt.getTime() > PORTAL_LIFETIME_MS ? t.expired : null;
    const signedOut = ended ?? ((await hostedSessionLive(db, row)) ? null : t.signedOut);
    if (signedOut) {
      return send(
        reply,
        410,
        messagePage(locale, t.portalTitle, signedOut, { href: returnUrl, label: t.backToSite }),
      );
    }
    const subs = await db
      .select({ sub: subscriptions, productName: products.name, price: prices })
      .from(subscriptions)
      .innerJoin(prices, eq(prices.id, subscriptions.priceId))
      .innerJoin(products, eq(products.id, prices.productId))
      .where(and(eq(subscriptions.userId, row.userId), eq(subscriptions.trainerId, row.trainerId)))
      .orderBy(desc(subscriptions.createdAt));
    const paid = await db
      .select()
      .from(charges)
      .where(and(eq(charges.userId, row.userId), eq(charges.trainerId, row.trainerId)))
      .orderBy(desc(charges.createdAt));
    return send(
      reply,
      status,
      portalPage({
        locale,
        t,
        action: `/sandbox/portal/${encodeURIComponent(row.id)}`,
        returnUrl,
        now: await clockNow(db, row.userId),
        error,
        subscriptions: subs.map(({ sub, productName, price }) => ({
          id: sub.id,
          name: planName(productName, price, locale),
          status: sub.status,
          currentPeriodEnd: sub.currentPeriodEnd,
          trialEnd: sub.trialEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          paymentMethod: sub.paymentMethod,
        })),
        charges: paid.map((c) => ({
          id: c.id,
          description: c.description,
          amount: c.amount,
          currency: c.currency,
          createdAt: c.createdAt,
          refunded: c.refunded,
        })),
      }),
    );
  };

  scope.get<{ Params: { id: string } }>('/sandbox/portal/:id', (request, reply) =>
    renderPortal(reply, request.params.id),
  );

  /** The portal's member's own subscription, locked for the change the form asks for. */
  const ownSubscription = async (tx: Transaction, row: SessionRow, subscriptionId: string) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.userId, row.userId),
          eq(subscriptions.trainerId, row.trainerId),
        ),
      )
      .for('update');
    return sub ? { sub, current: sandboxSubscription(sub, await subscriptionTerms(tx, sub)) } : undefined;
  };

  scope.post<{ Params: { id: string } }>('/sandbox/portal/:id', async (request, reply) => {
    const { id } = request.params;
    const row = await session(id, 'portal');
    if (
      !row ||
      Date.now() - row.createdAt.getTime() > PORTAL_LIFETIME_MS ||
      !(await hostedSessionLive(db, row))
    ) {
      return renderPortal(reply, id);
    }
    const { t, locale } = sandboxMessages(row.locale);
    const action = field(request.body, 'action') || 'cancel';
    if (action === 'clock') {
      const step = CLOCK_STEPS_MS[field(request.body, 'by')];
      if (step) await advanceClock(processor, row.userId, step);
      return reply
        .code(303)
        .header('location', `/sandbox/portal/${encodeURIComponent(id)}`)
        .send();
    }
    const outcome = await processor
      .transaction(async (tx) => {
        await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
        const now = await clockNow(tx, row.userId);
        if (action === 'refund') {
          // Only the portal's own member's charges can be refunded from it.
          const [charge] = await tx
            .select()
            .from(charges)
            .where(and(eq(charges.id, field(request.body, 'charge')), eq(charges.userId, row.userId)));
          if (charge && !charge.refunded) await processor.apply(tx, chargeRefundedEvent(charge, now));
          return null;
        }
        const own = await ownSubscription(tx, row, field(request.body, 'subscription'));
        if (!own || own.sub.status === 'canceled') return null;
        const { sub, current } = own;
        if (action === 'cancel') {
          if (!sub.cancelAtPeriodEnd) {
            const cancelled = { ...current, terms: { ...current.terms, cancelAtPeriodEnd: true } };
            await processor.apply(tx, subscriptionEvent('customer.subscription.updated', cancelled, now));
          }
          return null;
        }
        if (action !== 'card') return null;
        const check = checkCard(request.body, t, now);
        if (!check.ok) throw new Refused(check.message);
        const withCard = { ...current, card: check.card };
        const overdue = sub.status === 'past_due' || sub.status === 'unpaid';
        if (!overdue) {
          await processor.apply(tx, subscriptionEvent('customer.subscription.updated', withCard, now));
          return null;
        }
        // A new card pays what a declined renewal left due, at once: exactly that invoice.
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
            planAmount: amountDue,
            reason: 'subscription_cycle',
            now,
          }),
        );
        return null;
      })
      .catch(refusal);
    if (outcome?.message) return renderPortal(reply, id, 400, outcome.message);
    return reply
      .code(303)
      .header('location', `/sandbox/portal/${encodeURIComponent(id)}`)
      .send();
  });

  const renderChange = async (
    reply: FastifyReply,
    id: string,
    status = 200,
    error?: string,
  ): Promise<FastifyReply> => {
    const row = await session(id, 'change');
    const { locale, t } = sandboxMessages(row?.locale ?? 'en');
    if (!row) return send(reply, 404, messagePage(locale, t.changeTitle, t.notFound));
    const { successUrl, cancelUrl } = checkoutUrls(config.publicUrl, row.route);
    if (row.status === 'complete') {
      return send(
        reply,
        status === 200 ? 200 : 409,
        messagePage(locale, t.changeTitle, t.changeDone, { href: successUrl, label: t.continueToSite }),
      );
    }
    const unavailable = (message: string, link = { href: cancelUrl, label: t.backToSite }) =>
      send(reply, 410, messagePage(locale, t.changeTitle, message, link));
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
    return send(
      reply,
      status,
      changePage({
        locale,
        t,
        action: `/sandbox/portal/${encodeURIComponent(row.id)}/change`,
        cancelUrl,
        offer,
        card: offer.subscription.paymentMethod,
        digest: promiseDigest(offer.promise),
        error,
      }),
    );
  };

  scope.get<{ Params: { id: string } }>('/sandbox/portal/:id/change', (request, reply) =>
    renderChange(reply, request.params.id),
  );

  scope.post<{ Params: { id: string } }>('/sandbox/portal/:id/change', async (request, reply) => {
    const { id } = request.params;
    const row = await session(id, 'change');
    if (
      row?.status !== 'open' ||
      Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS ||
      !(await hostedSessionLive(db, row))
    ) {
      return renderChange(reply, id, 409);
    }
    const { t } = sandboxMessages(row.locale);
    const outcome = await processor
      .transaction(async (tx) => {
        await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
        const [claimed] = await tx
          .update(checkoutSessions)
          .set({ status: 'complete' })
          .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
          .returning();
        if (!claimed) throw new Refused(null);
        const now = await clockNow(tx, claimed.userId);
        const offer = await quotePlanChange(tx, claimed, now);
        if ('refused' in offer) throw new Refused(refusedText(t, offer.refused));
        // The page confirmed is the one whose quote still stands, to the cent.
        if (promiseDigest(offer.promise) !== field(request.body, 'promise'))
          throw new Refused(t.quoteChanged);
        await applyChange(tx, claimed, offer, now, t);
        return null;
      })
      .catch(refusal);
    if (outcome === null) {
      return reply.code(303).header('location', checkoutUrls(config.publicUrl, row.route).successUrl).send();
    }
    return renderChange(
      reply,
      id,
      outcome.message === t.changeDeclined ? 402 : 409,
      outcome.message ?? undefined,
    );
  });

  /** The quoted change, as Stripe's portal applies it: charged first, changed only if the charge goes through. */
  const applyChange = async (
    tx: Transaction,
    claimed: SessionRow,
    offer: PlanChangeOffer,
    now: Date,
    t: SandboxMessages,
  ) => {
    const { quote, subscription } = offer;
    const current = sandboxSubscription(subscription, await subscriptionTerms(tx, subscription));
    if (quote.dueToday > 0 && !chargeGoesThrough(current.card, 'later')) throw new Refused(t.changeDeclined);
    await tx.update(checkoutSessions).set({ completedAt: now }).where(eq(checkoutSessions.id, claimed.id));
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
          reason: 'subscription_update',
          now,
        }),
      );
    }
  };
}
