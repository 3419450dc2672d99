// What a member who cannot open an item may buy to open it: the challenge's or course's product with
// its prices, or the membership with the plans that include the entry (a plan-limited entry names
// their lookup keys). Only what is on sale is offered; nothing is when nothing on sale opens it.
import type { Locale } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import { toPlan } from '../accounts/member-view.ts';
import { activePricesOf, productsOf } from '../catalogue/catalogue.repository.ts';
import type { Database } from '../db/index.ts';
import type { Item } from './items.ts';

export type Offer = components['schemas']['LibraryOffer'];

/** The offers of the trainer's catalogue, read once for all the items a page refuses. */
export async function offersOf(db: Database, trainerId: string, locale: Locale) {
  const [products, prices] = await Promise.all([productsOf(db, trainerId), activePricesOf(db, trainerId)]);
  return (item: Item): Offer | null => {
    const rule = item.rule;
    const product =
      rule.kind === 'library'
        ? products.find((p) => p.kind === 'subscription')
        : products.find((p) => p.id === rule.productId);
    if (!product) return null;
    const plans = prices
      .filter((price) => price.productId === product.id)
      .filter(
        (price) =>
          rule.kind !== 'library' ||
          !rule.plans?.length ||
          (price.lookupKey !== null && rule.plans.includes(price.lookupKey)),
      )
      .map((price) => toPlan(price, locale));
    if (plans.length === 0) return null;
    return {
      kind: rule.kind === 'library' ? 'membership' : rule.kind,
      slug: rule.kind === 'library' ? null : product.slug,
      name: product.names?.[locale] ?? product.name,
      plans,
    };
  };
}
