// The studio's providers: the trainer's brand as the Mantine theme (from the settings the shell
// inlined, as on the public pages, decision 011), the queries, the texts and the router.
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { buildTheme, cssVariablesResolver } from '../app/theme.ts';
import { readInlinedSettings, type SiteSettings } from '../features/content/site-settings.ts';
import { whenSessionEnds } from './api.ts';
import { studioKeys } from './queries.ts';

const styleNonce = globalThis.document?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
const nonceProps = styleNonce ? { getStyleNonce: () => styleNonce } : {};

export interface StudioAppProps {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
  /** The brand (tests give it; the page reads it from the shell). */
  settings?: SiteSettings | null;
}

export function StudioApp({ router, queryClient, i18n, settings }: StudioAppProps) {
  const brand = settings === undefined ? (readInlinedSettings()?.settings ?? null) : settings;
  const theme = useMemo(() => buildTheme(brand), [brand]);
  useEffect(() => {
    // A call that finds the session gone (revoked on another device, expired) forgets who was signed
    // in; the layout then shows the sign-in page.
    whenSessionEnds(() => queryClient.setQueryData(studioKeys.me, null));
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          forceColorScheme="light"
          {...nonceProps}
        >
          <RouterProvider router={router} context={{ queryClient, siteName: brand?.siteName ?? null }} />
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
