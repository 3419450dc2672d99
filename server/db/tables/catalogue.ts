// What a trainer sells: products, their prices, and coupons.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../domain/localized.ts';
import { BILLING_INTERVALS, COUPON_DURATIONS } from '../../../openapi/contract-values.ts';
import { ts } from './columns.ts';
import { trainers } from './members.ts';

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => trainers.id),
    kind: text('kind', { enum: ['subscription', 'challenge', 'course'] }).notNull(),
    slug: text('slug'),
    name: text('name').notNull(),
    /** The product's name in other languages than English (`{ es: 'Membresía de coaching' }`); `name` is English's. */
    names: jsonb('names').$type<Partial<Record<Locale, string>>>(),
    description: text('description'),
    /** The page texts of a challenge or course (challengeHeaderText, …). */
    page: jsonb('page').$type<Record<string, string | null | Partial<Record<Locale, string>>>>(),
    position: integer('position').notNull().default(0),
    /** False once archived: off the catalogue with all its prices; its members keep what they bought. */
    active: boolean('active').notNull().default(true),
    gatewayProductId: text('gateway_product_id'),
  },
  (t) => [uniqueIndex('products_trainer_slug_idx').on(t.trainerId, t.kind, t.slug)],
);

export const prices = pgTable(
  'prices',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => trainers.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    type: text('type', { enum: ['one_time', 'recurring'] }).notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }),
    intervalCount: integer('interval_count'),
    nickname: text('nickname'),
    /** The plan's name in other languages than English (`{ es: 'Mensual' }`); `nickname` is English's. */
    nicknames: jsonb('nicknames').$type<Partial<Record<Locale, string>>>(),
    trialDays: integer('trial_days'),
    active: boolean('active').notNull().default(true),
    /**
     * The price's name in a catalogue file (decision 121), as Stripe's lookup key: it outlives the
     * price, passing to the price that replaces a sold one, so a file names "monthly" whatever its id.
     */
    lookupKey: text('lookup_key'),
    /** The Stripe price this maps to, when Stripe is the gateway. */
    gatewayPriceId: text('gateway_price_id'),
  },
  (t) => [
    index('prices_product_idx').on(t.productId),
    uniqueIndex('prices_trainer_lookup_key_idx').on(t.trainerId, t.lookupKey).where(sql`${t.active}`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => trainers.id),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    currency: text('currency'),
    active: boolean('active').notNull().default(true),
    expiresAt: ts('expires_at'),
    /** As Stripe's coupons: the first paid invoice only, the invoices of N months, or every invoice. */
    duration: text('duration', { enum: COUPON_DURATIONS }).notNull().default('once'),
    durationInMonths: integer('duration_in_months'),
    /** How many completed checkouts may use it; null: no limit. */
    maxRedemptions: integer('max_redemptions'),
    /** The prices it may be used on; null: any of the trainer's. */
    priceIds: jsonb('price_ids').$type<string[]>(),
  },
  (t) => [uniqueIndex('coupons_trainer_code_idx').on(t.trainerId, sql`lower(${t.code})`)],
);
