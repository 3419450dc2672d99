/**
 * The life of one subscription on the server, from the checkout that starts it to the end that
 * nothing revives. The payment event processor (server/payments/processor.ts) asks this chart
 * whether the change an event reports is a transition it has; a change it does not have (a
 * canceled subscription becoming active again, an active one going back to a trial) is refused
 * and the event is acknowledged without effect.
 *
 * Why it is shaped so: payment providers report a subscription's status, not how it got there, and
 * they redeliver and reorder events. Naming the moves (a payment succeeded, a payment failed, the
 * plan or the cancellation changed, it ended) and listing where each may happen makes the rules one
 * picture a product owner can read, and makes an impossible move impossible by construction rather
 * than by a check someone has to remember. `canceled` is final: a member who comes back starts a new
 * subscription through a new checkout. The clock and the amounts are not here: the processor and
 * the gateways decide when and how much; this chart decides only what may follow what.
 */
import { assertEvent, setup } from 'xstate';

export type LifecycleStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'paused'
  | 'incomplete'
  | 'canceled';

export type LifecycleEvent =
  | { type: 'subscription.started'; status: 'trialing' | 'active' | 'incomplete' }
  | { type: 'payment.succeeded' }
  | { type: 'payment.failed' }
  | { type: 'payment.abandoned' }
  | { type: 'subscription.updated' }
  | { type: 'subscription.paused' }
  | { type: 'subscription.resumed' }
  | { type: 'subscription.ended' };

const live = {
  'subscription.updated': {
    description:
      'The plan or the card changed, a change or the end was scheduled for the period’s end, or the member kept the plan (what was scheduled undone); the status stays.',
  },
  'subscription.ended': {
    target: '#subscriptionLifecycle.canceled',
    description: 'Cancelled now, or at the end of the period it was cancelled for.',
  },
} as const;

export const subscriptionLifecycleMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    events: {} as LifecycleEvent,
  },
  guards: {
    // Asked only on 'subscription.started': asserted, so there is no type test whose other side never runs.
    startsInTrial: ({ event }) => {
      assertEvent(event, 'subscription.started');
      return event.status === 'trialing';
    },
    startsUnpaid: ({ event }) => {
      assertEvent(event, 'subscription.started');
      return event.status === 'incomplete';
    },
  },
}).createMachine({
  id: 'subscriptionLifecycle',
  description: 'One subscription of one member, as the payment events move it.',
  meta: {
    guards: {
      startsInTrial: 'The checkout granted a free trial (the member never had one).',
      startsUnpaid: 'The first payment is still being confirmed by the card issuer.',
    },
    delays: {},
  },
  initial: 'checkingOut',
  states: {
    checkingOut: {
      description: 'No subscription yet: only a completed checkout creates one.',
      on: {
        'subscription.started': [
          {
            guard: 'startsInTrial',
            target: 'trialing',
            description: 'Checkout with a free trial: nothing charged yet.',
          },
          {
            guard: 'startsUnpaid',
            target: 'incomplete',
            description: 'Checkout whose first payment is pending.',
          },
          { target: 'active', description: 'Checkout paid the first period.' },
        ],
      },
    },
    incomplete: {
      description: 'The first payment is pending; nothing is granted until it succeeds.',
      on: {
        'payment.succeeded': { target: 'active', description: 'The first payment went through.' },
        'subscription.ended': { target: 'canceled', description: 'The first payment never went through.' },
      },
    },
    trialing: {
      description: 'Free trial: the first charge is due when it ends.',
      on: {
        ...live,
        'payment.succeeded': {
          target: 'active',
          description: 'The trial ended and the first charge was paid.',
        },
        'payment.failed': {
          target: 'past_due',
          description: 'The trial ended and the first charge was declined.',
        },
      },
    },
    active: {
      description: 'Paid for the current period; renews at its end.',
      on: {
        ...live,
        // Stryker disable next-line ObjectLiteral: a transition that stays, with or without its description.
        'payment.succeeded': { description: 'A renewal or a plan change was paid.' },
        'payment.failed': { target: 'past_due', description: 'A renewal was declined.' },
        'subscription.paused': {
          target: 'paused',
          description: 'The pause the member asked for began, at the end of the period paid for.',
        },
      },
    },
    paused: {
      description:
        'Paused by the member for whole months: nothing is charged and the library is closed until it resumes.',
      on: {
        ...live,
        'subscription.resumed': {
          target: 'active',
          description:
            'Resumed: at the pause’s end, with its renewal paid, or early by the member, with nothing charged.',
        },
        'payment.failed': {
          target: 'past_due',
          description: 'The renewal at the pause’s end was declined.',
        },
      },
    },
    past_due: {
      description: 'A charge was declined: retried on a schedule while the member can fix the card.',
      on: {
        ...live,
        'payment.succeeded': { target: 'active', description: 'A retry or a new card paid what was due.' },
        // Stryker disable next-line ObjectLiteral: a transition that stays, with or without its description.
        'payment.failed': { description: 'A retry was declined; the next one is scheduled.' },
        'payment.abandoned': {
          target: 'unpaid',
          description: 'Retries ran out and the subscription is kept unpaid.',
        },
      },
    },
    unpaid: {
      description: 'Retries ran out: nothing is granted until what is due is paid.',
      on: {
        ...live,
        'payment.succeeded': { target: 'active', description: 'What was due was paid.' },
      },
    },
    canceled: {
      type: 'final',
      description: 'Ended. Nothing revives it: coming back is a new checkout and a new subscription.',
    },
  },
});

/** The chart's state for a stored status. */
export function lifecycleSnapshot(status: LifecycleStatus | null) {
  return subscriptionLifecycleMachine.resolveState({ value: status ?? 'checkingOut' });
}

/** The move a provider's reported status change stands for, or the plain update when it stays. */
export function lifecycleEventFor(from: LifecycleStatus | null, to: LifecycleStatus): LifecycleEvent {
  if (from === null) {
    if (to === 'trialing' || to === 'active' || to === 'incomplete')
      return { type: 'subscription.started', status: to };
    return to === 'canceled' ? { type: 'subscription.ended' } : { type: 'payment.failed' };
  }
  if (from === to) return { type: 'subscription.updated' };
  if (from === 'paused' && to === 'active') return { type: 'subscription.resumed' };
  switch (to) {
    case 'paused':
      return { type: 'subscription.paused' };
    case 'active':
      return { type: 'payment.succeeded' };
    case 'past_due':
      return { type: 'payment.failed' };
    case 'unpaid':
      return { type: 'payment.abandoned' };
    case 'canceled':
      return { type: 'subscription.ended' };
    default:
      // Back to a trial or to incomplete: no event of the chart leads there from a started subscription.
      return { type: 'subscription.started', status: to };
  }
}

/** Whether a subscription now in `from` may be reported in `to`: the event that move stands for is one the chart has there. */
export function lifecycleAllows(from: LifecycleStatus | null, to: LifecycleStatus): boolean {
  const snapshot = lifecycleSnapshot(from);
  const event = lifecycleEventFor(from, to);
  // Not `snapshot.can`: it counts a transition that stays in place and runs no action as no change,
  // and staying in place is exactly what a plan change or a retry that failed again is.
  // That the event leads to `to` is not checked here: every event lifecycleEventFor picks does
  // wherever the chart has it, so the check could never fail; the machine's tests hold a later chart
  // to it for every pair of statuses.
  return subscriptionLifecycleMachine.getTransitionData(snapshot, event).length > 0;
}
