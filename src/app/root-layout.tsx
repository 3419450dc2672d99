import { Outlet, useLocation, useRouterState } from '@tanstack/react-router';
import { type RefObject, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../components/footer/site-footer.tsx';
import { NavBar } from '../components/nav-bar/nav-bar.tsx';
import { useDocumentTitle } from '../features/content/document-title.ts';
import { useActiveRoute } from '../features/products/route-state.ts';
import { useServices } from '../integrations/integrations-context.tsx';
import { focusHeadingOf } from '../lib/heading-focus.ts';
import classes from './root-layout.module.css';

/**
 * After a move to another page inside the site (not on the first load, where the browser starts at
 * the top), the new page's heading takes the focus: the link that had it is often gone with the old
 * page, which would leave the focus on the body and a screen reader silent. Read from the rendered
 * location, so the old page's heading is not the one found.
 */
function useRouteHeadingFocus(main: RefObject<HTMLElement | null>) {
  const rendered = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const firstPage = useRef<string | null>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!rendered || !main.current) return;
    firstPage.current ??= rendered;
    if (!moved.current && rendered === firstPage.current) return;
    moved.current = true;
    return focusHeadingOf(main.current, 'h1', { keepScroll: true });
  }, [main, rendered]);
}

export function RootLayout() {
  const { t } = useTranslation();
  const route = useActiveRoute();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { analytics } = useServices();
  const main = useRef<HTMLElement>(null);

  // Content pages title themselves once their page has loaded; challenge paths keep the title.
  useDocumentTitle(
    route.titleKey ? t(`titles.${route.titleKey}`) : null,
    !route.contentTitle && !route.pageView,
  );
  useEffect(() => {
    if (route.pageView) analytics.send('page_view', { path: pathname });
  }, [analytics, route.pageView, pathname]);

  useRouteHeadingFocus(main);

  return (
    <div className={classes.page}>
      {route.hideNavBar ? null : <NavBar />}
      <main ref={main} className={classes.main}>
        {/* A spinner of its own: Mantine's Loader would put its code on every first load for a
            fallback the router rarely lets show (it loads a screen's code before rendering it). */}
        <Suspense
          fallback={<span role="status" className={classes.loader} aria-label={t('content.loading')} />}
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
