// The signed-in member as the server has it now. The profile sections and the confirmation pages
// read it fresh (purchases and subscription changes are written by payment events, not by this
// page), and hand each newer copy to the session so the rest of the site sees it too.
import { type Query, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '../../../domain/api-types.ts';
import { call } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';
import { useSession } from '../../session/use-session.tsx';

export const USER_QUERY_KEY = ['user'] as const;

export function userQuery() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: async (): Promise<User> => {
      const result = await call(api.GET('/api/user', {}));
      if (!result.ok) throw new Error(result.message);
      return result.data.user;
    },
    retry: false,
    // Coming back from the billing portal or a checkout must show what changed there.
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });
}

export type UserQueryState = Query<User, Error, User, typeof USER_QUERY_KEY>;

export interface UserQueryOptions {
  refetchInterval?: (query: UserQueryState) => number | false;
}

/** The member fetched from the server; every newer copy is handed to the session. */
export function useFreshUser(options: UserQueryOptions = {}) {
  const session = useSession();
  const query = useQuery({ ...userQuery(), ...options });
  const { data } = query;
  const { userChanged } = session;
  useEffect(() => {
    if (data) userChanged(data);
  }, [data, userChanged]);
  return query;
}
