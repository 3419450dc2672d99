// Members with purchases and subscriptions, shaped as the contract's User, for the profile and
// confirmation tests.
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { User } from '../../../domain/api-types.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { contractHttp } from '../../contract-http.ts';
import { aCharge, aCustomer, aPlan, aSubscription, type Charge, type Subscription } from '../../factories.ts';
import { member } from '../render-app.tsx';
import { server } from '../server.ts';

export const MONTHLY_PLAN = aPlan({
  id: 'price_monthly',
  product: 'prod_coaching',
  amount: 4999,
  nickname: 'Monthly',
  trialDays: 7,
});

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return aSubscription({
    plan: MONTHLY_PLAN,
    product_name: 'Online Coaching',
    current_period_end: '2026-03-05T12:00:00Z',
    created: '2026-02-05T12:00:00Z',
    ...overrides,
  });
}

export function charge(overrides: Partial<Charge> & { priceId?: string } = {}): Charge {
  return aCharge({
    priceId: MONTHLY_PLAN.id,
    amount: 4999,
    created: '2026-01-05T12:00:00Z',
    description: 'Online Coaching: Monthly',
    ...overrides,
  });
}

export function withPurchases(
  user: User = member(),
  purchases: { subscriptions?: Subscription[]; charges?: Charge[]; hadTrial?: boolean } = {},
): User {
  return {
    ...user,
    customer: aCustomer({
      subscriptions: { data: purchases.subscriptions ?? [] },
      charges: purchases.charges ?? [],
      had_trial: purchases.hadTrial ?? false,
    }),
  };
}

/** GET /api/user answering with each given user in turn, then the last one; counts the reads. */
export function userHandler(...users: User[]) {
  const reads = { count: 0 };
  const handler = contractHttp.get('/api/user', () => {
    const user = users[Math.min(reads.count, users.length - 1)];
    reads.count += 1;
    return HttpResponse.json({ success: true as const, user: user as User });
  });
  return { handler, reads };
}

export function errorResponse(status: number, message: string) {
  return HttpResponse.json<components['schemas']['Error']>({ success: false, message }, { status });
}

/**
 * A browser in `timeZone`: a date format that names no zone uses it, as a visitor's browser there
 * would. Returns the undo. The tests' own process may run in any zone, UTC included, where a date
 * written in the browser's zone and one written in UTC cannot be told apart.
 */
export function browserInTimeZone(timeZone: string): () => void {
  const Original = Intl.DateTimeFormat;
  function Zoned(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    return new Original(locales, { timeZone, ...options });
  }
  Object.setPrototypeOf(Zoned, Original);
  Zoned.prototype = Original.prototype;
  Intl.DateTimeFormat = Zoned as unknown as typeof Intl.DateTimeFormat;
  return () => {
    Intl.DateTimeFormat = Original;
  };
}

/** Just after midnight UTC on March 1: still February 28 in Los Angeles. */
export const JUST_AFTER_MIDNIGHT_UTC = '2026-03-01T03:00:00Z';

/**
 * The server for Manage My Subscription's tests: an active subscription asks which pauses it may
 * take, and these pages answer none, being about the rest.
 */
export function subscriptionPageServer() {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() =>
    server.use(
      contractHttp.get('/api/user/subscription/pause-options', () =>
        HttpResponse.json({ success: true as const, allowed: [], options: [] }),
      ),
    ),
  );
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
