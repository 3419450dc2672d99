// The one place payment events change the database, for Stripe's signed webhooks and the sandbox's
// events alike. Each event id is recorded in webhook_events in the same transaction as its effects,
// so a redelivered or concurrently delivered event changes nothing the second time. A subscription
// event older than the last one applied to that subscription is ignored. Amounts come from the
// price and coupon rows for what a checkout sold; a renewal or a plan change records what the
// provider's invoice says was paid, since that is the money that moved. Whether a subscription may
// move to the status an event reports is the lifecycle chart's decision
// (domain/subscription-lifecycle.machine.ts), and every email a payment causes is written to the outbox in the
// same transaction, so it is sent once however often the event is delivered.
import { and, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { planName } from '../../domain/billing/billing-text.ts';
import { billingLocale } from '../../domain/billing/locale.ts';
import { checkoutQuote } from '../../domain/billing/subscriptions.ts';
import { type LifecycleStatus, lifecycleAllows } from '../../domain/subscription-lifecycle.machine.ts';
import type { MemberViews } from '../auth/member-view-cache.ts';
import type { Database, Transaction } from '../db/index.ts';
import {
  charges,
  checkoutSessions,
  prices,
  products,
  subscriptions,
  users,
  webhookEvents,
} from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';
import type { Mail } from '../mail/mailer.ts';
import { type BillingMail, billingMail } from './billing-mail.ts';
import { couponById, couponTerms, type PriceRow, priceTerms, subscriptionTerms } from './billing-terms.ts';
import { storedCheckoutPromise } from './promises.ts';

const metadata = z.looseObject({
  trainerId: z.string().min(1),
  userId: z.string().min(1),
  checkoutSessionId: z.string().min(1).optional(),
  priceIds: z.string().min(1),
  /** A plan change that takes effect at the end of the period (sandbox; Stripe keeps its own schedules). */
  scheduledPriceId: z.string().min(1).optional(),
});

/**
 * 9999-12-31T23:59:59Z. A later date is still a JavaScript Date, but its ISO form has a six-digit
 * year that PostgreSQL refuses, which would end a correctly signed event in a 500 that Stripe retries
 * for days; no real event is dated past it, so one is refused as malformed instead.
 */
const LAST_TIMESTAMP = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;

/** Every amount and count is stored in a PostgreSQL `integer`; a larger one would end in a 500. */
const INTEGER_MAX = 2_147_483_647;
const count = z.number().int().min(0).max(INTEGER_MAX);

/** Unix seconds, as Stripe sends every date. */
const timestamp = z
  .number()
  .int()
  .positive()
  .max(LAST_TIMESTAMP, { error: 'must be a date before the year 10000' });

const eventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: timestamp,
  data: z.looseObject({ object: z.looseObject({}) }),
});

const checkoutCompleted = z.looseObject({
  id: z.string(),
  customer: z.string().nullish(),
  mode: z.enum(['payment', 'subscription', 'setup']),
  metadata,
});

const cardDetails = z.looseObject({ brand: z.string(), last4: z.string() });
const paymentMethodObject = z.union([z.string(), z.looseObject({ card: cardDetails.optional() })]).nullish();

const subscriptionObject = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  trial_end: timestamp.nullish(),
  // Older API versions put the period on the subscription, newer ones on each item.
  current_period_start: timestamp.optional(),
  current_period_end: timestamp.optional(),
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({
          current_period_start: timestamp.optional(),
          current_period_end: timestamp.optional(),
          price: z
            .looseObject({
              id: z.string(),
              lookup_key: z.string().nullish(),
              metadata: z.record(z.string(), z.string()).nullish(),
            })
            .optional(),
        }),
      ),
    })
    .optional(),
  billing_cycle_anchor: timestamp.optional(),
  // Absent: unchanged. Null: the discount has ended.
  discount: z.looseObject({ coupon: z.looseObject({ id: z.string() }), end: timestamp.nullish() }).nullish(),
  default_payment_method: paymentMethodObject,
  ended_at: timestamp.nullish(),
  metadata,
});

const invoiceLines = z
  .looseObject({
    data: z.array(
      z.looseObject({
        amount: z.number().int().min(-INTEGER_MAX).max(INTEGER_MAX),
        proration: z.boolean().nullish(),
        parent: z
          .looseObject({
            subscription_item_details: z.looseObject({ proration: z.boolean().nullish() }).nullish(),
          })
          .nullish(),
      }),
    ),
  })
  .optional();

