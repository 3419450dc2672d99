// Our prices as Stripe prices. Checkout sends price_data, so a price reaches Stripe only when the
// Billing Portal confirms a plan change to it: that flow names a Stripe price, created once per
// price and amount (found again by its lookup key). When the operator stops selling one of our
// prices (raised, archived, or dropped by a catalogue import), its Stripe price is archived too:
// Stripe accepts only active prices in a subscription update, so a portal page opened before
// confirms nothing at the old price, as our own pages refuse it (decision 091's quote that no longer
// holds). Subscriptions already on it go on renewing, by Stripe's rule and ours.
//
// Archiving may be repeated (an archived price is archived again), which lets a failed admin call be
// retried, Stripe first and then the database, as the coupons are (decision 122).
import Stripe from 'stripe';
import { HttpError } from '../errors.ts';
import type { PriceRow } from './billing-terms.ts';

type StripePriceSource = Pick<PriceRow, 'id' | 'amount' | 'gatewayPriceId'>;

/** One Stripe price per price and amount: a sold price's amount never changes (it is replaced). */
const lookupKeyOf = (price: Pick<PriceRow, 'id' | 'amount'>) => `${price.id}-${price.amount}`;

/** A plan change's Stripe price: the one made for our price before, or a new one. */
export async function stripePriceFor(stripe: Stripe, price: PriceRow): Promise<string> {
  if (price.gatewayPriceId) return price.gatewayPriceId;
  const lookupKey = lookupKeyOf(price);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
  const existing = found.data[0];
  if (existing) return existing.id;
  const created = await stripe.prices.create(
    {
      currency: price.currency,
      unit_amount: price.amount,
      lookup_key: lookupKey,
      metadata: { priceId: price.id },
      product_data: { name: price.nickname ?? price.id },
      ...(price.interval
        ? { recurring: { interval: price.interval, interval_count: price.intervalCount ?? 1 } }
        : {}),
    },
    { idempotencyKey: `price-${lookupKey}` },
  );
  return created.id;
}

/**
 * Archives the Stripe price a plan change to `price` would name, if Stripe has one: its stored id, or
 * the one found by its lookup key. A price no change ever named has none, and nothing is asked.
 */
export async function archiveStripePrice(stripe: Stripe, price: StripePriceSource): Promise<void> {
  try {
    const ids = new Set(price.gatewayPriceId ? [price.gatewayPriceId] : []);
    const found = await stripe.prices.list({ lookup_keys: [lookupKeyOf(price)], active: true, limit: 1 });
    for (const p of found.data) ids.add(p.id);
    for (const id of ids) await stripe.prices.update(id, { active: false });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    throw new HttpError(502, 'admin.stripePriceArchiveFailed', { id: price.id, reason: error.message });
  }
}
