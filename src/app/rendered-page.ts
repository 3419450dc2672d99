// A page the server rendered (decision 118) comes with the data it was rendered from. Put in the
// query cache before the first render, it makes that render draw what the server drew, so React
// hydrates the server's markup instead of replacing it.
import type { QueryClient } from '@tanstack/react-query';
import { RENDERED_PAGE_ELEMENT_ID, type RenderedPageData } from '../../domain/rendered-page.ts';

export function readRenderedPage(doc: Document | undefined = globalThis.document): RenderedPageData | null {
  const text = doc?.getElementById(RENDERED_PAGE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RenderedPageData;
  } catch {
    return null;
  }
}

/** Puts the rendered page's data in the cache, as old as it is (a stale answer is asked for again). */
export function seedRenderedQueries(queryClient: QueryClient, page: RenderedPageData): void {
  for (const query of page.queries) {
    queryClient.setQueryData(query.key, query.data, { updatedAt: query.updatedAt });
  }
}
