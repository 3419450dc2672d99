import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type AnyRouter, RouterContextProvider, RouterProvider } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { siteSettingsQuery } from '../features/content/site-settings.ts';
import { AppSessionProvider, SessionProvider, type SessionValue, SignupModalSlot } from './session.tsx';
import { buildTheme } from './theme.ts';

function ThemedRouter({ router }: { router: AnyRouter }) {
  const { data: settings } = useQuery(siteSettingsQuery());
  const theme = useMemo(() => buildTheme(settings ?? null), [settings]);
  return (
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
      {/* The modal sits over every route, so it lives beside the matches with the router's context. */}
      <RouterContextProvider router={router}>
        <SignupModalSlot />
      </RouterContextProvider>
    </MantineProvider>
  );
}

export interface AppProps {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
  /** A fixed session (screen tests); without it the app runs the session flows. */
  session?: SessionValue;
}

export function App({ router, queryClient, i18n, session }: AppProps) {
  const themed = <ThemedRouter router={router} />;
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {session ? (
          <SessionProvider value={session}>{themed}</SessionProvider>
        ) : (
          <AppSessionProvider router={router} queryClient={queryClient} i18n={i18n}>
            {themed}
          </AppSessionProvider>
        )}
      </I18nextProvider>
    </QueryClientProvider>
  );
}
