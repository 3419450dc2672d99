// Every route of the spec's route table. What the shell needs to know about a route (its name, whether
// the navigation bar shows, how the title is made) is declared here as static data, in one place.

import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
} from '@tanstack/react-router';
import { EmailVerifiedScreen } from '../screens/email-verified/email-verified-screen.tsx';
import { ErrorScreen } from '../screens/error/error-screen.tsx';
import { HomeScreen } from '../screens/home/home-screen.tsx';
import type { ProfileSectionKey } from '../screens/profile/profile-screen.tsx';
import { RequireSignIn } from './require-sign-in.tsx';
import { RootLayout } from './root-layout.tsx';

export type RouteName =
  | 'Home'
  | 'Challenge'
  | 'Course'
  | 'Confirmation'
  | 'Challenge Confirmation'
  | 'Custom Challenge Confirmation'
  | 'Custom Course Confirmation'
  | 'Profile'
  | 'Info'
  | 'Subscription'
  | 'Password'
  | 'Purchases'
  | 'Privacy'
  | 'Terms'
  | 'Email Verified'
  | 'Reset Password'
  | 'Content Page';

export type TitleKey = 'home' | 'profile' | 'confirmation' | 'emailVerified';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    name?: RouteName;
    hideNavBar?: boolean;
    /** Titled "<name> | <trainer>"; routes without it show the content page name or the trainer name. */
    titleKey?: TitleKey;
    /** Challenge paths send an analytics page view instead of changing the title. */
    pageView?: boolean;
    /** The content page screen sets the title from the page it shows. */
    contentTitle?: boolean;
    profileArea?: boolean;
    /** For members only: a visitor is offered the login modal, and an emailed link's token signs in. */
    needsMember?: boolean;
  }
}

export interface RouterContext {
  queryClient: QueryClient;
}

const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {};

const contentPage = lazyRouteComponent(
  () => import('../screens/content/content-page-screen.tsx'),
  'ContentPageScreen',
);
const ChallengePage = lazyRouteComponent(
  () => import('../screens/challenge/challenge-screen.tsx'),
  'ChallengeScreen',
);

const ConfirmationScreen = lazyRouteComponent(
  () => import('../screens/confirmation/confirmation-screen.tsx'),
  'ConfirmationScreen',
);

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomeScreen,
  staticData: { name: 'Home', titleKey: 'home' },
});

const challengeConfirmationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/challenge/confirmation',
  component: () => <ConfirmationScreen type="challenge" />,
  staticData: { name: 'Challenge Confirmation', titleKey: 'confirmation', hideNavBar: true },
});

const challengeRoutes = (['/challenge', '/challenge/$slug'] as const).map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: ChallengePage,
    staticData: { name: 'Challenge', hideNavBar: true, pageView: true },
  }),
);

const customChallengeConfirmationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/challenge/$slug/confirmation',
  component: () => <ConfirmationScreen type="challenge" />,
  staticData: { name: 'Custom Challenge Confirmation', titleKey: 'confirmation', hideNavBar: true },
});

const courseRoutes = (['/course', '/course/$slug'] as const).map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: ChallengePage,
    staticData: { name: 'Course', hideNavBar: true, pageView: true },
  }),
);

const customCourseConfirmationRoutes = (['/course/confirmation', '/course/$slug/confirmation'] as const).map(
  (path) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      component: () => <ConfirmationScreen type="course" />,
      staticData: { name: 'Custom Course Confirmation', titleKey: 'confirmation', hideNavBar: true },
    }),
);

const confirmationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirmation',
  component: () => <ConfirmationScreen type="subscription" />,
  staticData: { name: 'Confirmation', titleKey: 'confirmation', hideNavBar: true },
});

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  validateSearch: tokenSearch,
  component: () => (
    <RequireSignIn>
      <ProfileLayout />
    </RequireSignIn>
  ),
  staticData: { name: 'Profile', titleKey: 'profile', profileArea: true, needsMember: true },
});
const ProfileLayout = lazyRouteComponent(
  () => import('../screens/profile/profile-screen.tsx'),
  'ProfileScreen',
);

const profileSection = <P extends string>(path: P, name: RouteName, section: ProfileSectionKey) =>
  createRoute({
    getParentRoute: () => profileRoute,
    path,
    component: () => <ProfileSection section={section} />,
    staticData: { name, titleKey: 'profile', profileArea: true },
  });
const ProfileSection = lazyRouteComponent(
  () => import('../screens/profile/profile-screen.tsx'),
  'ProfileSectionScreen',
);

const emailVerifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/email-verified',
  validateSearch: tokenSearch,
  component: () => (
    <RequireSignIn>
      <EmailVerifiedScreen />
    </RequireSignIn>
  ),
  staticData: { name: 'Email Verified', titleKey: 'emailVerified', needsMember: true },
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(
    () => import('../screens/reset-password/reset-password-screen.tsx'),
    'ResetPasswordScreen',
  ),
  staticData: { name: 'Reset Password' },
});

const legalRoute = <P extends string>(path: P, name: RouteName, slug: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: () => <ContentPage slug={slug} />,
    staticData: { name, contentTitle: true },
  });
const ContentPage = contentPage;

const genericContentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  component: () => {
    const { _splat } = genericContentRoute.useParams();
    return <ContentPage slug={(_splat ?? '').replace(/\/+$/, '')} />;
  },
  staticData: { name: 'Content Page', contentTitle: true },
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  challengeConfirmationRoute,
  ...challengeRoutes,
  customChallengeConfirmationRoute,
  ...courseRoutes,
  ...customCourseConfirmationRoutes,
  confirmationRoute,
  profileRoute.addChildren([
    profileSection('/', 'Info', 'info'),
    profileSection('/subscription', 'Subscription', 'subscription'),
    profileSection('/password', 'Password', 'password'),
    profileSection('/purchases', 'Purchases', 'purchases'),
  ]),
  legalRoute('/privacy', 'Privacy', 'privacy'),
  legalRoute('/privacy-policy', 'Privacy', 'privacy'),
  legalRoute('/tos', 'Terms', 'terms'),
  legalRoute('/terms-of-use', 'Terms', 'terms'),
  emailVerifiedRoute,
  resetPasswordRoute,
  genericContentRoute,
]);

export function createAppRouter(
  context: RouterContext,
  history?: Parameters<typeof createRouter>[0]['history'],
) {
  return createRouter({
    routeTree,
    context,
    history,
    // Back navigation restores the scroll position; every other navigation starts at the top.
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultNotFoundComponent: () => <Outlet />,
    // A screen that fails to render shows the error screen, which reports the failure.
    defaultErrorComponent: ({ error, info }) => <ErrorScreen error={error} info={info} />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
