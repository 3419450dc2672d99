// The sandbox gateway's hosted pages: the checkout page at /sandbox/checkout/{id}, the billing
// portal at /sandbox/portal/{id} and the plan-change confirmation at /sandbox/portal/{id}/change.
// The session id in the URL is the only credential, as with Stripe's hosted pages: it is random,
// unguessable, and a checkout or a change can be confirmed only once. What a page confirms is applied
// in one transaction with the events it sends, so a crash leaves it either done or not done at all.
// With the dev pages on (config.devPages), POST /dev/clock moves a member's test clock (server/sandbox/sandbox-clock.ts).
import formbody from '@fastify/formbody';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { charges, checkoutSessions, coupons, prices, products, subscriptions, users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { planName } from '../payments/billing-text.ts';
import {
  checkoutUrls,
  type PriceRow,
  invoiceAmount as priceDue,
  priceLines,
  prorate,
} from '../payments/pricing.ts';
import { liveSubscription, type PaymentProcessor, type Transaction } from '../payments/processor.ts';
import {
  type Card,
  cancelAtPeriodEndEvent,
  chargeRefundedEvent,
  checkoutPaidEvents,
  event,
  invoicePaidEvent,
  sandboxId,
  stateOf,
  subscriptionObject,
} from '../payments/sandbox-gateway.ts';
import { advanceClock, clockNow } from './sandbox-clock.ts';
import { type SandboxMessages, sandboxMessages } from './sandbox-messages.ts';
import { changePage, checkoutPage, contentSecurityPolicy, messagePage, portalPage } from './sandbox-page.ts';

const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const PORTAL_LIFETIME_MS = 60 * 60 * 1000;

const TEST_CARDS: Record<string, { card: Card; declined: boolean }> = {
  '4242424242424242': { card: { brand: 'visa', last4: '4242' }, declined: false },
  '4000000000000002': { card: { brand: 'visa', last4: '0002' }, declined: true },
  // Accepted now, declined on every later charge (renewals): Stripe's test card for failed renewals.
  '4000000000000341': { card: { brand: 'visa', last4: '0341' }, declined: false },
};
const CLOCK_STEPS_MS: Record<string, number> = {
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
  year: 365 * 24 * 60 * 60 * 1000,
};

type CardCheck = { ok: true; card: Card } | { ok: false; status: number; message: string };

function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

export function checkCard(body: unknown, t: SandboxMessages, now: Date): CardCheck {
  const number = field(body, 'number').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { ok: false, status: 400, message: t.invalidNumber };
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(field(body, 'expiry'));
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return { ok: false, status: 400, message: t.invalidExpiry };
  const year = Number(expiry[2]) + (expiry[2]?.length === 2 ? 2000 : 0);
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return { ok: false, status: 400, message: t.expiredCard };
  if (!/^\d{3,4}$/.test(field(body, 'cvc'))) return { ok: false, status: 400, message: t.invalidCvc };
  const test = TEST_CARDS[number];
  if (!test) return { ok: false, status: 400, message: t.unknownCard };
  if (test.declined) return { ok: false, status: 402, message: t.declined };
  return { ok: true, card: test.card };
}

export function registerSandboxPages(
  app: FastifyInstance,
  deps: { db: Database; config: Config; processor: PaymentProcessor },
): void {
  const { db, config, processor } = deps;
  const csp = contentSecurityPolicy(config.publicUrl);

  const send = (reply: FastifyReply, status: number, page: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(page);

  const session = async (id: string, kind: 'checkout' | 'portal' | 'change') => {
    if (id.length > 64) return undefined;
    const [row] = await db
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.id, id),
          eq(checkoutSessions.kind, kind),
          eq(checkoutSessions.gateway, 'sandbox'),
        ),
      );
    return row;
  };

  const checkoutContents = async (
    row: typeof checkoutSessions.$inferSelect,
    tx: Database | Transaction = db,
  ) => {
    const rows = await tx
      .select({ price: prices, productName: products.name })
      .from(prices)
      .innerJoin(products, eq(products.id, prices.productId))
      .where(and(eq(prices.trainerId, row.trainerId), inArray(prices.id, row.priceIds)));
    const ordered = row.priceIds.flatMap((id) => rows.filter((r) => r.price.id === id));
    const [coupon] = row.couponId ? await tx.select().from(coupons).where(eq(coupons.id, row.couponId)) : [];
    const lines = priceLines(
      ordered.map((r) => r.price as PriceRow),
      coupon ?? null,
    ).map((l, i) => {
      const r = ordered[i];
      return {
        ...l,
        name: r ? planName(r.productName, r.price) : '',
      };
    });
    return { lines, coupon: coupon ?? null };
  };

  app.register(async (scope) => {
    // Form posts are accepted by these pages only; the JSON API keeps refusing them.
    await scope.register(formbody, { bodyLimit: 16 * 1024 });

    const renderCheckout = async (
      reply: FastifyReply,
      id: string,
      status: number,
      error?: string,
    ): Promise<FastifyReply> => {
      const row = await session(id, 'checkout');
      const { locale, t } = sandboxMessages(row?.locale ?? 'en');
      if (!row) return send(reply, 404, messagePage(locale, t.checkoutTitle, t.notFound));
      const { successUrl, cancelUrl } = checkoutUrls(config.publicUrl, row.route);
      if (row.status === 'complete') {
        return send(
          reply,
          status === 200 ? 200 : 409,
          messagePage(locale, t.checkoutTitle, t.alreadyPaid, { href: successUrl, label: t.continueToSite }),
        );
      }
      if (row.status === 'expired' || Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS) {
        return send(
          reply,
          410,
          messagePage(locale, t.checkoutTitle, t.expired, { href: cancelUrl, label: t.cancel }),
        );
      }
      const [user] = await db.select().from(users).where(eq(users.id, row.userId));
      const { lines, coupon } = await checkoutContents(row);
      return send(
        reply,
        status,
        checkoutPage({
          locale,
          t,
          action: `/sandbox/checkout/${encodeURIComponent(row.id)}`,
          cancelUrl,
          lines,
          coupon,
          // Someone who had a trial since this session was opened pays now.
          trialDays: user?.hadTrial ? 0 : row.trialDays,
          now: await clockNow(db, row.userId),
          ...(error ? { error } : {}),
        }),
      );
    };

    scope.get<{ Params: { id: string } }>('/sandbox/checkout/:id', (request, reply) =>
      renderCheckout(reply, request.params.id, 200),
    );

    scope.post<{ Params: { id: string } }>('/sandbox/checkout/:id', async (request, reply) => {
      const { id } = request.params;
      const row = await session(id, 'checkout');
      if (row?.status !== 'open' || Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS) {
        return renderCheckout(reply, id, 409);
      }
      const { t } = sandboxMessages(row.locale);
      const check = checkCard(request.body, t, new Date());
      if (!check.ok) return renderCheckout(reply, id, check.status, check.message);

      // The claim, the member's trial and the events' effects commit together, or not at all.
      const outcome = await db
        .transaction(async (tx) => {
          const [claimed] = await tx
            .update(checkoutSessions)
            .set({ status: 'complete' })
            .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
            .returning();
          if (!claimed) return 'already-paid' as const;
          // Locked: the trial is decided here, at fulfilment, from the member as they are now.
          const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId)).for('update');
          if (!user) throw new Error(`Checkout session ${id} has no member`);
          const now = await clockNow(tx, user.id);
          const session = { ...claimed, completedAt: now, trialDays: user.hadTrial ? 0 : claimed.trialDays };
          const { lines, coupon } = await checkoutContents(session, tx);
          if (
            lines.some((l) => l.price.type === 'recurring') &&
            (await liveSubscription(tx, user.trainerId, user.id))
          ) {
            throw new HttpError(409, t.alreadySubscribed);
          }
          await tx
            .update(checkoutSessions)
            .set({ completedAt: now, trialDays: session.trialDays })
            .where(eq(checkoutSessions.id, id));
          for (const e of checkoutPaidEvents({ session, user, lines, coupon, card: check.card, now })) {
            await processor.apply(tx, e);
          }
          return 'paid' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 409) return error.message;
          throw error;
        });
      if (outcome === 'already-paid') return renderCheckout(reply, id, 409);
      if (outcome !== 'paid') return renderCheckout(reply, id, 409, outcome);
      return reply.code(303).header('location', checkoutUrls(config.publicUrl, row.route).successUrl).send();
    });

    const portalSession = async (id: string) => {
      const row = await session(id, 'portal');
      return row && Date.now() - row.createdAt.getTime() <= PORTAL_LIFETIME_MS ? row : undefined;
    };

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
      if (Date.now() - row.createdAt.getTime() > PORTAL_LIFETIME_MS) {
        return send(
          reply,
          410,
          messagePage(locale, t.portalTitle, t.expired, { href: returnUrl, label: t.backToSite }),
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
            name: planName(productName, price),
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
    const ownSubscription = async (
      tx: Transaction,
      row: { userId: string; trainerId: string },
      subscriptionId: string,
    ) => {
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
      const [coupon] = sub?.couponId
        ? await tx.select().from(coupons).where(eq(coupons.id, sub.couponId))
        : [];
      return sub ? { sub, state: stateOf(sub, coupon ?? null) } : undefined;
    };

    scope.post<{ Params: { id: string } }>('/sandbox/portal/:id', async (request, reply) => {
      const { id } = request.params;
      const row = await portalSession(id);
      if (!row) return renderPortal(reply, id);
      const { t } = sandboxMessages(row.locale);
      const action = field(request.body, 'action') || 'cancel';
      let error: string | undefined;
      if (action === 'clock') {
        const step = CLOCK_STEPS_MS[field(request.body, 'by')];
        if (step) await advanceClock(db, processor, row.userId, step);
      } else {
        error = await db.transaction(async (tx) => {
          const now = await clockNow(tx, row.userId);
          if (action === 'refund') {
            // Only the portal's own member's charges can be refunded from it.
            const [charge] = await tx
              .select()
              .from(charges)
              .where(and(eq(charges.id, field(request.body, 'charge')), eq(charges.userId, row.userId)));
            if (charge && !charge.refunded) await processor.apply(tx, chargeRefundedEvent(charge, now));
            return undefined;
          }
          const own = await ownSubscription(tx, row, field(request.body, 'subscription'));
          if (!own || own.sub.status === 'canceled') return undefined;
          if (action === 'cancel') {
            if (!own.sub.cancelAtPeriodEnd) await processor.apply(tx, cancelAtPeriodEndEvent(own.state, now));
            return undefined;
          }
          if (action === 'card') {
            const check = checkCard(request.body, t, now);
            if (!check.ok) return check.message;
            const updated = { ...own.state, card: check.card };
            await processor.apply(
              tx,
              event('customer.subscription.updated', now, subscriptionObject(updated)),
            );
            // A new card pays what a declined renewal left due, at once.
            if (own.sub.status === 'past_due' || own.sub.status === 'unpaid') {
              const [price] = await tx.select().from(prices).where(eq(prices.id, own.sub.priceId));
              if (price) {
                const amount = priceDue(price, own.state.discount ?? null, updated.periodStart);
                await processor.apply(
                  tx,
                  event(
                    'customer.subscription.updated',
                    now,
                    subscriptionObject({ ...updated, status: 'active' }),
                  ),
                );
                await processor.apply(
                  tx,
                  invoicePaidEvent({
                    id: `in_sandbox_${own.sub.id}_${Math.floor(updated.periodStart.getTime() / 1000)}`,
                    subscription: updated,
                    amount,
                    currency: price.currency,
                    reason: 'subscription_cycle',
                    card: check.card,
                    now,
                  }),
                );
              }
            }
          }
          return undefined;
        });
      }
      if (error) return renderPortal(reply, id, 400, error);
      return reply
        .code(303)
        .header('location', `/sandbox/portal/${encodeURIComponent(id)}`)
        .send();
    });

    /** What the change page shows and what confirming it applies: computed once, the same both times. */
    const planChange = async (db2: Database | Transaction, row: typeof checkoutSessions.$inferSelect) => {
      const live = await liveSubscription(db2, row.trainerId, row.userId);
      const [next] = await db2
        .select()
        .from(prices)
        .where(and(eq(prices.id, row.priceIds[0] ?? ''), eq(prices.trainerId, row.trainerId)));
      if (!live || !next || next.type !== 'recurring' || live.priceId === next.id) return undefined;
      const [current] = await db2.select().from(prices).where(eq(prices.id, live.priceId));
      if (!current) return undefined;
      const [coupon] = live.couponId
        ? await db2.select().from(coupons).where(eq(coupons.id, live.couponId))
        : [];
      const state = stateOf(live, coupon ?? null);
      const now = await clockNow(db2, row.userId);
      const trialing = live.status === 'trialing';
      // What the member paid for the period now running: the invoice that started it.
      const [lastCharge] = await db2
        .select({ amount: charges.amount })
        .from(charges)
        .where(
          and(eq(charges.userId, row.userId), eq(charges.priceId, live.priceId), eq(charges.refunded, false)),
        )
        .orderBy(desc(charges.createdAt))
        .limit(1);
      const quote = prorate({
        current,
        next,
        discount: state.discount ?? null,
        periodStart: state.periodStart,
        periodEnd: state.periodEnd,
        trialing,
        paidForPeriod: lastCharge?.amount ?? 0,
        at: now,
      });
      // More credit than the new plan costs (a downgrade): the change waits for the renewal, so no
      // paid time is lost and nothing is owed back.
      const scheduled = !trialing && quote.credit > quote.charge;
      const names = await db2
        .select({ id: prices.id, productName: products.name })
        .from(prices)
        .innerJoin(products, eq(products.id, prices.productId))
        .where(inArray(prices.id, [current.id, next.id]));
      const nameOf = (price: PriceRow) =>
        planName(names.find((n) => n.id === price.id)?.productName ?? '', price);
      return { live, state, current, next, now, quote, scheduled, trialing, nameOf };
    };

    const renderChange = async (reply: FastifyReply, id: string, status = 200): Promise<FastifyReply> => {
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
      const change =
        Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS ? undefined : await planChange(db, row);
      if (!change) {
        return send(
          reply,
          410,
          messagePage(locale, t.changeTitle, t.changeUnavailable, { href: cancelUrl, label: t.backToSite }),
        );
      }
      const { current, next, quote, scheduled, trialing, nameOf, state } = change;
      return send(
        reply,
        status,
        changePage({
          locale,
          t,
          action: `/sandbox/portal/${encodeURIComponent(row.id)}/change`,
          cancelUrl,
          current: { name: nameOf(current), price: current },
          next: { name: nameOf(next), price: next, amount: quote.charge },
          credit: scheduled ? 0 : quote.credit,
          dueToday: scheduled ? 0 : quote.dueToday,
          effective: scheduled ? state.periodEnd : null,
          trialEnd: trialing ? state.periodEnd : null,
          nextRenewal: scheduled ? state.periodEnd : quote.nextRenewal,
          card: change.live.paymentMethod,
        }),
      );
    };

    scope.get<{ Params: { id: string } }>('/sandbox/portal/:id/change', (request, reply) =>
      renderChange(reply, request.params.id),
    );

    scope.post<{ Params: { id: string } }>('/sandbox/portal/:id/change', async (request, reply) => {
      const { id } = request.params;
      const row = await session(id, 'change');
      if (row?.status !== 'open' || Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS) {
        return renderChange(reply, id, 409);
      }
      const applied = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(checkoutSessions)
          .set({ status: 'complete' })
          .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
          .returning();
        if (!claimed) return false;
        await tx.select().from(users).where(eq(users.id, claimed.userId)).for('update');
        const change = await planChange(tx, claimed);
        if (!change) return false;
        const { state, next, now, quote, scheduled, trialing } = change;
        await tx.update(checkoutSessions).set({ completedAt: now }).where(eq(checkoutSessions.id, id));
        const metadata = { ...state.metadata, checkoutSessionId: claimed.id };
        if (scheduled) {
          await processor.apply(
            tx,
            event(
              'customer.subscription.updated',
              now,
              subscriptionObject({ ...state, metadata, scheduledPriceId: next.id }),
            ),
          );
          return true;
        }
        const changed = {
          ...state,
          metadata,
          priceId: next.id,
          scheduledPriceId: null,
          // In a trial the trial goes on and the new plan is billed when it ends; otherwise the new
          // plan's period starts now.
          ...(trialing ? {} : { periodStart: now, periodEnd: quote.nextRenewal }),
        };
        await processor.apply(tx, event('customer.subscription.updated', now, subscriptionObject(changed)));
        if (quote.dueToday > 0) {
          await processor.apply(
            tx,
            invoicePaidEvent({
              id: sandboxId('in'),
              subscription: changed,
              amount: quote.dueToday,
              currency: next.currency,
              reason: 'subscription_update',
              card: state.card ?? { brand: 'visa', last4: '4242' },
              now,
            }),
          );
        }
        return true;
      });
      if (!applied) return renderChange(reply, id, 409);
      return reply.code(303).header('location', checkoutUrls(config.publicUrl, row.route).successUrl).send();
    });
  });

  if (config.devPages) registerDevClock(app, db, processor);
}

const clockRequest = z.strictObject({
  email: z.string().min(1).max(320),
  trainerId: z.string().min(1).max(200),
  days: z.number().int().min(1).max(3660),
});

/**
 * POST /dev/clock {email, trainerId, days}: moves that member's sandbox clock ahead, as a Stripe test
 * clock, and answers with the events it sent. For trying renewals and failed payments by hand.
 */
function registerDevClock(app: FastifyInstance, db: Database, processor: PaymentProcessor): void {
  app.post('/dev/clock', async (request, reply) => {
    const parsed = clockRequest.safeParse(request.body);
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ success: false, message: 'Send {email, trainerId, days} with days from 1 to 3660' });
    }
    const { email, trainerId, days } = parsed.data;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.trainerId, trainerId), sql`lower(${users.email}) = lower(${email})`));
    if (!user) return reply.code(404).send({ success: false, message: 'No member with that email' });
    const result = await advanceClock(db, processor, user.id, days * 24 * 60 * 60 * 1000);
    return { success: true, now: result.now.toISOString(), events: result.events };
  });
}
