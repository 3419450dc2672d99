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
import type { ReactNode } from 'react';
import { LEGAL_PAGES } from '../../domain/pages.ts';
import { contentPageQuery } from '../features/content/content-page.queries.ts';
import { productsQuery } from '../features/products/products.queries.ts';
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
  | 'Content Page'
  | 'Library';

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

// The loaders start a screen's data request beside its chunk instead of after it, and the screen
// waits for the answer a moment, so that on a first load (where the shell asked for the data with the
// page) it renders once, whole, rather than a loading state first. A slower answer does not hold the
// page: past the wait the screen shows its own loading state from the query. Failures stay in the
// query too (prefetchQuery never throws), for the screen to show.
const DATA_WAIT_MS = 1000;
const waitAMoment = (prefetch: Promise<void>) =>
  Promise.race([prefetch, new Promise<void>((resolve) => setTimeout(resolve, DATA_WAIT_MS))]);
const loadProducts = ({ context }: { context: RouterContext }) =>
  waitAMoment(context.queryClient.prefetchQuery(productsQuery()));
const loadContentPage = (context: RouterContext, slug: string) =>
  waitAMoment(context.queryClient.prefetchQuery(contentPageQuery(slug)));

/**
 * A route component that renders a lazy screen with props. It carries the screen's preload, so the
 * router loads the screen's code with the route, as it does for a lazy component given directly,
 * instead of the page rendering without it and the screen suspending.
 */
function withScreen(screen: { preload?: () => Promise<void> | undefined }, render: () => ReactNode) {
  return Object.assign(render, { preload: screen.preload });
}

const ContentPage = lazyRouteComponent(
  () => import('../screens/content/content-page-screen.tsx'),
  'ContentPageScreen',
);
const ProfileLayout = lazyRouteComponent(
  () => import('../screens/profile/profile-screen.tsx'),
  'ProfileScreen',
);
const ProfileSection = lazyRouteComponent(
  () => import('../screens/profile/profile-screen.tsx'),
  'ProfileSectionScreen',
);
const ChallengePage = lazyRouteComponent(
  () => import('../screens/challenge/challenge-screen.tsx'),
  'ChallengeScreen',
);

const ConfirmationScreen = lazyRouteComponent(
  () => import('../screens/confirmation/confirmation-screen.tsx'),
  'ConfirmationScreen',
);

// The members' area (decision 140): its page fetches its screens and the library player itself.
const LibraryPage = lazyRouteComponent(() => import('../pages/library-page.tsx'), 'LibraryPage');

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
  component: withScreen(ConfirmationScreen, () => <ConfirmationScreen type="challenge" />),
  staticData: { name: 'Challenge Confirmation', titleKey: 'confirmation', hideNavBar: true },
});

const challengeRoutes = (['/challenge', '/challenge/$slug'] as const).map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: ChallengePage,
    loader: loadProducts,
    staticData: { name: 'Challenge', hideNavBar: true, pageView: true },
  }),
);

const customChallengeConfirmationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/challenge/$slug/confirmation',
  component: withScreen(ConfirmationScreen, () => <ConfirmationScreen type="challenge" />),
  staticData: { name: 'Custom Challenge Confirmation', titleKey: 'confirmation', hideNavBar: true },
});

const courseRoutes = (['/course', '/course/$slug'] as const).map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: ChallengePage,
    loader: loadProducts,
    staticData: { name: 'Course', hideNavBar: true, pageView: true },
  }),
);

const customCourseConfirmationRoutes = (['/course/confirmation', '/course/$slug/confirmation'] as const).map(
  (path) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      component: withScreen(ConfirmationScreen, () => <ConfirmationScreen type="course" />),
      staticData: { name: 'Custom Course Confirmation', titleKey: 'confirmation', hideNavBar: true },
    }),
);

const confirmationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirmation',
  component: withScreen(ConfirmationScreen, () => <ConfirmationScreen type="subscription" />),
  staticData: { name: 'Confirmation', titleKey: 'confirmation', hideNavBar: true },
});

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  validateSearch: tokenSearch,
  component: withScreen(ProfileLayout, () => (
    <RequireSignIn>
      <ProfileLayout />
    </RequireSignIn>
  )),
  staticData: { name: 'Profile', titleKey: 'profile', profileArea: true, needsMember: true },
});

const profileSection = <P extends string>(path: P, name: RouteName, section: ProfileSectionKey) =>
  createRoute({
    getParentRoute: () => profileRoute,
    path,
    component: withScreen(ProfileSection, () => <ProfileSection section={section} />),
    staticData: { name, titleKey: 'profile', profileArea: true },
  });
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

// The area's pages come from the address (`/library`, `/library/<kind>/<slug>[/<unit>]`: the splat
// matches the first too); each names itself.
const libraryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/library/$',
  component: withScreen(LibraryPage, () => (
    <RequireSignIn>
      <LibraryPage />
    </RequireSignIn>
  )),
  staticData: { name: 'Library', needsMember: true, contentTitle: true },
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
    loader: ({ context }) => loadContentPage(context, slug),
    component: withScreen(ContentPage, () => <ContentPage slug={slug} />),
    staticData: { name, contentTitle: true },
  });

const genericContentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  loader: ({ context, params }) => loadContentPage(context, contentSlug(params._splat)),
  component: withScreen(ContentPage, function GenericContentPage() {
    const { _splat } = genericContentRoute.useParams();
    return <ContentPage slug={contentSlug(_splat)} />;
  }),
  staticData: { name: 'Content Page', contentTitle: true },
});

function contentSlug(splat: string | undefined): string {
  return (splat ?? '').replace(/\/+$/, '');
}

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
  ...LEGAL_PAGES.map((page) => legalRoute(page.path, page.name, page.slug)),
  emailVerifiedRoute,
  libraryRoute,
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
