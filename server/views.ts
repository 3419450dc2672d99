// The contract's shapes of a plan and a user, built from the database rows. The `customer` part is
// built from the subscription and charge records the payment events wrote.

import { desc, eq, inArray } from 'drizzle-orm';
import type { Plan, User } from '../domain/api-types.ts';
import { chargeSchedule } from '../domain/billing/subscriptions.ts';
import { DEFAULT_LOCALE, type Locale } from '../domain/localized.ts';
import type { components } from '../openapi/schema.d.ts';
import type { UserRow } from './auth/authenticate.ts';
import type { Database } from './db/index.ts';
import { charges, prices, products, subscriptions } from './db/schema.ts';
import { subscriptionTerms } from './payments/billing-terms.ts';

type Subscription = components['schemas']['Subscription'];

export type PriceRow = typeof prices.$inferSelect;

/** A price as the contract's plan, its name in `locale` (English where it has none). */
export function toPlan(price: PriceRow, locale: Locale = DEFAULT_LOCALE): Plan {
  return {
    id: price.id,
    product: price.productId,
    interval: price.interval,
    interval_count: price.intervalCount,
    amount: price.amount,
    currency: price.currency,
    type: price.type,
    nickname: price.nicknames?.[locale] ?? price.nickname,
    trialDays: price.trialDays,
    active: price.active,
  };
}

// Live subscriptions first, then by recency: the first is "the active one" per the spec.
const STATUS_RANK: Record<Subscription['status'], number> = {
  active: 0,
  trialing: 0,
  past_due: 1,
  unpaid: 2,
  incomplete: 3,
  canceled: 4,
};

/** The charge the member will be charged next, as the billing engine projects the renewal. */
async function nextCharge(
  db: Database,
  sub: typeof subscriptions.$inferSelect,
): Promise<Subscription['next_charge']> {
  if (sub.cancelAtPeriodEnd || (sub.status !== 'trialing' && sub.status !== 'active')) return null;
  const { next, currency } = chargeSchedule(await subscriptionTerms(db, sub));
  return next ? { amount: next.amount, currency, date: next.at.toISOString() } : null;
}

export async function toUserView(db: Database, user: UserRow, sessionToken: string): Promise<User> {
  const subs = await db
    .select({ sub: subscriptions, price: prices, productName: products.name })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(products, eq(products.id, prices.productId))
    .where(eq(subscriptions.userId, user.id))
    .orderBy(desc(subscriptions.createdAt));
  const scheduledIds = subs.flatMap(({ sub }) => (sub.scheduledPriceId ? [sub.scheduledPriceId] : []));
  const scheduled = scheduledIds.length
    ? await db.select().from(prices).where(inArray(prices.id, scheduledIds))
    : [];
  const userCharges = await db
    .select()
    .from(charges)
    .where(eq(charges.userId, user.id))
    .orderBy(desc(charges.createdAt));

  const nextCharges = await Promise.all(subs.map(({ sub }) => nextCharge(db, sub)));
  const subscriptionData: Subscription[] = subs
    .map(({ sub, price, productName }, i) => ({
      id: sub.id,
      status: sub.status,
      plan: toPlan(price, user.locale),
      product_name: productName,
      current_period_end: sub.currentPeriodEnd.toISOString(),
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      trial_end: sub.trialEnd?.toISOString() ?? null,
      created: sub.createdAt.toISOString(),
      next_charge: nextCharges[i] ?? null,
      scheduled_plan: (() => {
        const next = scheduled.find((p) => p.id === sub.scheduledPriceId);
        return next ? toPlan(next, user.locale) : null;
      })(),
      payment_method: sub.paymentMethod,
      next_payment_attempt: sub.nextPaymentAttempt?.toISOString() ?? null,
    }))
    .sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status]);

  return {
    _id: user.id,
    token: sessionToken,
    email: user.email,
    email_verified: user.emailVerified,
    profile: {
      name: user.name,
      image: user.image,
      phone: user.phone,
      endPlan_date: user.nativePlanEnd?.toISOString() ?? null,
      subscribed_plan: user.nativePlan,
      subscription_plan_type: user.nativePlanType,
      member_since: user.createdAt.toISOString(),
      locale: user.locale,
    },
    customer: {
      subscriptions: { data: subscriptionData },
      had_trial: user.hadTrial,
      charges: userCharges.map((c) => ({
        id: c.id,
        amount: c.amount,
        currency: c.currency,
        paid: c.paid,
        refunded: c.refunded,
        created: c.createdAt.toISOString(),
        payment_method: c.paymentMethod,
        description: c.description,
        invoice: { lines: { data: [{ price: { id: c.priceId } }] } },
      })),
    },
  };
}
