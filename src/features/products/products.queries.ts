import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { call } from '../../api/client.ts';
import { api } from '../../app/api.ts';
import { TRAINER_ID } from '../../config.ts';

export type Products = components['schemas']['Products'];
export type OneTimeProduct = components['schemas']['OneTimeProduct'];

export function productsQuery(trainerId: string = TRAINER_ID) {
  return queryOptions({
    queryKey: ['products', trainerId],
    queryFn: async () => {
      const result = await call(
        api.GET('/api/trainer/{trainerID}/products', { params: { path: { trainerID: trainerId } } }),
      );
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
    staleTime: 5 * 60_000,
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
