// The public pages rendered to HTML by the API server (decision 118): the SPA's own components, its
// router on a memory history and its query cache filled with the API's answers, rendered once to a
// string. Built for Node by `vite build --ssr` (the components import CSS modules and JSON, which
// Node cannot run as they are); the server loads the result when the build is there.
import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '../domain/localized.ts';
import { LEGAL_PAGES, pageNeeds } from '../domain/pages.ts';
import type { PageRenderInput, RenderedPage, RenderedQuery } from '../domain/rendered-page.ts';
import { App } from './app/app.tsx';
import { createAppRouter, type RouteName } from './app/router.tsx';
import { TRAINER_ID } from './config.ts';
import { contentPageQuery } from './features/content/content-page.queries.ts';
import { type SiteSettings, siteSettingsQuery } from './features/content/site-settings.ts';
import { libraryTexts } from './features/lazy-texts/lazy-texts.ts';
import { type Products, productForSlug, productsQuery } from './features/products/products.queries.ts';
import { sampleQuery } from './features/samples/sample.queries.ts';
import { readPageLocaleFrom } from './lib/locale.ts';
import { isBannerActive } from './lib/promo-banner.ts';
import { preloadPricing } from './screens/home/preload-pricing.ts';
import { createI18n } from './text/i18n.ts';

/**
 * The pages anyone may open, rendered for a visitor or for the signed-in member the session cookie
 * names (decision 127); a member's own pages and the flows' stay rendered in the browser.
 */
const PUBLIC_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'Home',
  'Challenge',
  'Course',
  'Privacy',
  'Terms',
  'Content Page',
]);

// Renders of several languages can be under way at once: each reads its own.
const renderingLocale = new AsyncLocalStorage<Locale>();
readPageLocaleFrom(() => renderingLocale.getStore());

export function renderPage(input: PageRenderInput): Promise<RenderedPage | null> {
  return renderingLocale.run(input.locale, () => render(input));
}

/** The API call a public page's screen makes first, and where its answer goes in the query cache. */
function pageQuery(pathname: string, locale: Locale) {
  const path = pathname.replace(/\/+$/, '') || '/';
  const products = {
    call: `/api/trainer/${encodeURIComponent(TRAINER_ID)}/products?lang=${locale}`,
    key: productsQuery(TRAINER_ID, locale).queryKey,
    data: (body: unknown) => body,
  };
  if (path === '/') return products;
  const needs = pageNeeds(path, locale, TRAINER_ID);
  if (!needs) return null;
  if (needs.call.startsWith('/api/trainer/')) return products;
  const slug = LEGAL_PAGES.find((page) => page.path === path)?.slug ?? path.slice(1);
  return {
    call: needs.call,
    key: contentPageQuery(slug, locale).queryKey,
    data: (body: unknown) => (body as { page?: unknown }).page,
  };
}

const OFFER_PATH = /^\/(challenge|course)(?:\/([^/]+))?\/?$/;

/**
 * A challenge's or course's page shows its sample below the offer: asked here too, so it is in the
 * page (a product the CMS has no program for has none: its 404 is kept as the answer, null).
 */
async function sampleOf(
  pathname: string,
  locale: Locale,
  products: Products,
  getJson: PageRenderInput['getJson'],
): Promise<Omit<RenderedQuery, 'updatedAt'> | null> {
  const match = OFFER_PATH.exec(pathname);
  if (!match) return null;
  const kind = match[1] === 'course' ? 'course' : 'challenge';
  const product = productForSlug(kind === 'course' ? products.courses : products.challenges, match[2]);
  if (!product) return null;
  const answer = await getJson(
    `/api/content/samples/${kind}/${encodeURIComponent(product.slug)}?lang=${locale}`,
  );
  const key = sampleQuery(kind, product.slug, locale).queryKey;
  if (answer.status === 404) return { key, data: null };
  if (answer.status !== 200) return null;
  return { key, data: (answer.body as { sample: unknown }).sample };
}

async function render({ url, locale, settings, member, getJson }: PageRenderInput) {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const needs = pageQuery(pathname, locale);
  if (!needs) return null;
  const answer = await getJson(needs.call);
  // A page whose data is missing (an unknown content page, the catalogue down) is left to the SPA.
  if (answer.status !== 200) return null;

  const updatedAt = Date.now();
  const queries: RenderedQuery[] = [{ key: needs.key, data: needs.data(answer.body), updatedAt }];
  const sample = await sampleOf(pathname, locale, answer.body as Products, getJson);
  if (sample) queries.push({ ...sample, updatedAt });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const query of queries) queryClient.setQueryData(query.key, query.data, { updatedAt });
  queryClient.setQueryData(siteSettingsQuery(undefined, locale).queryKey, settings as SiteSettings | null);

  const i18n = await createI18n(locale);
  const router = createAppRouter({ queryClient }, createMemoryHistory({ initialEntries: [url] }));
  // A render has no scroll to restore, and the router's script for it would be inline.
  router.update({ ...router.options, scrollRestoration: false });
  await router.load();
  const leaf = router.state.matches.at(-1);
  const route = leaf?.staticData.name;
  if (!route || !PUBLIC_ROUTES.has(route) || router.state.matches.some((m) => m.status !== 'success'))
    return null;
  // Home's prices are a lazy part of the page: loaded here, they render with it.
  if (route === 'Home') await preloadPricing(i18n);
  // The sample's words are the members' area's, a lazy catalogue.
  if (route === 'Challenge' || route === 'Course') await libraryTexts.load(i18n, locale);

  const html = renderToString(
    <StrictMode>
      <App
        router={router}
        queryClient={queryClient}
        i18n={i18n}
        // The member's view as it is drawn: the token is no part of it.
        member={member ? { ...member, token: '' } : null}
      />
    </StrictMode>,
  );
  // A part that suspended went out as its fallback, marked for the browser to render: the page
  // would hydrate with an error and show a spinner where the server had nothing to say.
  if (html.includes('<!--$!-->')) throw new Error(`A part of ${pathname} suspended on the server`);
  const now = new Date();
  const clock = {
    year: now.getFullYear(),
    promoBanner: isBannerActive((settings as SiteSettings | null)?.banner, now),
  };
  return { html, data: { locale, route, member: member ?? null, queries, clock } };
}
