// The sandbox gateway's hosted pages: the checkout page at /sandbox/checkout/{id} and the billing
// portal at /sandbox/portal/{id}. The session id in the URL is the only credential, as with
// Stripe's hosted pages: it is random, unguessable, and a checkout can be paid only once.
import formbody from '@fastify/formbody';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { checkoutSessions, coupons, prices, products, subscriptions, users } from '../db/schema.ts';
import { checkoutUrls, type PriceRow, priceLines } from '../payments/pricing.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import { type Card, cancelAtPeriodEndEvent, checkoutPaidEvents } from '../payments/sandbox-gateway.ts';
import { type SandboxMessages, sandboxMessages } from './sandbox-messages.ts';
import { checkoutPage, contentSecurityPolicy, messagePage, portalPage } from './sandbox-page.ts';

const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const PORTAL_LIFETIME_MS = 60 * 60 * 1000;

const TEST_CARDS: Record<string, { card: Card; declined: boolean }> = {
  '4242424242424242': { card: { brand: 'visa', last4: '4242' }, declined: false },
  '4000000000000002': { card: { brand: 'visa', last4: '0002' }, declined: true },
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

  const session = async (id: string, kind: 'checkout' | 'portal') => {
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

  const checkoutContents = async (row: typeof checkoutSessions.$inferSelect) => {
    const rows = await db
      .select({ price: prices, productName: products.name })
      .from(prices)
      .innerJoin(products, eq(products.id, prices.productId))
      .where(and(eq(prices.trainerId, row.trainerId), inArray(prices.id, row.priceIds)));
    const ordered = row.priceIds.flatMap((id) => rows.filter((r) => r.price.id === id));
    const [coupon] = row.couponId ? await db.select().from(coupons).where(eq(coupons.id, row.couponId)) : [];
    const lines = priceLines(
      ordered.map((r) => r.price as PriceRow),
      coupon ?? null,
    ).map((l, i) => {
      const r = ordered[i];
      return {
        ...l,
        name: r?.price.nickname ? `${r.productName}: ${r.price.nickname}` : (r?.productName ?? ''),
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
          couponCode: coupon?.code ?? null,
          // Someone who had a trial since this session was opened pays now.
          trialDays: user?.hadTrial ? 0 : row.trialDays,
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
      const now = new Date();
      const check = checkCard(request.body, t, now);
      if (!check.ok) return renderCheckout(reply, id, check.status, check.message);

      // Claiming the session first makes a second payment of it, even a concurrent one, impossible.
      const [claimed] = await db
        .update(checkoutSessions)
        .set({ status: 'complete', completedAt: now })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
        .returning();
      if (!claimed) return renderCheckout(reply, id, 409);
      try {
        const [user] = await db.select().from(users).where(eq(users.id, claimed.userId));
        if (!user) throw new Error(`Checkout session ${id} has no member`);
        if (user.hadTrial && claimed.trialDays > 0) {
          await db.update(checkoutSessions).set({ trialDays: 0 }).where(eq(checkoutSessions.id, id));
          claimed.trialDays = 0;
        }
        const { lines } = await checkoutContents(claimed);
        for (const event of checkoutPaidEvents({ session: claimed, user, lines, card: check.card, now })) {
          await processor.process(event);
        }
      } catch (error) {
        await db
          .update(checkoutSessions)
          .set({ status: 'open', completedAt: null })
          .where(eq(checkoutSessions.id, id));
        throw error;
      }
      return reply
        .code(303)
        .header('location', checkoutUrls(config.publicUrl, claimed.route).successUrl)
        .send();
    });

    const renderPortal = async (reply: FastifyReply, id: string): Promise<FastifyReply> => {
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
        .select({ sub: subscriptions, productName: products.name, nickname: prices.nickname })
        .from(subscriptions)
        .innerJoin(prices, eq(prices.id, subscriptions.priceId))
        .innerJoin(products, eq(products.id, prices.productId))
        .where(and(eq(subscriptions.userId, row.userId), eq(subscriptions.trainerId, row.trainerId)))
        .orderBy(desc(subscriptions.createdAt));
      return send(
        reply,
        200,
        portalPage({
          locale,
          t,
          action: `/sandbox/portal/${encodeURIComponent(row.id)}`,
          returnUrl,
          subscriptions: subs.map(({ sub, productName, nickname }) => ({
            id: sub.id,
            name: nickname ? `${productName}: ${nickname}` : productName,
            status: sub.status,
            currentPeriodEnd: sub.currentPeriodEnd,
            trialEnd: sub.trialEnd,
            cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          })),
        }),
      );
    };

    scope.get<{ Params: { id: string } }>('/sandbox/portal/:id', (request, reply) =>
      renderPortal(reply, request.params.id),
    );

    scope.post<{ Params: { id: string } }>('/sandbox/portal/:id', async (request, reply) => {
      const { id } = request.params;
      const row = await session(id, 'portal');
      if (!row || Date.now() - row.createdAt.getTime() > PORTAL_LIFETIME_MS) return renderPortal(reply, id);
      const subscriptionId = field(request.body, 'subscription');
      // Only the portal's own member's subscriptions can be cancelled from it.
      const [sub] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            eq(subscriptions.userId, row.userId),
            eq(subscriptions.trainerId, row.trainerId),
          ),
        );
      if (sub && sub.status !== 'canceled' && !sub.cancelAtPeriodEnd) {
        await processor.process(cancelAtPeriodEndEvent(sub, new Date()));
      }
      return reply
        .code(303)
        .header('location', `/sandbox/portal/${encodeURIComponent(id)}`)
        .send();
    });
  });
}
