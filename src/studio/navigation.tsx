// Links and navigation between the studio's pages. The public app registers its own router's types
// with TanStack Router (src/app/router.tsx), and the studio's routes are not among them: the studio
// goes through these, typed by its own paths.
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type ComponentProps, type ReactNode, useCallback, useEffect } from 'react';
import { meQuery } from './queries.ts';

export type StudioPath =
  | '/studio'
  | '/studio/members'
  | `/studio/members/${string}`
  | '/studio/catalogue'
  | '/studio/staff'
  | '/studio/account'
  | '/studio/sign-in'
  | '/studio/invite';

type Search = Record<string, string | boolean | undefined>;

export function StudioLink({
  to,
  search,
  children,
  ...rest
}: {
  to: StudioPath;
  search?: Search;
  activeOptions?: { exact?: boolean };
  children: ReactNode;
} & Omit<ComponentProps<'a'>, 'href'>) {
  const AnyLink = Link as unknown as (props: Record<string, unknown>) => ReactNode;
  return (
    <AnyLink to={to} search={search} {...rest}>
      {children}
    </AnyLink>
  );
}

/** Goes to a studio page, replacing the current entry when asked (a filter changed). */
export function useStudioNavigate(): (
  to: StudioPath,
  options?: { search?: Search; replace?: boolean },
) => Promise<void> {
  const router = useRouter();
  return useCallback(
    (to, options) =>
      (router.navigate as unknown as (options: Record<string, unknown>) => Promise<void>)({
        to,
        search: options?.search ?? {},
        replace: options?.replace ?? false,
      }),
    [router],
  );
}

/** Sends the person to another studio page once rendered, replacing this one in the history. */
export function StudioRedirect({ to }: { to: StudioPath }) {
  const navigate = useStudioNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/**
 * Once a sign-in has opened a session: reads the staff member afresh, then opens the figures. The
 * layout would otherwise find the "nobody" a sign-out left in the cache and send them back here.
 */
export function OpenStudio() {
  const queryClient = useQueryClient();
  const navigate = useStudioNavigate();
  useEffect(() => {
    let live = true;
    const open = () => {
      if (live) void navigate('/studio', { replace: true });
    };
    queryClient.fetchQuery({ ...meQuery(), staleTime: 0 }).then(open, open);
    return () => {
      live = false;
    };
  }, [queryClient, navigate]);
  return null;
}
