import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../../domain/localized.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { call } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';
import { pageLocale } from '../../lib/locale.ts';

export type ProductSample = components['schemas']['ProductSample'];

/** The free first day or lesson of a challenge or course, and the others' titles (public). */
export function sampleQuery(kind: 'challenge' | 'course', slug: string, lang: Locale = pageLocale()) {
  return queryOptions({
    queryKey: ['sample', kind, slug, lang],
    queryFn: async () => {
      const result = await call(
        api.GET('/api/content/samples/{kind}/{slug}', {
          params: { path: { kind, slug }, query: { lang } },
        }),
      );
      // No program or course in the CMS for this product: the page shows no sample.
      if (!result.ok && result.status === 404) return null;
      if (!result.ok) throw new Error(result.message);
      return result.data.sample;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
