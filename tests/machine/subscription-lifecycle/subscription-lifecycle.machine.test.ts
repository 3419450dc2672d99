import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import {
  type LifecycleStatus,
  lifecycleAllows,
  lifecycleEventFor,
  lifecycleSnapshot,
  subscriptionLifecycleMachine,
} from '../../../domain/subscription-lifecycle.machine.ts';
import { describeModel } from '../model.ts';

const LIVE = ['trialing', 'active', 'past_due', 'unpaid', 'paused'];

describeModel('subscription lifecycle machine', subscriptionLifecycleMachine, {
  samples: {
    'subscription.started': [
      { type: 'subscription.started', status: 'trialing' },
      { type: 'subscription.started', status: 'active' },
      { type: 'subscription.started', status: 'incomplete' },
    ],
  },
  check: (snapshot) => {
    // Nothing leaves the end, and nothing that is not live is billed again.
    if (snapshot.matches('canceled')) {
      expect(snapshot.status).toBe('done');
      for (const type of ['payment.succeeded', 'payment.failed', 'subscription.updated'] as const) {
        expect(snapshot.can({ type })).toBe(false);
      }
    }
    if (LIVE.includes(String(snapshot.value)))
      expect(snapshot.can({ type: 'subscription.ended' })).toBe(true);
    if (snapshot.matches('checkingOut')) expect(snapshot.can({ type: 'payment.succeeded' })).toBe(false);
  },
});

describe('what the processor may record', () => {
  const cases: [LifecycleStatus | null, LifecycleStatus, boolean][] = [
    [null, 'trialing', true],
    [null, 'active', true],
    [null, 'canceled', false],
    ['trialing', 'active', true],
    ['trialing', 'past_due', true],
    ['active', 'active', true],
    ['active', 'past_due', true],
    ['past_due', 'past_due', true],
    ['past_due', 'active', true],
    ['past_due', 'unpaid', true],
    ['active', 'trialing', false],
    ['active', 'unpaid', false],
    ['canceled', 'active', false],
    ['canceled', 'trialing', false],
    ['canceled', 'canceled', false],
    ['incomplete', 'active', true],
    ['incomplete', 'past_due', false],
    // A checkout's first payment pending; nothing but a checkout starts a subscription.
    [null, 'incomplete', true],
    [null, 'past_due', false],
    [null, 'unpaid', false],
    // A plan or card change keeps the status, in every live state.
    ['trialing', 'trialing', true],
    ['unpaid', 'unpaid', true],
    // Every subscription that was started can end, the pending one included.
    ['trialing', 'canceled', true],
    ['active', 'canceled', true],
    ['past_due', 'canceled', true],
    ['unpaid', 'canceled', true],
    ['incomplete', 'canceled', true],
    // Paying what was due revives an unpaid subscription; nothing goes back to pending.
    ['unpaid', 'active', true],
    ['active', 'incomplete', false],
    // A pause (decision 152): only a paid subscription pauses; it resumes, or its renewal is declined.
    ['active', 'paused', true],
    ['paused', 'paused', true],
    ['paused', 'active', true],
    ['paused', 'past_due', true],
    ['paused', 'canceled', true],
    ['trialing', 'paused', false],
    ['past_due', 'paused', false],
    ['unpaid', 'paused', false],
    ['paused', 'unpaid', false],
    ['paused', 'trialing', false],
    [null, 'paused', false],
    ['canceled', 'paused', false],
  ];
  it.each(cases)('%s → %s: %s', (from, to, allowed) => {
    expect(lifecycleAllows(from, to)).toBe(allowed);
  });

  // lifecycleAllows asks only whether the chart has the event; that the event then leads to the
  // status reported is held here, for every pair, so a later chart cannot let a move land elsewhere.
  const STATUSES: LifecycleStatus[] = [
    'trialing',
    'active',
    'past_due',
    'unpaid',
    'paused',
    'incomplete',
    'canceled',
  ];
  const allowed = [null, ...STATUSES].flatMap((from) =>
    STATUSES.filter((to) => lifecycleAllows(from, to)).map((to) => [from, to] as const),
  );
  it.each(allowed)('%s → %s lands in the status reported', (from, to) => {
    const [next] = transition(
      subscriptionLifecycleMachine,
      lifecycleSnapshot(from),
      lifecycleEventFor(from, to),
    );
    expect(next.value).toBe(to);
  });
});

describe('the move a reported status change stands for', () => {
  const cases: [LifecycleStatus | null, LifecycleStatus, ReturnType<typeof lifecycleEventFor>][] = [
    [null, 'trialing', { type: 'subscription.started', status: 'trialing' }],
    [null, 'active', { type: 'subscription.started', status: 'active' }],
    [null, 'incomplete', { type: 'subscription.started', status: 'incomplete' }],
    [null, 'canceled', { type: 'subscription.ended' }],
    [null, 'past_due', { type: 'payment.failed' }],
    ['active', 'active', { type: 'subscription.updated' }],
    ['past_due', 'active', { type: 'payment.succeeded' }],
    ['active', 'past_due', { type: 'payment.failed' }],
    ['past_due', 'unpaid', { type: 'payment.abandoned' }],
    ['active', 'canceled', { type: 'subscription.ended' }],
    ['active', 'trialing', { type: 'subscription.started', status: 'trialing' }],
    ['active', 'incomplete', { type: 'subscription.started', status: 'incomplete' }],
    ['active', 'paused', { type: 'subscription.paused' }],
    ['paused', 'active', { type: 'subscription.resumed' }],
    ['paused', 'past_due', { type: 'payment.failed' }],
  ];
  it.each(cases)('%s → %s: %o', (from, to, event) => {
    expect(lifecycleEventFor(from, to)).toEqual(event);
  });
});
