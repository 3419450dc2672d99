// What the server hands the SPA with a page it rendered (decision 118): the data the page was
// rendered from, so the SPA's first render, a hydration, draws the same page without asking again.
import type { Locale } from './localized.ts';

/** The id of the JSON block carrying a rendered page's data. */
export const RENDERED_PAGE_ELEMENT_ID = 'rendered-page';

/** A query's data as the SPA's query cache keeps it. */
export interface RenderedQuery {
  key: readonly unknown[];
  data: unknown;
  /** When the server had the data (ms since the epoch): the SPA's staleness counts from it. */
  updatedAt: number;
}

export interface RenderedPageData {
  /** The language the page was rendered in; the SPA hydrates only a page in its own. */
  locale: Locale;
  /** The route's name, as the SPA's route table declares it. */
  route: string;
  queries: RenderedQuery[];
  /**
   * What the page showed that follows the clock: the footer's year and whether the promo banner was
   * within its dates. A browser whose clock says otherwise renders the page afresh.
   */
  clock: { year: number; promoBanner: boolean };
}

/** A rendered page: the markup of the SPA's root element and its data. */
export interface RenderedPage {
  html: string;
  data: RenderedPageData;
}

export interface PageRenderInput {
  /** The address as asked for: path and query string. */
  url: string;
  locale: Locale;
  /** The site settings the shell inlines, in `locale`. */
  settings: unknown;
  /** An API GET answered in this process: its status and JSON body. */
  getJson(path: string): Promise<{ status: number; body: unknown }>;
}

/** The server build's entry (src/server-render.tsx). */
export interface PageRendererModule {
  /** The page at `url` rendered, or null when it is not a public page (or its data is missing). */
  renderPage(input: PageRenderInput): Promise<RenderedPage | null>;
}