const invoicePaid = z.looseObject({
  id: z.string().min(1),
  amount_paid: count,
  billing_reason: z.string().nullish(),
  lines: invoiceLines,
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({ subscription: z.string().nullish(), metadata: z.unknown() })
        .nullish(),
    })
    .nullish(),
  subscription_details: z.looseObject({ metadata: z.unknown() }).nullish(),
  default_payment_method: paymentMethodObject,
});

const invoiceFailed = z.looseObject({
  id: z.string().min(1),
  amount_due: count,
  attempt_count: count.optional(),
  next_payment_attempt: timestamp.nullish(),
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({ subscription: z.string().nullish(), metadata: z.unknown() })
        .nullish(),
    })
    .nullish(),
});

const chargeRefunded = z.looseObject({
  id: z.string().min(1),
  invoice: z.string().nullish(),
  refunded: z.boolean(),
});

const chargeSucceeded = z.looseObject({
  id: z.string().min(1),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_method_details: z.looseObject({ card: cardDetails.optional() }).nullish(),
});

export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

const OWN_METADATA_TYPES = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
]);

export type ProcessResult = 'processed' | 'duplicate' | 'ignored';

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(`Invalid ${what}: ${issue?.path.join('.') || 'value'} ${issue?.message ?? ''}`.trim());
  }
  return result.data;
}

const SUBSCRIPTION_STATUS: Record<string, (typeof subscriptions.$inferSelect)['status']> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'unpaid',
  paused: 'past_due',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  canceled: 'canceled',
};

function cardLabel(card: { brand: string; last4: string } | undefined): string {
  if (!card) return 'Card';
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}

const LIVE: ReadonlySet<string> = new Set(['trialing', 'active', 'past_due', 'unpaid']);

type SubscriptionRow = typeof subscriptions.$inferSelect;

export class PaymentProcessor {
  readonly #db: Database;
  readonly #gateway: 'sandbox' | 'stripe';
  readonly #mail: BillingMail;
  readonly #views: MemberViews;

  constructor(
    db: Database,
    gateway: 'sandbox' | 'stripe',
    mail: Mail,
    publicUrl: string,
    views: MemberViews,
  ) {
    this.#db = db;
    this.#gateway = gateway;
    this.#mail = billingMail(mail, publicUrl);
    this.#views = views;
  }

  /** Applies one event in its own transaction. */
  async process(input: unknown): Promise<ProcessResult> {
    return this.transaction((tx) => this.apply(tx, input));
  }

