// The plan cards' rules of spec section 4, from the member and the plans on sale.
import type { Plan, User } from '../../../machines/shared/api-types.ts';
import { savingsPercent } from '../../lib/plans.ts';
import { isSubscribed } from '../../lib/subscription.ts';

/** A paid, unrefunded charge already contains this price. */
export function alreadyPurchased(user: User | null, priceId: string): boolean {
  return (user?.customer.charges ?? []).some(
    (charge) =>
      charge.paid && !charge.refunded && charge.invoice.lines.data.some((line) => line.price.id === priceId),
  );
}

/** The member holds an annual subscription (the gateway's, or a native one of annual type). */
export function annualSubscriber(user: User | null, now: Date = new Date()): boolean {
  if (!isSubscribed(user, now)) return false;
  const active = user?.customer.subscriptions.data[0];
  if (active) return active.plan.interval === 'year';
  const type = user?.profile.subscription_plan_type?.toLowerCase() ?? '';
  return type === 'annual' || type === 'annually' || type === 'yearly';
}

/** The annual plan's saving over twelve monthly payments, when both are on sale. */
export function annualSaving(plans: readonly Plan[]): { planId: string; percent: number } | null {
  const annual = plans.find((plan) => plan.interval === 'year' && (plan.interval_count ?? 1) === 1);
  const monthly = plans.find((plan) => plan.interval === 'month' && (plan.interval_count ?? 1) === 1);
  if (!annual || !monthly) return null;
  const percent = savingsPercent(annual.amount, monthly.amount);
  return percent > 0 ? { planId: annual.id, percent } : null;
}
