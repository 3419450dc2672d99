// Renders the real app (router, i18n, theme, queries) at a path, with the session the test gives and
// the site settings inlined as the HTML shell would have them. The API is served by msw handlers.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { User } from '../../domain/api-types.ts';
import type { Locale } from '../../domain/localized.ts';
import { App } from '../../src/app/app.tsx';
import { createAppRouter } from '../../src/app/router.tsx';
import type { SiteSettings } from '../../src/features/content/site-settings.ts';
import type { Services } from '../../src/integrations/integrations.ts';
import type { SessionValue } from '../../src/session/use-session.tsx';
import { createI18n } from '../../src/text/i18n.ts';
import { aUser } from '../factories.ts';

export const SETTINGS: SiteSettings = {
  siteName: 'Coach Test',
  icon: null,
  favicon: null,
  primaryColor: { hex: '#e8590c' },
  secondaryColor: { hex: '#1c7ed6' },
  instagramUrl: 'https://instagram.example/coach',
  facebookUrl: null,
  twitterUrl: null,
  youtubeUrl: 'https://youtube.example/coach',
  supportEmail: 'help@coach.example',
  showFooter: true,
  enableEmailVerification: false,
  banner: {
    bannerTitle: 'Spring offer',
    promoStartDate: '2020-01-01T00:00:00Z',
    promoEndDate: '2099-12-31T00:00:00Z',
    bannerBGColor: { hex: '#000000' },
    bannerTitleColor: { hex: '#ffffff' },
    bannerButtonText: null,
  },
  promoCode: { promoCode: 'WELCOME10' },
  newCheckout: null,
};

/** The component tests' member, Ana, who has bought nothing. */
export function member(overrides: Partial<User['profile']> = {}): User {
  return aUser({
    token: 'tok',
    email: 'ana@example.com',
    profile: { name: 'Ana Member', member_since: '2026-01-01T00:00:00Z', ...overrides },
  });
}

export interface SessionSpy extends SessionValue {
  calls: {
    openAuthModal: string[];
    choosePlan: string[];
    prepareAuthModal: number;
    logout: number;
    userChanged: User[];
  };
}

export function session(user: User | null = null): SessionSpy {
  const calls = {
    openAuthModal: [] as string[],
    choosePlan: [] as string[],
    prepareAuthModal: 0,
    logout: 0,
    userChanged: [] as User[],
  };
  return {
    user,
    calls,
    openAuthModal: (type) => {
      calls.openAuthModal.push(type);
    },
    choosePlan: (plan) => {
      calls.choosePlan.push(plan);
    },
    prepareAuthModal: () => {
      calls.prepareAuthModal += 1;
    },
    logout: () => {
      calls.logout += 1;
    },
    userChanged: (changed) => {
      calls.userChanged.push(changed);
    },
  };
}

/** Puts the settings where the server inlines them into the HTML shell. */
export function inlineSettings(settings: SiteSettings | null): void {
  document.getElementById('site-settings')?.remove();
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'site-settings';
  el.textContent = JSON.stringify({ settings });
  document.head.append(el);
}

export async function renderApp(
  path: string,
  options: {
    session?: SessionValue;
    settings?: SiteSettings | null;
    locale?: Locale;
    services?: Services;
  } = {},
) {
  inlineSettings(options.settings === undefined ? SETTINGS : options.settings);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ queryClient }, createMemoryHistory({ initialEntries: [path] }));
  const i18n = await createI18n(options.locale ?? 'en');
  const sessionValue = options.session ?? session();
  const utils = render(
    <App
      router={router}
      queryClient={queryClient}
      i18n={i18n}
      session={sessionValue}
      services={options.services}
    />,
  );
  await act(() => router.load());
  return { ...utils, router, i18n, queryClient };
}