  /**
   * A transaction in which events are applied (`apply`). Once it has ended, committed or not, the
   * member views this instance kept are forgotten: events are few, and which members they touched
   * is known only inside (decision 097).
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.#db.transaction(work);
    } finally {
      this.#views.forgetAll();
    }
  }

  /** Applies one event inside the caller's transaction, so it commits or rolls back with the caller's own writes. */
  async apply(tx: Transaction, input: unknown): Promise<ProcessResult> {
    const event = parse(eventEnvelope, input, 'event');
    const [recorded] = await tx
      .insert(webhookEvents)
      .values({
        id: event.id,
        type: event.type,
        gateway: this.#gateway,
        createdAt: new Date(event.created * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!recorded) return 'duplicate';
    const at = new Date(event.created * 1000);
    const object = event.data.object;
    // Objects created outside this API (in Stripe's dashboard, by another integration) carry no
    // metadata of ours: acknowledged, not refused, so Stripe does not retry them forever.
    if (!metadata.safeParse(object.metadata).success && OWN_METADATA_TYPES.has(event.type)) return 'ignored';
    switch (event.type) {
      case 'checkout.session.completed':
        return this.#checkoutCompleted(tx, parse(checkoutCompleted, object, 'checkout session'), at);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.#subscriptionChanged(
          tx,
          parse(subscriptionObject, object, 'subscription'),
          at,
          event.type === 'customer.subscription.deleted',
        );
      case 'customer.subscription.trial_will_end':
        return this.#trialWillEnd(tx, parse(subscriptionObject, object, 'subscription'));
      case 'invoice.paid':
        return this.#invoicePaid(tx, parse(invoicePaid, object, 'invoice'), at);
      case 'invoice.payment_failed':
        return this.#invoiceFailed(tx, parse(invoiceFailed, object, 'invoice'));
      case 'charge.succeeded':
        return this.#chargeSucceeded(tx, parse(chargeSucceeded, object, 'charge'), at);
      case 'charge.refunded':
        return this.#chargeRefunded(tx, parse(chargeRefunded, object, 'charge'), at);
      default:
        return 'ignored';
    }
  }

  async #member(tx: Transaction, meta: z.infer<typeof metadata>) {
    // Locked: the trial and the one-live-subscription rule are decided on this row, so two
    // fulfilments for one member run one after the other.
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, meta.userId), eq(users.trainerId, meta.trainerId)))
      .for('update');
    if (!user) throw badRequest(`Unknown member ${meta.userId} of trainer ${meta.trainerId}`);
    return user;
  }

  /** The prices must all be sold by the trainer the event names. */
  async #prices(tx: Transaction, trainerId: string, priceIds: string[]): Promise<PriceRow[]> {
    const rows = await tx
      .select()
      .from(prices)
      .where(and(eq(prices.trainerId, trainerId), inArray(prices.id, priceIds)));
    for (const id of priceIds) {
      if (!rows.some((r) => r.id === id)) throw badRequest(`Price ${id} is not sold by trainer ${trainerId}`);
    }
    return priceIds.map((id) => rows.find((r) => r.id === id) as PriceRow);
  }

  /** Our price for a provider's price: ours by id (sandbox), or the Stripe price created for it. */
  async #ourPrice(
    tx: Transaction,
    trainerId: string,
    price: {
      id: string;
      lookup_key?: string | null | undefined;
      metadata?: Record<string, string> | null | undefined;
    },
  ): Promise<PriceRow | undefined> {
    const candidates = [price.id, price.lookup_key, price.metadata?.priceId].filter((v): v is string => !!v);
    const [row] = await tx
      .select()
      .from(prices)
      .where(
        and(
          eq(prices.trainerId, trainerId),
          or(inArray(prices.id, candidates), eq(prices.gatewayPriceId, price.id)),
        ),
      );
    return row;
  }

  async #session(tx: Transaction, meta: z.infer<typeof metadata>) {
    if (!meta.checkoutSessionId) return undefined;
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.id, meta.checkoutSessionId),
          eq(checkoutSessions.trainerId, meta.trainerId),
          eq(checkoutSessions.userId, meta.userId),
          inArray(checkoutSessions.kind, ['checkout', 'change']),
        ),
      );
    if (!session) throw badRequest(`Unknown checkout session ${meta.checkoutSessionId}`);
    return session;
  }

  /** The lines a checkout sold, priced by the billing engine, for a session stored without its quote. */
  async #quotedLines(tx: Transaction, rows: PriceRow[], couponId: string | null) {
    const coupon = await couponById(tx, couponId);
    const quote = checkoutQuote({
      prices: rows.filter((p) => p.type === 'one_time').map(priceTerms),
      coupon: coupon ? couponTerms(coupon) : null,
      trialDays: 0,
      at: new Date(),
    });
    return quote.lines.map((line) => ({ priceId: line.price.id, amount: line.amount }));
  }

  async #productName(tx: Transaction, price: PriceRow): Promise<string> {
    const [product] = await tx
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, price.productId));
    return product?.name ?? price.nickname ?? price.id;
  }

  /** The plan's name as the member reads it: the product, and the price's nickname in their language. */
  async #planName(tx: Transaction, price: PriceRow, locale: string): Promise<string> {
    const [product] = await tx
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, price.productId));
    return planName(product?.name ?? price.id, price, billingLocale(locale));
  }

  async #checkoutCompleted(
    tx: Transaction,
    object: z.infer<typeof checkoutCompleted>,
    at: Date,
  ): Promise<ProcessResult> {
    const user = await this.#member(tx, object.metadata);
    const session = await this.#session(tx, object.metadata);
    if (!session) throw badRequest('The checkout session has no checkoutSessionId in its metadata');
    await tx
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: at, gatewaySessionId: object.id })
      .where(eq(checkoutSessions.id, session.id));
    const customer = object.customer ?? user.gatewayCustomerId;
    await tx
      .update(users)
      .set({ gatewayCustomerId: customer, hadTrial: user.hadTrial || session.trialDays > 0 })
      .where(eq(users.id, user.id));
    return 'processed';
  }

  async #subscriptionChanged(
    tx: Transaction,
    object: z.infer<typeof subscriptionObject>,
    at: Date,
    deleted: boolean,
  ): Promise<ProcessResult> {
    const meta = object.metadata;
    const user = await this.#member(tx, meta);
    const item = object.items?.data[0];
    // After a plan change in the provider's portal the item's price is the new one, while the
    // metadata still names the price the checkout sold.
    const itemPrice = item?.price ? await this.#ourPrice(tx, meta.trainerId, item.price) : undefined;
    const priceIds = itemPrice ? [itemPrice.id] : meta.priceIds.split(',');
    const [price] = itemPrice ? [itemPrice] : await this.#prices(tx, meta.trainerId, priceIds);
    if (priceIds.length !== 1 || price?.type !== 'recurring') {
      throw badRequest(`A subscription needs exactly one recurring price, not ${meta.priceIds}`);
    }
    const periodEnd = object.current_period_end ?? item?.current_period_end;
    if (!periodEnd) throw badRequest('Invalid subscription: current_period_end is missing');
    const periodStart = object.current_period_start ?? item?.current_period_start;
    const status = deleted ? 'canceled' : SUBSCRIPTION_STATUS[object.status];
    if (!status) throw badRequest(`Invalid subscription: unknown status ${object.status}`);

    const [existing] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, object.id), eq(subscriptions.trainerId, meta.trainerId)))
      .for('update');
    if (existing && existing.userId !== user.id)
      throw badRequest(`Subscription ${object.id} is another member's`);
    // An event created before the last one applied describes an older state: it loses.
    if (existing && existing.lastEventAt > at) return 'ignored';
    if (!lifecycleAllows((existing?.status as LifecycleStatus | undefined) ?? null, status)) return 'ignored';
    if (!existing && LIVE.has(status)) {
      const [other] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.trainerId, meta.trainerId),
            eq(subscriptions.userId, user.id),
            ne(subscriptions.id, object.id),
            inArray(subscriptions.status, [...LIVE] as SubscriptionRow['status'][]),
          ),
        );
      if (other)
        throw conflict('You already have a subscription. Change your plan from Manage My Subscription.');
    }

    const card =
      typeof object.default_payment_method === 'object' ? object.default_payment_method?.card : undefined;
    const values = {
      status,
      priceId: price.id,
      currentPeriodEnd: new Date(periodEnd * 1000),
      ...(periodStart ? { currentPeriodStart: new Date(periodStart * 1000) } : {}),
      cancelAtPeriodEnd: object.cancel_at_period_end,
      trialEnd: object.trial_end ? new Date(object.trial_end * 1000) : null,
      ...(object.billing_cycle_anchor ? { billingAnchor: new Date(object.billing_cycle_anchor * 1000) } : {}),
      ...(object.discount !== undefined
        ? {
            couponId: object.discount?.coupon.id ?? null,
            discountEnd: object.discount?.end ? new Date(object.discount.end * 1000) : null,
          }
        : {}),
      ...(card ? { paymentMethod: cardLabel(card) } : {}),
      ...(status === 'active' ? { failedAttempts: 0, nextPaymentAttempt: null } : {}),
      ...(status === 'canceled' ? { endedAt: object.ended_at ? new Date(object.ended_at * 1000) : at } : {}),
      scheduledPriceId: meta.scheduledPriceId ?? null,
      lastEventAt: at,
    };
    const [saved] = existing
      ? await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id)).returning()
      : await tx
          .insert(subscriptions)
          .values({ id: object.id, trainerId: meta.trainerId, userId: user.id, createdAt: at, ...values })
          .returning();
    if (!saved) throw new Error(`Subscription ${object.id} was not saved`);
    if (object.trial_end && !user.hadTrial) {
      await tx.update(users).set({ hadTrial: true }).where(eq(users.id, user.id));
    }

    const name = (row: PriceRow) => this.#planName(tx, row, user.locale);
    if (!existing && status === 'trialing') {
      await this.#mail.trialStarted(tx, user, await name(price), await subscriptionTerms(tx, saved));
    } else if (existing && existing.priceId !== price.id && existing.scheduledPriceId !== price.id) {
      // A change applied now. One scheduled for the renewal was announced when it was scheduled.
      const [from] = await this.#prices(tx, meta.trainerId, [existing.priceId]);
      if (from) {
        await this.#mail.planChanged(tx, user, {
          from: await name(from),
          to: await name(price),
          terms: await subscriptionTerms(tx, saved),
          renewed: existing.cancelAtPeriodEnd && !saved.cancelAtPeriodEnd,
          scheduledFor: null,
        });
      }
    } else if (existing && saved.scheduledPriceId && saved.scheduledPriceId !== existing.scheduledPriceId) {
      // A change scheduled for the renewal: the plan stays until then, and a subscription that was
      // set to end now renews, so the member is told both at once.
      const [to] = await this.#prices(tx, meta.trainerId, [saved.scheduledPriceId]);
      if (to) {
        await this.#mail.planChanged(tx, user, {
          from: await name(price),
          to: await name(to),
          terms: await subscriptionTerms(tx, saved),
          renewed: existing.cancelAtPeriodEnd && !saved.cancelAtPeriodEnd,
          scheduledFor: saved.currentPeriodEnd,
        });
      }
    }
    if (existing && status === 'canceled') {
      await this.#mail.subscriptionEnded(
        tx,
        user,
        await name(price),
        saved.endedAt ?? saved.currentPeriodEnd,
      );
    } else if (existing && !existing.cancelAtPeriodEnd && saved.cancelAtPeriodEnd) {
      await this.#mail.cancellationScheduled(tx, user, await name(price), saved.currentPeriodEnd);
    }
    return 'processed';
  }

  async #trialWillEnd(tx: Transaction, object: z.infer<typeof subscriptionObject>): Promise<ProcessResult> {
    const user = await this.#member(tx, object.metadata);
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, object.id), eq(subscriptions.userId, user.id)));
    if (sub?.status !== 'trialing' || sub.cancelAtPeriodEnd) return 'ignored';
    const [price] = await this.#prices(tx, sub.trainerId, [sub.priceId]);
    if (!price) return 'ignored';
    await this.#mail.trialEnding(
      tx,
      user,
      await this.#planName(tx, price, user.locale),
      await subscriptionTerms(tx, sub),
    );
    return 'processed';
  }

  async #invoicePaid(tx: Transaction, object: z.infer<typeof invoicePaid>, at: Date): Promise<ProcessResult> {
    const rawMeta = object.parent?.subscription_details?.metadata ?? object.subscription_details?.metadata;
    // An invoice of something not sold through this API (no metadata of ours) is not ours to record.
    if (!metadata.safeParse(rawMeta).success) return 'ignored';
    const meta = parse(metadata, rawMeta, 'invoice metadata');
    const user = await this.#member(tx, meta);
    const subscriptionId = object.parent?.subscription_details?.subscription ?? null;
    // The period this invoice bills is worth its plan's lines, before any credit from an earlier
    // plan: that is what a later plan change credits the unused part of.
    const planLines = (object.lines?.data ?? []).filter(
      (line) => !(line.proration ?? line.parent?.subscription_item_details?.proration) && line.amount > 0,
    );
    const periodValue = planLines.length
      ? planLines.reduce((sum, line) => sum + line.amount, 0)
      : object.amount_paid;
    if (periodValue > INTEGER_MAX)
      throw badRequest('Invalid invoice: its lines add up to more than an amount can be');
    if (subscriptionId) {
      const [sub] = await tx
        .select({ openInvoiceId: subscriptions.openInvoiceId })
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, user.id)));
      if (sub) {
        await tx
          .update(subscriptions)
          .set({
            periodValue,
            periodInvoiceId: object.id,
            ...(sub.openInvoiceId === object.id ? { openInvoiceId: null, openInvoiceAmount: null } : {}),
          })
          .where(eq(subscriptions.id, subscriptionId));
      }
    }
    // A trial's invoice is for nothing: no charge is recorded, the subscription shows the trial.
    if (object.amount_paid === 0) return 'processed';
    const [price] = await this.#prices(tx, meta.trainerId, meta.priceIds.split(','));
    if (!price) throw badRequest('Invalid invoice: no price');
    // A discount only lowers a renewal, and a plan change's charge is at most the new plan's price.
    if (object.amount_paid > price.amount)
      throw badRequest(`Invalid invoice: ${object.amount_paid} is more than the plan's ${price.amount}`);
    const method = object.default_payment_method;
    const [charge] = await tx
      .insert(charges)
      .values({
        id: object.id,
        trainerId: meta.trainerId,
        userId: user.id,
        priceId: price.id,
        amount: object.amount_paid,
        currency: price.currency,
        paid: true,
        paymentMethod: cardLabel(typeof method === 'object' ? method?.card : undefined),
        description: await this.#productName(tx, price),
        invoiceId: object.id,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (charge) await this.#mail.receipt(tx, user, charge);
    return 'processed';
  }

  async #invoiceFailed(tx: Transaction, object: z.infer<typeof invoiceFailed>): Promise<ProcessResult> {
    const details = object.parent?.subscription_details;
    const found = metadata.safeParse(details?.metadata);
    if (!found.success || !details?.subscription) return 'ignored';
    const user = await this.#member(tx, found.data);
    const nextAttempt = object.next_payment_attempt ? new Date(object.next_payment_attempt * 1000) : null;
    const [sub] = await tx
      .update(subscriptions)
      .set({
        failedAttempts: object.attempt_count ?? 1,
        nextPaymentAttempt: nextAttempt,
        openInvoiceId: object.id,
        openInvoiceAmount: object.amount_due,
      })
      .where(and(eq(subscriptions.id, details.subscription), eq(subscriptions.userId, user.id)))
      .returning();
    if (!sub) return 'ignored';
    const [price] = await this.#prices(tx, sub.trainerId, [sub.priceId]);
    if (!price) return 'ignored';
    await this.#mail.paymentFailed(tx, user, {
      plan: await this.#planName(tx, price, user.locale),
      amount: object.amount_due,
      currency: price.currency,
      nextAttempt,
    });
    return 'processed';
  }

  async #chargeSucceeded(
    tx: Transaction,
    object: z.infer<typeof chargeSucceeded>,
    at: Date,
  ): Promise<ProcessResult> {
    // Charges of subscription invoices carry no metadata of ours: they are recorded from invoice.paid.
    const found = metadata.safeParse(object.metadata);
    if (!found.success || !found.data.checkoutSessionId) return 'ignored';
    const meta = found.data;
    const user = await this.#member(tx, meta);
    const session = await this.#session(tx, meta);
    if (!session) return 'ignored';
    const rows = await this.#prices(tx, meta.trainerId, session.priceIds);
    if (!rows.some((p) => p.type === 'one_time'))
      throw badRequest('Invalid charge: the checkout session sold no one-time price');
    // What the checkout page promised is what was charged: its lines, from the quote it stored.
    const promised =
      storedCheckoutPromise(session.quote)?.lines ?? (await this.#quotedLines(tx, rows, session.couponId));
    const lines = promised.flatMap(({ priceId, amount }) => {
      const price = rows.find((r) => r.id === priceId);
      return price ? [{ price, amount }] : [];
    });
    const paymentMethod = cardLabel(object.payment_method_details?.card);
    for (const [i, line] of lines.entries()) {
      const [charge] = await tx
        .insert(charges)
        .values({
          id: lines.length === 1 ? object.id : `${object.id}_${i + 1}`,
          trainerId: meta.trainerId,
          userId: user.id,
          priceId: line.price.id,
          amount: line.amount,
          currency: line.price.currency,
          paid: true,
          paymentMethod,
          description: await this.#productName(tx, line.price),
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (charge) await this.#mail.receipt(tx, user, charge);
    }
    return 'processed';
  }

  /**
   * A refund marks the charge it refunds, found by the charge's id (one-time purchases, each line of
   * a multi-line one) or by its invoice (subscription charges are recorded per invoice).
   */
  async #chargeRefunded(
    tx: Transaction,
    object: z.infer<typeof chargeRefunded>,
    at: Date,
  ): Promise<ProcessResult> {
    if (!object.refunded) return 'ignored';
    const matches = [
      eq(charges.id, object.id),
      like(charges.id, `${object.id.replace(/[%_\\]/g, '\\$&')}\\_%`),
    ];
    if (object.invoice) matches.push(eq(charges.invoiceId, object.invoice));
    const updated = await tx
      .update(charges)
      .set({ refunded: true, refundedAt: at })
      .where(and(or(...matches), eq(charges.refunded, false)))
      .returning({ id: charges.id });
    return updated.length > 0 ? 'processed' : 'ignored';
  }
}

/** The live subscription of a member, if any: the one plan changes go through. */
export async function liveSubscription(db: Database | Transaction, trainerId: string, userId: string) {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.trainerId, trainerId),
        eq(subscriptions.userId, userId),
        sql`${subscriptions.status} in ('trialing', 'active', 'past_due', 'unpaid')`,
      ),
    );
  return sub;
}
