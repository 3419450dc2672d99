import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { User } from '../../../domain/api-types.ts';
import { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';
import {
  progressOf,
  subscriptionOf,
  subscriptionPlansOf,
  trialOfferedOf,
} from '../../../machines/signup-modal/signup-modal.selectors.ts';
import type { Offer } from '../../../machines/signup-modal/signup-modal.types.ts';
import { aSubscription } from '../../factories.ts';
import { NOW, plan, subscriber, user } from '../fixtures.ts';
import { courseOffer, subscriptionOffer } from './offers.ts';

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

describe('signup modal progress indicator during checkout', () => {
  it('stays on the last step while checkout starts: step 3 of 3, or 2 of 2 for a course', () => {
    const plans = createActor(signupModalMachine).start();
    plans.send({ type: 'modal.open', step: 3, offer: subscriptionOffer, place, user: user(), now: NOW });
    plans.send({ type: 'plan.select', sku: 'prod_sub', plan: 'price_monthly' });
    plans.send({ type: 'plans.next' });
    expect(plans.getSnapshot().matches({ open: 'checkingOut' })).toBe(true);
    expect(progressOf(plans.getSnapshot())).toEqual({ step: 3, total: 3 });

    const course = createActor(signupModalMachine).start();
    course.send({ type: 'modal.open', step: 2, offer: courseOffer, place, user: user(), now: NOW });
    course.send({ type: 'plans.next' });
    expect(course.getSnapshot().matches({ open: 'checkingOut' })).toBe(true);
    expect(progressOf(course.getSnapshot())).toEqual({ step: 2, total: 2 });
  });
});

describe("the member's subscription as the plan cards see it", () => {
  const opened = (member: User | null) => {
    const actor = createActor(signupModalMachine).start();
    actor.send({ type: 'modal.open', step: 3, offer: subscriptionOffer, place, user: member, now: NOW });
    return subscriptionOf(actor.getSnapshot());
  };
  const day = 24 * 60 * 60 * 1000;
  const native = (end: number) =>
    user({ profile: { subscribed_plan: '1', endPlan_date: new Date(end).toISOString() } });

  it('is nothing for a visitor or a member who bought nothing', () => {
    expect(opened(null)).toEqual({ subscribed: false, native: false, annual: false });
    expect(opened(user())).toEqual({ subscribed: false, native: false, annual: false });
  });

  it('tells a monthly subscriber from an annual one (spec 4: the Subscribed flag)', () => {
    expect(opened(subscriber('monthly'))).toEqual({ subscribed: true, native: false, annual: false });
    const annual = user({
      customer: {
        subscriptions: { data: [aSubscription({ plan: plan('price_annual', { interval: 'year' }) })] },
      },
    });
    expect(opened(annual)).toEqual({ subscribed: true, native: false, annual: true });
  });

  it('counts a native subscription until its end date, as of the opening (spec 6)', () => {
    expect(opened(native(NOW + day))).toEqual({ subscribed: true, native: true, annual: false });
    expect(opened(native(NOW - day))).toEqual({ subscribed: false, native: false, annual: false });
  });
});

describe("step 3's plans", () => {
  it('are the recurring plans, most expensive first (spec 5)', () => {
    const offered: Offer = {
      ...subscriptionOffer,
      subscription: {
        ...subscriptionOffer.subscription,
        plans: [
          plan('price_monthly', { amount: 1000 }),
          plan('price_once', { type: 'one_time', interval: null, interval_count: null, amount: 50000 }),
          plan('price_annual', { interval: 'year', amount: 9600 }),
        ],
      },
    };
    const actor = createActor(signupModalMachine).start();
    actor.send({ type: 'modal.open', step: 3, offer: offered, place, user: null, now: NOW });
    expect(subscriptionPlansOf(actor.getSnapshot()).map((p) => p.id)).toEqual([
      'price_annual',
      'price_monthly',
    ]);
  });
});
