// The profile area's writes, each through the one API client. Results never throw: a failure
// carries the server's message, or a client error key, for the form to show.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../domain/api-types.ts';
import { type ApiResult, call } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';
import { useSession } from '../../session/use-session.tsx';
import { USER_QUERY_KEY } from './user.queries.ts';

export interface ProfileChanges {
  name: string;
  email: string;
  phone: string | null;
}

export function useUpdateProfile(userId: string) {
  const { userChanged } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      changes,
      currentPassword,
    }: {
      changes: ProfileChanges;
      /** Required by the server when the email changes. */
      currentPassword?: string;
    }): Promise<ApiResult<User>> => {
      const result = await call(
        api.PUT('/api/user/{userID}', {
          params: { path: { userID: userId } },
          body: { user: changes, ...(currentPassword && { currentPassword }) },
        }),
      );
      return result.ok ? { ...result, data: result.data.user } : result;
    },
    onSuccess: (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(USER_QUERY_KEY, result.data);
      userChanged(result.data);
    },
  });
}

export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (passwords: { oldPassword: string; newPassword: string }) =>
      call(api.PUT('/api/user/{userID}/password', { params: { path: { userID: userId } }, body: passwords })),
  });
}

/** Opens the billing portal: the browser leaves for the URL the server gives. */
export function useOpenBillingPortal(redirect: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: () => call(api.POST('/api/user/openGatewayStripePortal', { body: {} })),
    onSuccess: (result) => {
      if (result.ok) redirect(result.data.url);
    },
  });
}

/** Sets a new password with the single-purpose token of an emailed reset link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      call(api.POST('/api/user/reset-password', { body: { token, password } })),
  });
}
