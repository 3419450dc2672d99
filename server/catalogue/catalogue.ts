// The trainer's catalogue: the membership with its active recurring plans first, then challenges and
// courses with their one-time plans and page texts, in the member's language.
import { type Locale, localized } from '../../domain/localized.ts';
import { PAGE_FIELDS } from '../../openapi/contract-values.ts';
import type { components } from '../../openapi/schema.d.ts';
import { type PriceRow, toPlan } from '../accounts/member-view.ts';
import type { Database } from '../db/index.ts';
import { activePricesOf, type ProductRow, productsOf, trainerExists } from './catalogue.repository.ts';

export type Products = components['schemas']['Products'];
type OneTimeProduct = components['schemas']['OneTimeProduct'];

/** The catalogue of a trainer, or null for an unknown trainer. */
export async function loadCatalogue(
  db: Database,
  trainerId: string,
  locale: Locale,
): Promise<Products | null> {
  if (!(await trainerExists(db, trainerId))) return null;
  const productRows = await productsOf(db, trainerId);
  const priceRows = await activePricesOf(db, trainerId);

  const plansOf = (product: ProductRow, type: PriceRow['type']) =>
    priceRows
      .filter((p) => p.productId === product.id && p.type === type)
      .map((price) => toPlan(price, locale));
  const oneTime = (product: ProductRow): OneTimeProduct =>
    ({
      id: product.id,
      slug: product.slug ?? product.id,
      name: product.names?.[locale] ?? product.name,
      description: product.description,
      metadata: { typeProduct: product.kind },
      plans: plansOf(product, 'one_time'),
      // Page texts may be written per language, as in the CMS.
      ...Object.fromEntries(
        PAGE_FIELDS.map((field) => [field, localized(product.page?.[field], locale) ?? null]),
      ),
    }) as OneTimeProduct;

  return {
    success: true,
    subscriptions: productRows
      .filter((p) => p.kind === 'subscription')
      .map((p) => ({
        id: p.id,
        name: p.names?.[locale] ?? p.name,
        description: p.description,
        metadata: { typeProduct: p.kind },
        plans: plansOf(p, 'recurring'),
      })),
    challenges: productRows.filter((p) => p.kind === 'challenge').map(oneTime),
    courses: productRows.filter((p) => p.kind === 'course').map(oneTime),
  };
}
