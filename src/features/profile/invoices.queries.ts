// The member's invoices and billing details (decisions 154 and 155), read and written through the one
// API client. Invoices come a page at a time, newest first, by the server's cursor.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { type ApiResult, call } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';

export type Invoice = components['schemas']['Invoice'];
export type BillingDetails = components['schemas']['BillingDetails'];

const INVOICES_KEY = ['invoices'] as const;
const BILLING_DETAILS_KEY = ['billing-details'] as const;
export const INVOICES_PAGE = 10;

export function useInvoices() {
  return useInfiniteQuery({
    queryKey: INVOICES_KEY,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const result = await call(
        api.GET('/api/user/invoices', {
          params: { query: { limit: String(INVOICES_PAGE), ...(pageParam && { after: pageParam }) } },
        }),
      );
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
    getNextPageParam: (page) => page.next ?? undefined,
    retry: false,
    // A payment just made shows its invoice when the member comes back to the page.
    refetchOnMount: 'always',
  });
}

export function useBillingDetails() {
  return useQuery({
    queryKey: BILLING_DETAILS_KEY,
    queryFn: async () => {
      const result = await call(api.GET('/api/user/billing-details', {}));
      if (!result.ok) throw new Error(result.message);
      return result.data.billingDetails;
    },
    retry: false,
  });
}

export function useUpdateBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (details: BillingDetails): Promise<ApiResult<BillingDetails>> => {
      const result = await call(api.PUT('/api/user/billing-details', { body: details }));
      return result.ok ? { ...result, data: result.data.billingDetails } : result;
    },
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(BILLING_DETAILS_KEY, result.data);
    },
  });
}
