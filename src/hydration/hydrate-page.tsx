// A page the server rendered (decision 118) comes with the data it was rendered from. Put in the
// query cache before the first render, it makes that render draw what the server drew, so React
// hydrates the server's markup instead of replacing it. This module loads only with such a page (the
// server asks for it with the page), so a page rendered in the browser carries none of it.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import { type ReactNode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { User } from '../../domain/api-types.ts';
import type { RenderedPageData } from '../../domain/rendered-page.ts';
import { readInlinedSettings } from '../features/content/site-settings.ts';
import { isBannerActive } from '../lib/promo-banner.ts';
import { peekStoredUser } from '../lib/stored-user.ts';
import { preloadPricing } from '../screens/home/preload-pricing.ts';

/** A rendered page as the app starts on it. */
export interface PreparedPage {
  /**
   * Whom the server rendered it for (decision 127), the app's first render shows them too: with the
   * token this browser keeps for that member (a page carries none), or none.
   */
  member: User | null;
  /** Hydrates the page when the browser renders the same; false when it must render afresh. */
  hydrate(root: HTMLElement, app: ReactNode, router: AnyRouter, i18n: i18n): Promise<boolean>;
}

/**
 * Reads the rendered page's data (the text of the block RENDERED_PAGE_ELEMENT_ID names) and puts it
 * in the cache, as old as it is (a stale answer is asked for again). Its `hydrate` hydrates the page
 * when the browser would render the same: the page's member or visitor (the first render shows whom
 * the server rendered it for), in the language this browser reads, at a time that shows what the
 * server's showed. Another language chosen here, or a clock past the promo banner's dates or into
 * another year renders afresh; false then, and the server's page shows until that render.
 */
export function prepare(queryClient: QueryClient, text: string): PreparedPage | null {
  let page: RenderedPageData;
  try {
    page = JSON.parse(text) as RenderedPageData;
  } catch {
    return null;
  }
  for (const query of page.queries) {
    queryClient.setQueryData(query.key, query.data, { updatedAt: query.updatedAt });
  }
  const hydrate = async (root: HTMLElement, app: ReactNode, router: AnyRouter, i18n: i18n) => {
    const now = new Date();
    const settings = readInlinedSettings()?.settings;
    if (
      page.locale !== i18n.language ||
      page.clock.year !== now.getFullYear() ||
      page.clock.promoBanner !== isBannerActive(settings?.banner, now)
    ) {
      return false;
    }
    // The router renders its matches as its own server render did, without a Suspense boundary of
    // its own around them.
    router.ssr = { manifest: undefined };
    // Home's prices are a lazy part, loaded before hydrating so they hydrate with the rest.
    if (page.route === 'Home') await preloadPricing(i18n).catch(() => {});
    // A challenge's or course's sample speaks in the members' area's words, a lazy catalogue.
    if (page.route === 'Challenge' || page.route === 'Course')
      await import('../features/lazy-texts/lazy-texts.ts')
        .then((texts) => texts.libraryTexts.load(i18n, i18n.language))
        .catch(() => {});
    // From here React sees the presses itself (it hydrates first what is pressed); the earlier ones
    // are made again once their button is hydrated (start.ts).
    // As a transition, React hydrates in slices of a few milliseconds, as the browser's own first
    // render does: one long task would hold every tap on the page for the whole hydration.
    startTransition(() => {
      hydrateRoot(root, app, {
        // A mismatch React recovered from (by rendering afresh) is a defect the browser tests catch.
        onRecoverableError: (error) => console.error('Hydration: recovered from an error', error),
      });
    });
    return true;
  };
  const { member = null } = page;
  const stored = peekStoredUser();
  return { member: member && { ...member, token: stored?._id === member._id ? stored.token : '' }, hydrate };
}
