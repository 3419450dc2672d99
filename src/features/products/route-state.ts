// Client state the spec keeps at the root that follows from the route: which route is active, and
// on a challenge or course path, which product it shows.
import { useQuery } from '@tanstack/react-query';
import { type StaticDataRouteOption, useMatches, useParams } from '@tanstack/react-router';
import { type OneTimeProduct, productForSlug, productsQuery } from './products.queries.ts';

/** The static data of the deepest matched route. */
export function useActiveRoute(): StaticDataRouteOption {
  return useMatches({ select: (matches) => matches[matches.length - 1]?.staticData ?? {} });
}

export interface ActiveChallenge {
  type: 'challenge' | 'course';
  slug: string | undefined;
  product: OneTimeProduct | undefined;
  /** The products query state, so a screen can tell "loading" from "no such product". */
  status: 'pending' | 'error' | 'success';
}

/** The challenge or course of the current path, or null outside those paths. */
export function useActiveChallenge(): ActiveChallenge | null {
  const { name } = useActiveRoute();
  const params = useParams({ strict: false }) as { slug?: string };
  const products = useQuery(productsQuery());
  const type =
    name === 'Challenge' || name === 'Custom Challenge Confirmation'
      ? 'challenge'
      : name === 'Course' || name === 'Custom Course Confirmation'
        ? 'course'
        : null;
  if (!type) return null;
  const list = type === 'challenge' ? products.data?.challenges : products.data?.courses;
  return { type, slug: params.slug, product: productForSlug(list, params.slug), status: products.status };
}
