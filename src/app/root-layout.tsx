import { Outlet, useLocation } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../components/footer/site-footer.tsx';
import { NavBar } from '../components/nav-bar/nav-bar.tsx';
import { useDocumentTitle } from '../features/content/document-title.ts';
import { useActiveRoute } from '../features/products/route-state.ts';
import { useServices } from '../integrations/integrations-context.tsx';
import classes from './root-layout.module.css';

export function RootLayout() {
  const { t } = useTranslation();
  const route = useActiveRoute();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { analytics } = useServices();

  // Content pages title themselves once their page has loaded; challenge paths keep the title.
  useDocumentTitle(
    route.titleKey ? t(`titles.${route.titleKey}`) : null,
    !route.contentTitle && !route.pageView,
  );
  useEffect(() => {
    if (route.pageView) analytics.send('page_view', { path: pathname });
  }, [analytics, route.pageView, pathname]);

  return (
    <div className={classes.page}>
      {route.hideNavBar ? null : <NavBar />}
      <main className={classes.main}>
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
