// What the server hands the SPA with a page it rendered (decision 118): the data the page was
// rendered from, so the SPA's first render, a hydration, draws the same page without asking again.
import type { User } from './api-types.ts';
import type { Locale } from './localized.ts';

/** The id of the JSON block carrying a rendered page's data. */
export const RENDERED_PAGE_ELEMENT_ID = 'rendered-page';

/**
 * The signed-in member a page was rendered for (decision 127): their view as GET /api/user gives it,
 * but for the session's token, which no page carries (a page saved or shown is no key to the account).
 */
export type PageMember = Omit<User, 'token'>;

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
  /** Whom the page was rendered for: the member the session cookie named, or null (a visitor). */
  member: PageMember | null;
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
  /** The signed-in member to render the page for; a visitor's page without. */
  member?: PageMember;
  /** An API GET answered in this process: its status and JSON body. */
  getJson(path: string): Promise<{ status: number; body: unknown }>;
}

/** The server build's entry (src/server-render.tsx). */
export interface PageRendererModule {
  /** The page at `url` rendered, or null when it is not a public page (or its data is missing). */
  renderPage(input: PageRenderInput): Promise<RenderedPage | null>;
}
