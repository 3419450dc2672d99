import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../../domain/localized.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { call } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';
import { pageLocale } from '../../lib/locale.ts';

export type ContentPage = components['schemas']['ContentPage'];

export class ContentPageError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export function contentPageQuery(slug: string, lang: Locale = pageLocale()) {
  return queryOptions({
    queryKey: ['content', 'page', slug, lang],
    queryFn: async () => {
      const result = await call(
        api.GET('/api/content/pages/{slug}', { params: { path: { slug }, query: { lang } } }),
      );
      if (!result.ok) throw new ContentPageError(result.message, result.status);
      return result.data.page;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
