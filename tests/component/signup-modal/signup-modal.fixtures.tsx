// Renders the real app with its machine-backed session (no fixed session value), so the modal runs
// on the real flows; the API is msw. Also the users the modal tests use; the products are the UI
// paths' world.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { User } from '../../../domain/api-types.ts';
import type { Locale } from '../../../domain/localized.ts';
import { App } from '../../../src/app/app.tsx';
import { createAppRouter } from '../../../src/app/router.tsx';
import type { SiteSettings } from '../../../src/features/content/site-settings.ts';
import { createI18n } from '../../../src/text/i18n.ts';
import { contractHttp } from '../../contract-http.ts';
import { aCharge, aSubscription } from '../../factories.ts';
import { PRODUCTS } from '../../paths/world.ts';
import { inlineSettings, member, SETTINGS } from '../render-app.tsx';

export { PRODUCTS };

/** A member who bought the Shred challenge (a paid, unrefunded charge of its price). */
export function shredBuyer(): User {
  const buyer = member();
  buyer.customer.charges = [
    aCharge({ priceId: 'price_shred', amount: 4900, created: '2026-01-02T00:00:00Z', description: 'Shred' }),
  ];
  // What the server answers of the prices a member holds (decision 146).
  buyer.customer.held_prices = ['price_shred'];
  return buyer;
}

/** The products, and GET /api/user answering `user` for any token. */
export function apiHandlers(user: User | null, products: typeof PRODUCTS = PRODUCTS) {
  return [
    contractHttp.get('/api/trainer/{trainerID}/products', () => HttpResponse.json(products)),
    contractHttp.get('/api/user', () =>
      user
        ? HttpResponse.json({ success: true as const, user })
        : HttpResponse.json({ success: false as const, message: 'Not signed in' }, { status: 401 }),
    ),
  ];
}

export async function renderWithFlows(
  path: string,
  options: { settings?: Partial<SiteSettings>; locale?: Locale } = {},
) {
  inlineSettings({ ...SETTINGS, ...options.settings });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ queryClient }, createMemoryHistory({ initialEntries: [path] }));
  const i18n = await createI18n(options.locale ?? 'en');
  const utils = render(<App router={router} queryClient={queryClient} i18n={i18n} />);
  await act(() => router.load());
  return { ...utils, router, i18n };
}

/** A member with an active subscription to one of the membership's plans. */
export function subscriberOf(priceId: string): User {
  const plan = PRODUCTS.subscriptions[0]?.plans.find((p) => p.id === priceId);
  if (!plan) throw new Error(`no plan ${priceId}`);
  const subscriber = member();
  subscriber.customer.subscriptions.data = [
    aSubscription({ plan, current_period_end: '2999-01-01T00:00:00Z', created: '2026-01-01T00:00:00Z' }),
  ];
  return subscriber;
}

/** The products with a 7-day free trial on the monthly plan. */
export const PRODUCTS_WITH_TRIAL: typeof PRODUCTS = {
  ...PRODUCTS,
  subscriptions: PRODUCTS.subscriptions.map((product) => ({
    ...product,
    plans: product.plans.map((plan) => (plan.id === 'price_monthly' ? { ...plan, trialDays: 7 } : plan)),
  })),
};
