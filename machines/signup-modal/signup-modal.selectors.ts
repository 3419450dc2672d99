// Narrow selectors the modal's UI reads with `useSelector`, so no component re-derives a rule.
import type { SnapshotFrom } from 'xstate';
import type { Plan } from '../../domain/api-types.ts';
import { keepable } from '../../domain/billing/period-end.ts';
import {
  annualSubscriber,
  hasNativeSubscription,
  isSubscribed,
  offeredPlans,
  trialOffered,
} from '../../domain/plans.ts';
import type { signupModalMachine } from './signup-modal.machine.ts';

type SignupModalSnapshot = SnapshotFrom<typeof signupModalMachine>;

/** The progress indicator: 3 steps, or 2 for a course (whose step 2 is its last). */
export function progressOf(snapshot: SignupModalSnapshot): { step: 1 | 2 | 3; total: 2 | 3 } {
  const total = snapshot.context.offer.kind === 'course' ? 2 : 3;
  if (snapshot.hasTag('step:plans')) return { step: 3, total };
  if (snapshot.hasTag('step:challenge')) return { step: 2, total };
  if (snapshot.matches({ open: 'checkingOut' })) return { step: total, total };
  return { step: 1, total };
}

/** The member's subscription as of the modal's opening, as the machine's guards see it. */
export function subscriptionOf(snapshot: SignupModalSnapshot): {
  subscribed: boolean;
  native: boolean;
  annual: boolean;
} {
  const { user, openedAt } = snapshot.context;
  const at = new Date(openedAt);
  return {
    subscribed: isSubscribed(user, at),
    native: hasNativeSubscription(user, at),
    annual: annualSubscriber(user, at),
  };
}

/** Step 3's plans: the membership's recurring plans, most expensive first. */
export function subscriptionPlansOf(snapshot: SignupModalSnapshot): Plan[] {
  return offeredPlans(snapshot.context.offer.subscription.plans, false);
}

/** Whether the cards may promise a plan's free trial to the member the modal holds. */
export function trialOfferedOf(snapshot: SignupModalSnapshot): boolean {
  return trialOffered(snapshot.context.user);
}

/**
 * Whether the plan selected is the one the member holds with a change or the end scheduled: checking
 * it out keeps it, as the server does (decision 133), and step 3 says so.
 */
export function keepsHeldPlanOf(snapshot: SignupModalSnapshot): boolean {
  const held = snapshot.context.user?.customer.subscriptions.data[0];
  if (!held || (held.status !== 'active' && held.status !== 'trialing')) return false;
  return (
    snapshot.context.selectedOrder?.plan === held.plan.id &&
    keepable({ cancelAtPeriodEnd: held.cancel_at_period_end, scheduled: held.scheduled_plan })
  );
}
