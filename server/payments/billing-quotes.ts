// The quotes the hosted pages show, read from the database and priced by the billing engine, and
// the digest a page's form carries so that paying or confirming it charges exactly what it showed.
import { createHash } from 'node:crypto';
import { planName, productNameIn } from '../../domain/billing/billing-text.ts';
import { couponUsable } from '../../domain/billing/discounts.ts';
import { billingLocale } from '../../domain/billing/locale.ts';
import {
  type CheckoutQuote,
  checkoutPromise,
  type PlanChangeQuote,
  type PlanChangeRefusal,
  planChangePromise,
  planChangeQuote,
  checkoutQuote as priceCheckout,
} from '../../domain/billing/quotes.ts';
import type { TaxRule } from '../../domain/billing/tax.ts';
import type { Database, Transaction } from '../db/index.ts';
import type { checkoutSessions, UserRow } from '../db/schema.ts';
import { couponTerms, type PriceRow, priceTerms, subscriptionTerms } from './billing-terms.ts';
import { couponById, storeSessionQuote, trainerPricesWithProductNames } from './payments.repository.ts';
import { storedPlanChangePromise } from './promises.ts';
import { liveSubscription } from './subscriptions.repository.ts';
import { memberTaxRule } from './taxes.repository.ts';
import { type PlanChangeTax, planChangeTax, type TaxedCheckoutPromise, taxPromise } from './taxes.ts';

type SessionRow = typeof checkoutSessions.$inferSelect;
type Db = Database | Transaction;

/** JSON with keys sorted: a promise read back from a jsonb column has its keys in another order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A short digest of a promise: the form carries it, and a different one means the page is not the latest. */
export function promiseDigest(promise: unknown): string {
  return createHash('sha256').update(canonical(promise)).digest('base64url').slice(0, 22);
}

/** The session's prices with their products' names in the member's language, in the session's order. */
async function namedPrices(db: Db, session: SessionRow) {
  const rows = await trainerPricesWithProductNames(db, session.trainerId, session.priceIds);
  const locale = billingLocale(session.locale);
  return session.priceIds.flatMap((id) =>
    rows
      .filter((r) => r.price.id === id)
      .map((r) => ({
        price: r.price as PriceRow,
        name: planName(productNameIn(r.product, locale), r.price, locale),
      })),
  );
}

/** A price on the page is no longer sold as it was shown (archived, replaced or dropped by an import). */
type Unavailable = 'unavailable';

export type CheckoutRefusal = Unavailable | 'coupon';

/** The promise of a quote under the member's tax rule; without a rule, exactly the engine's. */
function taxedCheckoutPromise(quote: CheckoutQuote, rule: TaxRule | null): TaxedCheckoutPromise {
  const promise = checkoutPromise(quote);
  if (!rule) return promise;
  const tax = taxPromise(rule, {
    lines: promise.lines.map((l) => l.amount),
    next: promise.next,
    discounted: promise.discounted,
    regular: promise.regular,
    trial: quote.trialDays > 0,
  });
  return { ...promise, tax };
}

/**
 * What the checkout charges if paid now: its prices as they are, the coupon if still usable, and a
 * trial only for a member who has not had one.
 */
export async function quoteCheckout(
  db: Db,
  session: SessionRow,
  user: Pick<UserRow, 'hadTrial'>,
  at: Date,
): Promise<
  | { quote: CheckoutQuote; names: Map<string, string>; promise: TaxedCheckoutPromise }
  | { refused: CheckoutRefusal }
> {
  const lines = await namedPrices(db, session);
  if (lines.length !== session.priceIds.length || lines.some((l) => !l.price.active))
    return { refused: 'unavailable' };
  const currency = lines[0]?.price.currency ?? 'usd';
  const coupon = await couponById(db, session.couponId);
  if (session.couponId && (!coupon || !couponUsable(couponTerms(coupon), currency, at)))
    return { refused: 'coupon' };
  const quote = priceCheckout({
    prices: lines.map((l) => priceTerms(l.price)),
    coupon: coupon ? couponTerms(coupon) : null,
    trialDays: user.hadTrial ? 0 : session.trialDays,
    at,
  });
  const rule = await memberTaxRule(db, session.trainerId, session.userId);
  const promise = taxedCheckoutPromise(quote, rule);
  return { quote, names: new Map(lines.map((l) => [l.price.id, l.name])), promise };
}

export interface PlanChangeOffer {
  quote: PlanChangeQuote;
  /** The engine's promise, with the tax the page states where the member pays tax (decision 173). */
  promise: ReturnType<typeof planChangePromise> & { tax?: PlanChangeTax };
  tax: PlanChangeTax | null;
  subscription: NonNullable<Awaited<ReturnType<typeof liveSubscription>>>;
  fromName: string;
  toName: string;
}

/**
 * The plan change a session asks for, quoted at `at`. The quote a page already showed is kept while
 * it stands (recomputed at its own moment it gives the same promise); otherwise a fresh one is made
 * at `now`. A new plan no longer sold at the page's price is refused, as checkout refuses it: the
 * member starts again from the site, which offers the price that took its place.
 */
export async function quotePlanChange(
  db: Db,
  session: SessionRow,
  now: Date,
): Promise<PlanChangeOffer | { refused: PlanChangeRefusal | Unavailable }> {
  const subscription = await liveSubscription(db, session.trainerId, session.userId);
  if (!subscription) return { refused: 'ended' };
  const [next] = await namedPrices(db, session);
  if (!next) return { refused: 'notRecurring' };
  if (!next.price.active) return { refused: 'unavailable' };
  const terms = await subscriptionTerms(db, subscription);
  const [current] = await namedPrices(db, { ...session, priceIds: [subscription.priceId] });
  const rule = await memberTaxRule(db, session.trainerId, session.userId);
  const offer = (quote: PlanChangeQuote): PlanChangeOffer => {
    const tax = rule && planChangeTax(quote, rule);
    return {
      quote,
      // An untaxed promise, its digest and its page are exactly what they were.
      promise: tax ? { ...planChangePromise(quote), tax } : planChangePromise(quote),
      tax,
      subscription,
      fromName: current?.name ?? subscription.priceId,
      toName: next.name,
    };
  };
  const stored = storedPlanChangePromise(session.quote);
  if (stored && now.getTime() <= stored.validUntil && now.getTime() >= stored.at) {
    const again = planChangeQuote(terms, priceTerms(next.price), new Date(stored.at));
    // A changed rate or country changes the digest: the page is refused and shown afresh.
    if (!('refused' in again) && promiseDigest(offer(again).promise) === promiseDigest(stored))
      return offer(again);
  }
  const fresh = planChangeQuote(terms, priceTerms(next.price), now);
  return 'refused' in fresh ? fresh : offer(fresh);
}

/** Keeps the promise a page is about to show with its session, so confirming it can be checked against it. */
export async function keepPromise(db: Db, sessionId: string, promise: unknown): Promise<void> {
  await storeSessionQuote(db, sessionId, promise as Record<string, unknown>);
}
