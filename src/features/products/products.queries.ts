import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../../domain/localized.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { call } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';
import { TRAINER_ID } from '../../config.ts';
import { pageLocale } from '../../lib/locale.ts';

export type Products = components['schemas']['Products'];
export type OneTimeProduct = components['schemas']['OneTimeProduct'];

/** The catalogue with the trainer's texts (product pages, plan names) in the page's language. */
export function productsQuery(trainerId: string = TRAINER_ID, lang: Locale = pageLocale()) {
  return queryOptions({
    queryKey: ['products', trainerId, lang],
    queryFn: async () => {
      const result = await call(
        api.GET('/api/trainer/{trainerID}/products', {
          params: { path: { trainerID: trainerId }, query: { lang } },
        }),
      );
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
    staleTime: 5 * 60_000,
    // After a language switch the plans stay on screen until their names arrive in the new language.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The product a challenge or course path names, or the first one when the path has no slug. */
export function productForSlug(
  products: ReadonlyArray<OneTimeProduct> | undefined,
  slug: string | undefined,
): OneTimeProduct | undefined {
  if (!products) return undefined;
  return slug ? products.find((p) => p.slug === slug) : products[0];
}
