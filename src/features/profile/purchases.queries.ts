// My Purchases' older charges: the pages after the member's view's latest ones (decision 146).
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';

/** The pages after the view's charges, from the cursor the view gave. */
export function useOlderCharges(first: string | null | undefined) {
  return useInfiniteQuery({
    queryKey: ['user', 'charges', first],
    queryFn: async ({ pageParam }) => {
      const result = await call(api.GET('/api/user/charges', { params: { query: { cursor: pageParam } } }));
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
    initialPageParam: first ?? '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: false,
    retry: false,
  });
}
