import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';
import { NOW } from '../fixtures.ts';
import { challengeOffer, monthlySubscriber, place, subscriptionOffer, verifiedMember } from './offers.ts';

describe('a plan chosen before the modal opened (decision 114)', () => {
  const annualFromHome = { ...place, plan: 'price_annual' };
  function modal(user = verifiedMember) {
    const checkouts: unknown[] = [];
    const actor = createActor(
      signupModalMachine.provide({
        actors: {
          // Step 1 ends with the member it signed in; checkout stays open so its input can be read.
          authStep: fromPromise(async () => ({ user })) as never,
          checkout: fromPromise(async ({ input }) => {
            checkouts.push(input);
            return new Promise<never>(() => {});
          }) as never,
        },
      }),
    ).start();
    return { actor, checkouts };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('signs up, lands on step 3 with the annual plan selected, and checks out exactly that plan', async () => {
    const { actor, checkouts } = modal();
    actor.send({ type: 'modal.open', offer: subscriptionOffer, place: annualFromHome, user: null, now: NOW });
    expect(actor.getSnapshot().hasTag('step:auth')).toBe(true);
    await settled();
    expect(actor.getSnapshot().hasTag('step:plans')).toBe(true);
    expect(actor.getSnapshot().context.selectedOrder).toEqual({ sku: 'prod_sub', plan: 'price_annual' });
    actor.send({ type: 'plans.next' });
    expect(checkouts).toEqual([expect.objectContaining({ prices: ['price_annual'], route: '/' })]);
  });

  it('a signed-in member who is not subscribed goes straight to step 3 with the plan selected', () => {
    const { actor } = modal();
    actor.send({
      type: 'modal.open',
      offer: subscriptionOffer,
      place: annualFromHome,
      user: verifiedMember,
      now: NOW,
    });
    expect(actor.getSnapshot().hasTag('step:plans')).toBe(true);
    expect(actor.getSnapshot().context.selectedOrder?.plan).toBe('price_annual');
  });

  it('a subscriber still meets the already-have-the-plan screen first (the upgrade rules)', () => {
    const { actor } = modal(monthlySubscriber);
    actor.send({
      type: 'modal.open',
      offer: subscriptionOffer,
      place: annualFromHome,
      user: monthlySubscriber,
      now: NOW,
    });
    expect(actor.getSnapshot().hasTag('screen:alreadyHavePlan')).toBe(true);
  });

  it('ignores a plan the membership does not sell, and any plan on a challenge page', () => {
    const { actor } = modal();
    actor.send({
      type: 'modal.open',
      offer: subscriptionOffer,
      place: { ...place, plan: 'price_gone' },
      user: verifiedMember,
      now: NOW,
    });
    expect(actor.getSnapshot().context.preselectedPlan).toBeNull();
    expect(actor.getSnapshot().context.selectedOrder).toBeNull();
    actor.send({ type: 'modal.close' });
    actor.send({
      type: 'modal.open',
      offer: challengeOffer,
      place: annualFromHome,
      user: verifiedMember,
      now: NOW,
    });
    expect(actor.getSnapshot().context.preselectedPlan).toBeNull();
  });
});
