// The trainer's catalogue: the membership with its active recurring plans first, then challenges and
// courses with their one-time plans and page texts. Only active prices are offered.

import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, localized } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { ServerContext } from '../context.ts';
import type { Handlers } from '../contract.ts';
import { prices, products, trainers } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { type PriceRow, toPlan } from '../views.ts';

type OneTimeProduct = components['schemas']['OneTimeProduct'];
type ProductRow = typeof products.$inferSelect;

const PAGE_FIELDS = [
  'challengeImage',
  'challengeHeaderText',
  'challengeSubText',
  'challengeButtonText',
  'subscriptionHeaderText',
  'subscriptionSubText',
  'subscriptionButtonText',
] as const;

export function productHandlers({ db }: ServerContext): Handlers {
  return {
    getProducts: async (request) => {
      const trainerId = request.params.trainerID;
      const locale = request.query.lang ?? DEFAULT_LOCALE;
      const [trainer] = await db.select({ id: trainers.id }).from(trainers).where(eq(trainers.id, trainerId));
      if (!trainer) throw notFound('Unknown trainer');
      const productRows = await db
        .select()
        .from(products)
        .where(eq(products.trainerId, trainerId))
        .orderBy(asc(products.position), asc(products.id));
      const priceRows = await db
        .select()
        .from(prices)
        .where(and(eq(prices.trainerId, trainerId), eq(prices.active, true)))
        .orderBy(asc(prices.amount), asc(prices.id));

      const plansOf = (product: ProductRow, type: PriceRow['type']) =>
        priceRows
          .filter((p) => p.productId === product.id && p.type === type)
          .map((price) => toPlan(price, locale));
      const oneTime = (product: ProductRow): OneTimeProduct =>
        ({
          id: product.id,
          slug: product.slug ?? product.id,
          name: product.name,
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
            name: p.name,
            description: p.description,
            metadata: { typeProduct: p.kind },
            plans: plansOf(p, 'recurring'),
          })),
        challenges: productRows.filter((p) => p.kind === 'challenge').map(oneTime),
        courses: productRows.filter((p) => p.kind === 'course').map(oneTime),
      };
    },
  };
}
