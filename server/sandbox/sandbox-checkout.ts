// The sandbox's hosted checkout page, /sandbox/checkout/{id}: Stripe Checkout's part. The page shows
// the billing engine's quote and its form carries the quote's digest; paying charges exactly that
// quote, or is refused (nothing charged) with the fresh one when anything it depended on changed:
// a price, the coupon, the member's trial. Whether the member may buy at all is decided again when
// the money moves, on the member's locked row: one live subscription, and a one-time product held
// once (a second open checkout of a product already bought is refused).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutSessions, users } from '../db/schema.ts';
import { keepPromise, promiseDigest, quoteCheckout } from '../payments/billing-quotes.ts';
import { couponById } from '../payments/billing-terms.ts';
import { checkoutUrls } from '../payments/checkout-urls.ts';
import { holdsAny } from '../payments/holdings.ts';
import { liveSubscription } from '../payments/processor.ts';
import { checkoutPaidEvents } from '../payments/sandbox-gateway.ts';
import { Refused, refusal } from './refusal.ts';
import { clockNow } from './sandbox-clock.ts';
import { type SandboxMessages, sandboxMessages } from './sandbox-messages.ts';
import { checkoutPage, messagePage } from './sandbox-page.ts';
import type { SandboxPages } from './sandbox-pages.types.ts';
import { checkCard, field } from './test-cards.ts';

export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

type SessionRow = typeof checkoutSessions.$inferSelect;

export function registerSandboxCheckout(scope: FastifyInstance, pages: SandboxPages): void {
  const { db, config, send, session } = pages;

  const render = async (
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
    if (!user) return send(reply, 404, messagePage(locale, t.checkoutTitle, t.notFound));
    if (await holdsAny(db, user.id, row.priceIds)) {
      return send(
        reply,
        409,
        messagePage(locale, t.checkoutTitle, t.alreadyHeld, { href: successUrl, label: t.continueToSite }),
      );
    }
    const priced = await quoteCheckout(db, row, user, await clockNow(db, row.userId));
    if ('refused' in priced) return refusedPage(reply, t, locale, priced.refused, cancelUrl);
    await keepPromise(db, row.id, priced.promise);
    return send(
      reply,
      status,
      checkoutPage({
        locale,
        t,
        action: `/sandbox/checkout/${encodeURIComponent(row.id)}`,
        cancelUrl,
        quote: priced.quote,
        names: priced.names,
        couponCode: await couponCode(row),
        digest: promiseDigest(priced.promise),
        error,
      }),
    );
  };

  const refusedPage = (
    reply: FastifyReply,
    t: SandboxMessages,
    locale: 'en' | 'es',
    refused: 'unavailable' | 'coupon',
    cancelUrl: string,
  ) =>
    send(
      reply,
      410,
      messagePage(locale, t.checkoutTitle, refused === 'coupon' ? t.couponGone : t.expired, {
        href: cancelUrl,
        label: t.cancel,
      }),
    );

  const couponCode = async (row: SessionRow) => (await couponById(db, row.couponId))?.code ?? null;

  scope.get<{ Params: { id: string } }>('/sandbox/checkout/:id', (request, reply) =>
    render(reply, request.params.id, 200),
  );

  scope.post<{ Params: { id: string } }>('/sandbox/checkout/:id', async (request, reply) => {
    const { id } = request.params;
    const row = await session(id, 'checkout');
    if (row?.status !== 'open' || Date.now() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS) {
      return render(reply, id, 409);
    }
    const { t } = sandboxMessages(row.locale);
    const check = checkCard(request.body, t, new Date());
    if (!check.ok) return render(reply, id, check.status, check.message);

    // The claim, the member's trial and the events' effects commit together, or not at all: a
    // refusal rolls the claim back.
    const outcome = await pages.processor
      .transaction(async (tx) => {
        // Locked: what the member holds and whether they had a trial are decided on this row.
        const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
        if (!user) throw new Error(`Checkout session ${id} has no member`);
        const [claimed] = await tx
          .update(checkoutSessions)
          .set({ status: 'complete' })
          .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
          .returning();
        if (!claimed) throw new Refused(null);
        if (await holdsAny(tx, user.id, claimed.priceIds)) throw new Refused(t.alreadyHeld);
        const now = await clockNow(tx, user.id);
        const priced = await quoteCheckout(tx, claimed, user, now);
        if ('refused' in priced) throw new Refused(null);
        if (priced.quote.subscription && (await liveSubscription(tx, user.trainerId, user.id))) {
          throw new Refused(t.alreadySubscribed);
        }
        if (promiseDigest(priced.promise) !== field(request.body, 'promise')) {
          throw new Refused(t.checkoutChanged);
        }
        const trialDays = priced.quote.trialDays;
        await tx
          .update(checkoutSessions)
          .set({ completedAt: now, trialDays, quote: priced.promise })
          .where(eq(checkoutSessions.id, id));
        const paid = { ...claimed, completedAt: now, trialDays };
        for (const e of checkoutPaidEvents({
          session: paid,
          user,
          quote: priced.quote,
          card: check.card,
          now,
        })) {
          await pages.processor.apply(tx, e);
        }
        return null;
      })
      .catch(refusal);
    if (outcome === null) {
      return reply.code(303).header('location', checkoutUrls(config.publicUrl, row.route).successUrl).send();
    }
    return render(reply, id, 409, outcome.message ?? undefined);
  });
}
