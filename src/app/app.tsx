import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { setNonce } from 'get-nonce';
import type { i18n } from 'i18next';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { User } from '../../domain/api-types.ts';
import { siteSettingsQuery } from '../features/content/site-settings.ts';
import { noServices, type Services } from '../integrations/integrations.ts';
import { ServicesProvider } from '../integrations/integrations-context.tsx';
import { ErrorBoundary } from '../screens/error/error-screen.tsx';
import { SessionProvider, type SessionValue } from '../session/use-session.tsx';
import { AppSessionProvider } from './session.tsx';
import { buildTheme, cssVariablesResolver } from './theme.ts';

export interface AppProps {
  router: AnyRouter;
  queryClient: QueryClient;
  i18n: i18n;
  /** A fixed session (screen tests); without it the app runs the session flows. */
  session?: SessionValue;
  /** Error reporting, engagement and analytics; none by default (tests). */
  services?: Services;
  /**
   * Whom the server rendered the page for (decision 127): a member (with the token this browser keeps
   * for them, if any: a page carries none), or null for a visitor; the first render shows them, so it
   * draws what the server drew. Undefined for a page the server did not render: the stored member
   * stands in until the session has checked them.
   */
  member?: User | null;
}

/**
 * The nonce the shell's Content-Security-Policy allows inline styles with, which Mantine puts on
 * the style elements it writes. Pages the API did not serve (the Vite dev server) have none and no
 * policy either.
 */
const styleNonce = globalThis.document?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
const nonceProps = styleNonce ? { getStyleNonce: () => styleNonce } : {};
// The modal's scroll lock writes its own style element, and takes its nonce from here.
if (styleNonce) setNonce(styleNonce);

function ThemedRouter({ router, queryClient, i18n, session, services = noServices, member }: AppProps) {
  const { data: settings } = useQuery(siteSettingsQuery());
  const theme = useMemo(() => buildTheme(settings ?? null), [settings]);
  const page = <RouterProvider router={router} />;
  return (
    // One colour scheme: the build drops Mantine's dark-scheme rules (scripts/light-only-css.ts), and
    // the shell's <html> carries it before any script runs (index.html, decision 128).
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      {...nonceProps}
    >
      {session ? (
        <SessionProvider value={session}>{page}</SessionProvider>
      ) : (
        <AppSessionProvider
          router={router}
          queryClient={queryClient}
          i18n={i18n}
          services={services}
          pageMember={member}
        >
          {page}
        </AppSessionProvider>
      )}
    </MantineProvider>
  );
}

export function App(props: AppProps) {
  return (
    <ServicesProvider value={props.services ?? noServices}>
      <QueryClientProvider client={props.queryClient}>
        <I18nextProvider i18n={props.i18n}>
          <ErrorBoundary>
            <ThemedRouter {...props} />
          </ErrorBoundary>
        </I18nextProvider>
      </QueryClientProvider>
    </ServicesProvider>
  );
}
