import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';
import { progressOf, trialOfferedOf } from '../../../machines/signup-modal/signup-modal.selectors.ts';
import type { Offer } from '../../../machines/signup-modal/signup-modal.types.ts';
import { NOW, user } from '../fixtures.ts';

const offer = (kind: Offer['kind']): Offer => ({
  kind,
  productId: 'prod',
  plans: [],
  subscription: { productId: null, plans: [], headerText: null, subText: null, buttonText: null },
  enableEmailVerification: false,
  promoCode: null,
});
const place = { path: '/', token: null, verified: false, coupon: null, campaign: null };

describe('signup modal progress indicator', () => {
  it('shows 3 steps, on step 1 at signup and step 2 for a challenge', () => {
    const actor = createActor(signupModalMachine).start();
    actor.send({ type: 'modal.open', offer: offer('challenge'), place, user: null, now: NOW });
    expect(progressOf(actor.getSnapshot())).toEqual({ step: 1, total: 3 });
    actor.send({ type: 'auth.submitLogin', email: 'a@b.co', password: 'x' });
    actor.send({ type: 'modal.close' });
    actor.send({ type: 'modal.open', step: 2, offer: offer('challenge'), place, user: user(), now: NOW });
    expect(progressOf(actor.getSnapshot())).toEqual({ step: 2, total: 3 });
    actor.send({ type: 'plans.next' });
    expect(progressOf(actor.getSnapshot())).toEqual({ step: 3, total: 3 });
  });

  it('shows 2 steps for a course', () => {
    const actor = createActor(signupModalMachine).start();
    actor.send({ type: 'modal.open', step: 2, offer: offer('course'), place, user: user(), now: NOW });
    expect(progressOf(actor.getSnapshot())).toEqual({ step: 2, total: 2 });
  });
});

describe('free trials on the plan cards', () => {
  it('are offered to a visitor and to a member who has had none, not to one who has had one', () => {
    const opened = (member: ReturnType<typeof user> | null) => {
      const actor = createActor(signupModalMachine).start();
      actor.send({
        type: 'modal.open',
        step: 3,
        offer: offer('subscription'),
        place,
        user: member,
        now: NOW,
      });
      return trialOfferedOf(actor.getSnapshot());
    };
    expect(opened(null)).toBe(true);
    expect(opened(user())).toBe(true);
    expect(opened(user({ customer: { subscriptions: { data: [] }, charges: [], had_trial: true } }))).toBe(
      false,
    );
  });
});
