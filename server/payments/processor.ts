// The one place payment events change the database, for Stripe's signed webhooks and the sandbox's
// events alike. Each event id is recorded in webhook_events in the same transaction as its effects,
// so a redelivered or concurrently delivered event changes nothing the second time. A subscription
// event older than the last one applied to that subscription is ignored. Amounts come from the
// price and coupon rows, never from the event: the event only says that the member paid.
import { and, eq, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/index.ts';
import {
  charges,
  checkoutSessions,
  coupons,
  prices,
  products,
  subscriptions,
  users,
  webhookEvents,
} from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { type PriceRow, priceLines } from './pricing.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const metadata = z.looseObject({
  trainerId: z.string().min(1),
  userId: z.string().min(1),
  checkoutSessionId: z.string().min(1).optional(),
  priceIds: z.string().min(1),
});

const eventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().positive(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

const checkoutCompleted = z.looseObject({
  id: z.string(),
  customer: z.string().nullish(),
  mode: z.enum(['payment', 'subscription', 'setup']),
  metadata,
});

const timestamp = z.number().int().positive();

const subscriptionObject = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  trial_end: timestamp.nullish(),
  // Older API versions put the period on the subscription, newer ones on each item.
  current_period_end: timestamp.optional(),
  items: z
    .looseObject({ data: z.array(z.looseObject({ current_period_end: timestamp.optional() })) })
    .optional(),
  metadata,
});

const cardDetails = z.looseObject({ brand: z.string(), last4: z.string() });

const invoicePaid = z.looseObject({
  id: z.string().min(1),
  amount_paid: z.number().int().min(0),
  billing_reason: z.string().nullish(),
  parent: z
    .looseObject({ subscription_details: z.looseObject({ metadata: z.unknown() }).nullish() })
    .nullish(),
  subscription_details: z.looseObject({ metadata: z.unknown() }).nullish(),
  default_payment_method: z.union([z.string(), z.looseObject({ card: cardDetails.optional() })]).nullish(),
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

export class PaymentProcessor {
  readonly #db: Database;
  readonly #gateway: 'sandbox' | 'stripe';

  constructor(db: Database, gateway: 'sandbox' | 'stripe') {
    this.#db = db;
    this.#gateway = gateway;
  }

  async process(input: unknown): Promise<ProcessResult> {
    const event = parse(eventEnvelope, input, 'event');
    return this.#db.transaction(async (tx) => {
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
      if (!metadata.safeParse(object.metadata).success && OWN_METADATA_TYPES.has(event.type))
        return 'ignored';
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
        case 'invoice.paid':
          return this.#invoicePaid(tx, parse(invoicePaid, object, 'invoice'), at);
        case 'charge.succeeded':
          return this.#chargeSucceeded(tx, parse(chargeSucceeded, object, 'charge'), at);
        default:
          return 'ignored';
      }
    });
  }

  async #member(tx: Transaction, meta: z.infer<typeof metadata>) {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, meta.userId), eq(users.trainerId, meta.trainerId)));
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
          eq(checkoutSessions.kind, 'checkout'),
        ),
      );
    if (!session) throw badRequest(`Unknown checkout session ${meta.checkoutSessionId}`);
    return session;
  }

  async #coupon(tx: Transaction, couponId: string | null) {
    if (!couponId) return null;
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId));
    return coupon ?? null;
  }

  async #productName(tx: Transaction, price: PriceRow): Promise<string> {
    const [product] = await tx
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, price.productId));
    return product?.name ?? price.nickname ?? price.id;
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
    const priceIds = meta.priceIds.split(',');
    const [price] = await this.#prices(tx, meta.trainerId, priceIds);
    if (priceIds.length !== 1 || price?.type !== 'recurring') {
      throw badRequest(`A subscription needs exactly one recurring price, not ${meta.priceIds}`);
    }
    const periodEnd = object.current_period_end ?? object.items?.data[0]?.current_period_end;
    if (!periodEnd) throw badRequest('Invalid subscription: current_period_end is missing');
    const status = deleted ? 'canceled' : SUBSCRIPTION_STATUS[object.status];
    if (!status) throw badRequest(`Invalid subscription: unknown status ${object.status}`);
    const values = {
      status,
      currentPeriodEnd: new Date(periodEnd * 1000),
      cancelAtPeriodEnd: object.cancel_at_period_end,
      trialEnd: object.trial_end ? new Date(object.trial_end * 1000) : null,
      lastEventAt: at,
    };
    await tx
      .insert(subscriptions)
      .values({
        id: object.id,
        trainerId: meta.trainerId,
        userId: user.id,
        priceId: price.id,
        createdAt: at,
        ...values,
      })
      .onConflictDoUpdate({
        target: subscriptions.id,
        set: values,
        // An event created before the last one applied describes an older state: it loses.
        setWhere: and(
          lte(subscriptions.lastEventAt, at),
          eq(subscriptions.userId, user.id),
          eq(subscriptions.trainerId, meta.trainerId),
        ),
      });
    if (object.trial_end && !user.hadTrial) {
      await tx.update(users).set({ hadTrial: true }).where(eq(users.id, user.id));
    }
    return 'processed';
  }

  async #invoicePaid(tx: Transaction, object: z.infer<typeof invoicePaid>, at: Date): Promise<ProcessResult> {
    const rawMeta = object.parent?.subscription_details?.metadata ?? object.subscription_details?.metadata;
    // An invoice of something not sold through this API (no metadata of ours) is not ours to record.
    if (!metadata.safeParse(rawMeta).success) return 'ignored';
    const meta = parse(metadata, rawMeta, 'invoice metadata');
    // A trial's invoice is for nothing: no charge is recorded, the subscription shows the trial.
    if (object.amount_paid === 0) return 'processed';
    const user = await this.#member(tx, meta);
    const [price] = await this.#prices(tx, meta.trainerId, meta.priceIds.split(','));
    if (!price) throw badRequest('Invalid invoice: no price');
    const firstInvoice = object.billing_reason === 'subscription_create';
    const session = firstInvoice ? await this.#session(tx, meta) : undefined;
    const coupon = await this.#coupon(tx, session?.couponId ?? null);
    const [line] = priceLines([price], coupon);
    const method = object.default_payment_method;
    await tx
      .insert(charges)
      .values({
        id: object.id,
        trainerId: meta.trainerId,
        userId: user.id,
        priceId: price.id,
        amount: line?.amount ?? price.amount,
        currency: price.currency,
        paid: true,
        paymentMethod: cardLabel(typeof method === 'object' ? method?.card : undefined),
        description: await this.#productName(tx, price),
        invoiceId: object.id,
        createdAt: at,
      })
      .onConflictDoNothing();
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
    const oneTime = rows.filter((p) => p.type === 'one_time');
    if (oneTime.length === 0) throw badRequest('Invalid charge: the checkout session sold no one-time price');
    const lines = priceLines(oneTime, await this.#coupon(tx, session.couponId));
    const paymentMethod = cardLabel(object.payment_method_details?.card);
    for (const [i, line] of lines.entries()) {
      await tx
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
        .onConflictDoNothing();
    }
    return 'processed';
  }
}
