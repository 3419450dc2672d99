import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { siteSettingsQuery } from '../features/content/site-settings.ts';
import { SessionProvider, type SessionValue } from './session.tsx';
import { buildTheme } from './theme.ts';

function ThemedRouter({ router }: { router: AnyRouter }) {
  const { data: settings } = useQuery(siteSettingsQuery());
  const theme = useMemo(() => buildTheme(settings ?? null), [settings]);
  return (
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

export interface AppProps {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
  session: SessionValue;
}

export function App({ router, queryClient, i18n, session }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider value={session}>
          <ThemedRouter router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
