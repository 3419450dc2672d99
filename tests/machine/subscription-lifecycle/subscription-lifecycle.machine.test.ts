import { describe, expect, it } from 'vitest';
import {
  type LifecycleStatus,
  lifecycleAllows,
  subscriptionLifecycleMachine,
} from '../../../domain/subscription-lifecycle.machine.ts';
import { describeModel } from '../model.ts';

const LIVE = ['trialing', 'active', 'past_due', 'unpaid'];

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
  ];
  it.each(cases)('%s → %s: %s', (from, to, allowed) => {
    expect(lifecycleAllows(from, to)).toBe(allowed);
  });
});
