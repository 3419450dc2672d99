// The machine tests' members and prices: the contract's factories (tests/factories.ts) under the
// names these tests read best with.
import type { Plan, User } from '../../domain/api-types.ts';
import { aPlan, aSubscription, aUser } from '../factories.ts';

export const user = aUser;

export function plan(id: string, overrides: Partial<Plan> = {}): Plan {
  return aPlan({ id, ...overrides });
}

/** A user with an active gateway subscription of the given plan type. */
export function subscriber(planType: string): User {
  return aUser({
    profile: { subscription_plan_type: planType },
    customer: { subscriptions: { data: [aSubscription({ plan: plan(`price_${planType}`) })] } },
  });
}

/** The time the modal opens in the machine tests: a fixed date, so date rules replay the same way. */
export const NOW = Date.parse('2026-06-01T00:00:00Z');

/** A visitor's registration from the modal's form, as the session receives it. */
export const REGISTRATION = {
  type: 'auth.register',
  name: 'Member',
  email: 'member@example.com',
  password: 'secret-pass',
  currentRoute: '/',
  enableEmailVerification: true,
} as const;
