// The studio's reads, as TanStack Query options: one key per resource, so a change (a refund, a
// grant, a plan archived) invalidates exactly what shows it.
import { queryOptions } from '@tanstack/react-query';
import { StudioRequestError } from '../../machines/studio-error.ts';
import { studioApi, studioCall } from './api.ts';

export const studioKeys = {
  me: ['studio', 'me'] as const,
  metrics: (from: string, to: string) => ['studio', 'metrics', from, to] as const,
  members: (filters: MemberFilters) => ['studio', 'members', filters] as const,
  member: (id: string) => ['studio', 'member', id] as const,
  plans: ['studio', 'plans'] as const,
  products: ['studio', 'products'] as const,
  coupons: ['studio', 'coupons'] as const,
  staff: ['studio', 'staff'] as const,
  sessions: ['studio', 'sessions'] as const,
  passkeys: ['studio', 'passkeys'] as const,
};

export interface MemberFilters {
  q?: string;
  status?: 'active' | 'trialing' | 'past_due' | 'canceled' | 'none';
  plan?: string;
  failing?: boolean;
}

export const meQuery = () =>
  queryOptions({
    queryKey: studioKeys.me,
    // Null when no one is signed in (401): the layout shows the way in rather than an error.
    queryFn: async () => {
      try {
        return (await studioCall(studioApi.GET('/api/studio/me'))).staff;
      } catch (error) {
        if (error instanceof StudioRequestError && error.status === 401) return null;
        throw error;
      }
    },
    retry: false,
    staleTime: 60_000,
  });

export const metricsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: studioKeys.metrics(from, to),
    queryFn: async () =>
      (await studioCall(studioApi.GET('/api/studio/metrics', { params: { query: { from, to } } }))).metrics,
    retry: false,
  });

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: studioKeys.member(id),
    queryFn: async () =>
      (
        await studioCall(
          studioApi.GET('/api/studio/members/{memberID}', { params: { path: { memberID: id } } }),
        )
      ).member,
    retry: false,
  });

export const plansQuery = () =>
  queryOptions({
    queryKey: studioKeys.plans,
    queryFn: async () => (await studioCall(studioApi.GET('/api/studio/plans'))).plans,
    retry: false,
  });

export const productsQuery = () =>
  queryOptions({
    queryKey: studioKeys.products,
    queryFn: async () => (await studioCall(studioApi.GET('/api/studio/products'))).products,
    retry: false,
  });

export const couponsQuery = () =>
  queryOptions({
    queryKey: studioKeys.coupons,
    queryFn: async () => (await studioCall(studioApi.GET('/api/studio/coupons'))).coupons,
    retry: false,
  });

export const staffQuery = () =>
  queryOptions({
    queryKey: studioKeys.staff,
    queryFn: async () => studioCall(studioApi.GET('/api/studio/staff')),
    retry: false,
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: studioKeys.sessions,
    queryFn: async () => (await studioCall(studioApi.GET('/api/studio/sessions'))).sessions,
    retry: false,
  });

export const passkeysQuery = () =>
  queryOptions({
    queryKey: studioKeys.passkeys,
    queryFn: async () => (await studioCall(studioApi.GET('/api/studio/passkeys'))).passkeys,
    retry: false,
  });
