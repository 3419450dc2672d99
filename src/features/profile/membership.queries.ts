// What Manage My Subscription changes itself (decision 162): the pauses on offer now, read fresh each
// time the section shows them, and the pause, resume and keep calls. Each change is then read back in
// the member (the gateway's event recorded it, or records it in a moment with Stripe).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, call } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';
import { USER_QUERY_KEY } from './user.queries.ts';

export const PAUSE_OPTIONS_KEY = ['pause-options'] as const;

export function usePauseOptions(enabled: boolean) {
  return useQuery({
    queryKey: PAUSE_OPTIONS_KEY,
    queryFn: async () => {
      const result = await call(api.GET('/api/user/subscription/pause-options', {}));
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
    enabled,
    retry: false,
    refetchOnMount: 'always',
  });
}

type Change = { success: true; recorded: boolean };

function useMembershipChange<Input>(send: (input: Input) => Promise<ApiResult<Change>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // A refused change may be one the quote's change explains: both are read again either way.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PAUSE_OPTIONS_KEY }),
      ]);
    },
  });
}

export const usePause = () =>
  useMembershipChange((chosen: { months: number; promise: string }) =>
    call(api.POST('/api/user/subscription/pause', { body: chosen })),
  );
export const useResume = () => useMembershipChange(() => call(api.POST('/api/user/subscription/resume', {})));
export const useKeep = () => useMembershipChange(() => call(api.POST('/api/user/subscription/keep', {})));
