import type { Plan, User } from '../../domain/api-types.ts';

export function user(
  overrides: Partial<Omit<User, 'profile'>> & { profile?: Partial<User['profile']> } = {},
): User {
  const { profile, ...rest } = overrides;
  return {
    _id: 'u1',
    token: 'session-token',
    email: 'member@example.com',
    email_verified: true,
    customer: { subscriptions: { data: [] }, charges: [], had_trial: false },
    ...rest,
    profile: {
      name: 'Member',
      image: null,
      phone: null,
      endPlan_date: null,
      subscribed_plan: null,
      subscription_plan_type: null,
      member_since: '2024-01-01T00:00:00.000Z',
      ...profile,
    },
  };
}

export function plan(id: string, overrides: Partial<Plan> = {}): Plan {
  return {
    id,
    product: 'prod_1',
    interval: 'month',
    interval_count: 1,
    amount: 1000,
    currency: 'usd',
    type: 'recurring',
    nickname: null,
    trialDays: null,
    active: true,
    ...overrides,
  };
}

/** A user with an active gateway subscription of the given plan type. */
export function subscriber(planType: string): User {
  return user({
    profile: { subscription_plan_type: planType },
    customer: {
      charges: [],
      had_trial: false,
      subscriptions: {
        data: [
          {
            id: 'sub_1',
            status: 'active',
            plan: plan(`price_${planType}`),
            current_period_end: '2999-01-01T00:00:00.000Z',
            cancel_at_period_end: false,
            trial_end: null,
            created: '2024-01-01T00:00:00.000Z',
            next_charge: null,
            scheduled_plan: null,
            payment_method: null,
            next_payment_attempt: null,
          },
        ],
      },
    },
  });
}

/** The time the modal opens in the machine tests: a fixed date, so date rules replay the same way. */
export const NOW = Date.parse('2026-06-01T00:00:00Z');
