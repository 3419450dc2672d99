// The rows an event names (its member, its checkout session, the prices it sold), found or the event
// refused as naming what is not there, and the names its emails and receipts give them.
import {
  planName as localizedPlanName,
  nicknameIn,
  productNameIn,
} from '../../domain/billing/billing-text.ts';
import { billingLocale } from '../../domain/billing/locale.ts';
import type { Transaction } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import type { PriceRow } from './billing-terms.ts';
import type { Metadata } from './payment-events.ts';
import {
  lockedMember,
  memberCheckoutSession,
  productNames as productNamesOf,
  trainerPriceMatching,
  trainerPrices,
} from './payments.repository.ts';

export async function eventMember(tx: Transaction, meta: Metadata): Promise<UserRow> {
  // Locked: the trial and the one-live-subscription rule are decided on this row, so two
  // fulfilments for one member run one after the other.
  const user = await lockedMember(tx, meta.trainerId, meta.userId);
  if (!user) throw badRequest('events.unknownMember', { userId: meta.userId, trainerId: meta.trainerId });
  return user;
}

/** The prices must all be sold by the trainer the event names; they come back in the order asked. */
export async function soldPrices(
  tx: Transaction,
  trainerId: string,
  priceIds: string[],
): Promise<PriceRow[]> {
  const rows = await trainerPrices(tx, trainerId, priceIds);
  for (const id of priceIds) {
    if (!rows.some((r) => r.id === id)) throw badRequest('events.priceNotSold', { id, trainerId });
  }
  return priceIds.map((id) => rows.find((r) => r.id === id) as PriceRow);
}

/** Our price for a provider's price: ours by id (sandbox), or the Stripe price created for it. */
export function ourPrice(
  tx: Transaction,
  trainerId: string,
  price: {
    id: string;
    lookup_key?: string | null | undefined;
    metadata?: Record<string, string> | null | undefined;
  },
): Promise<PriceRow | undefined> {
  const candidates = [price.id, price.lookup_key, price.metadata?.priceId].filter((v): v is string => !!v);
  return trainerPriceMatching(tx, trainerId, candidates, price.id);
}

/** The checkout session the event's metadata names, if it names one. */
export async function eventSession(tx: Transaction, meta: Metadata) {
  if (!meta.checkoutSessionId) return undefined;
  const session = await memberCheckoutSession(tx, meta.checkoutSessionId, meta.trainerId, meta.userId);
  if (!session) throw badRequest('events.unknownSession', { id: meta.checkoutSessionId });
  return session;
}

/** What a charge records as bought, for the trainer's books: the product's (English) name. */
export async function chargeDescription(tx: Transaction, price: PriceRow): Promise<string> {
  return (await productNamesOf(tx, price.productId))?.name ?? price.nickname ?? price.id;
}

/** The product's name in the member's language. */
async function productNameFor(tx: Transaction, price: PriceRow, locale: string): Promise<string> {
  const product = await productNamesOf(tx, price.productId);
  return product ? productNameIn(product, billingLocale(locale)) : price.id;
}

/** What a receipt names: the plan's nickname in the member's language, else its product's name. */
export async function planNickname(tx: Transaction, price: PriceRow, locale: string): Promise<string> {
  return nicknameIn(price, billingLocale(locale)) ?? (await productNameFor(tx, price, locale));
}

/** The plan's name as the member reads it: the product and the price's nickname, in their language. */
export async function planName(tx: Transaction, price: PriceRow, locale: string): Promise<string> {
  return localizedPlanName(await productNameFor(tx, price, locale), price, billingLocale(locale));
}
