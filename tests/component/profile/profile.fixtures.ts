// Members with purchases and subscriptions, shaped as the contract's User, for the profile and
// confirmation tests.
import { HttpResponse } from 'msw';
import type { User } from '../../../domain/api-types.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { contractHttp } from '../../contract-http.ts';
import { member } from '../render-app.tsx';

type Subscription = User['customer']['subscriptions']['data'][number];
type Charge = User['customer']['charges'][number];

export const MONTHLY_PLAN = {
  id: 'price_monthly',
  product: 'prod_coaching',
  interval: 'month' as const,
  interval_count: 1,
  amount: 4999,
  currency: 'usd',
  type: 'recurring' as const,
  nickname: 'Monthly',
  trialDays: 7,
  active: true,
};

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub_1',
    status: 'active',
    plan: MONTHLY_PLAN,
    product_name: 'Online Coaching',
    current_period_end: '2026-03-05T12:00:00Z',
    cancel_at_period_end: false,
    trial_end: null,
    created: '2026-02-05T12:00:00Z',
    next_charge: null,
    scheduled_plan: null,
    payment_method: null,
    next_payment_attempt: null,
    ...overrides,
  };
}

export function charge(overrides: Partial<Charge> & { priceId?: string } = {}): Charge {
  const { priceId = MONTHLY_PLAN.id, ...rest } = overrides;
  return {
    id: 'ch_1',
    amount: 4999,
    currency: 'usd',
    paid: true,
    refunded: false,
    created: '2026-01-05T12:00:00Z',
    payment_method: 'Visa •••• 4242',
    description: 'Online Coaching: Monthly',
    invoice: { lines: { data: [{ price: { id: priceId } }] } },
    ...rest,
  };
}

export function withPurchases(
  user: User = member(),
  purchases: { subscriptions?: Subscription[]; charges?: Charge[]; hadTrial?: boolean } = {},
): User {
  return {
    ...user,
    customer: {
      subscriptions: { data: purchases.subscriptions ?? [] },
      charges: purchases.charges ?? [],
      had_trial: purchases.hadTrial ?? false,
    },
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
