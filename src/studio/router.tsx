// The studio's routes (decision 147), under /studio. The sign-in and invite pages stand alone; every
// other page is inside the staff layout, which shows the way in when no one is signed in and keeps
// the owner's pages (staff) from a coach. The public app registers its own router's types with
// TanStack Router, so the studio's routes read their search and params through these casts, each
// checked by the route's own validateSearch.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { AccountPage } from './pages/account-page.tsx';
import { CataloguePage } from './pages/catalogue-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { InvitePage } from './pages/invite-page.tsx';
import { MemberPage } from './pages/member-page.tsx';
import { MembersPage, validateMemberSearch } from './pages/members-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';
import { StaffPage } from './pages/staff-page.tsx';
import type { MemberFilters } from './queries.ts';
import { StaffLayout } from './staff-layout.tsx';

export interface StudioRouterContext {
  queryClient: QueryClient;
  siteName: string | null;
}

const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {};

const rootRoute = createRootRouteWithContext<StudioRouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/studio/sign-in',
  validateSearch: tokenSearch,
  component: () => <SignInPage token={(signInRoute.useSearch() as { token?: string }).token ?? null} />,
});

const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/studio/invite',
  validateSearch: tokenSearch,
  component: () => <InvitePage token={(inviteRoute.useSearch() as { token?: string }).token ?? null} />,
});

const staffRoute = createRoute({ getParentRoute: () => rootRoute, id: 'staff', component: StaffLayout });

const dashboardRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/studio',
  validateSearch: (search: Record<string, unknown>): { from?: string; to?: string } => ({
    ...(typeof search.from === 'string' && /^\d{4}-\d{2}$/.test(search.from) ? { from: search.from } : {}),
    ...(typeof search.to === 'string' && /^\d{4}-\d{2}$/.test(search.to) ? { to: search.to } : {}),
  }),
  component: () => <DashboardPage search={dashboardRoute.useSearch() as { from?: string; to?: string }} />,
});

const membersRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/studio/members',
  validateSearch: validateMemberSearch,
  component: () => <MembersPage search={membersRoute.useSearch() as MemberFilters} />,
});

const memberRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/studio/members/$memberId',
  component: () => <MemberPage memberId={(memberRoute.useParams() as { memberId: string }).memberId} />,
});

const catalogueRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/studio/catalogue',
  component: CataloguePage,
});

const staffPageRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/studio/staff',
  component: StaffPage,
});

const accountRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/studio/account',
  component: AccountPage,
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  inviteRoute,
  staffRoute.addChildren([
    dashboardRoute,
    membersRoute,
    memberRoute,
    catalogueRoute,
    staffPageRoute,
    accountRoute,
  ]),
]);

export function createStudioRouter(
  queryClient: QueryClient,
  history?: Parameters<typeof createRouter>[0]['history'],
) {
  return createRouter({
    routeTree,
    context: { queryClient, siteName: null },
    ...(history ? { history } : {}),
    defaultPreload: false,
    scrollRestoration: true,
  });
}

export type StudioRouter = ReturnType<typeof createStudioRouter>;
