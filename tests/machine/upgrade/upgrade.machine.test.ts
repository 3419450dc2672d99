import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { upgradeMachine } from '../../../machines/upgrade/upgrade.machine.ts';
import { RULES } from '../../spec/oracle.ts';
import { upgradeRules } from '../../spec/upgrade.rules.ts';
import { describeModel } from '../model.ts';

describeModel('upgrade machine', upgradeMachine, {
  samples: {},
  inputs: [
    { label: 'monthly: ', input: { planType: 'monthly', annualPlanId: 'price_annual' } },
    { label: 'quarterly: ', input: { planType: 'quarterly', annualPlanId: 'price_annual' } },
    { label: 'annual: ', input: { planType: 'annual', annualPlanId: 'price_annual' } },
    // A trainer who sells no annual plan: nothing to upgrade to.
    { label: 'monthly, no annual plan: ', input: { planType: 'monthly', annualPlanId: null } },
  ],
  check: (snapshot, step) => {
    if (snapshot.matches('offeringUpgrade')) {
      expect(['monthly', 'quarterly']).toContain(snapshot.context.planType);
      expect(snapshot.context.annualPlanId).not.toBeNull();
    }
    if (snapshot.matches('offeringContinue')) expect(snapshot.can({ type: 'upgrade.accept' })).toBe(false);
    // The machine is the already-have-the-plan screen until the member decides.
    expect(snapshot.hasTag('screen:alreadyHavePlan')).toBe(snapshot.status === 'active');
    // The screen shows 'want to upgrade' from this tag: it must show exactly when accepting is possible.
    expect(snapshot.hasTag('upgrade:offer')).toBe(snapshot.can({ type: 'upgrade.accept' }));
    // The decision is recorded: upgrading, or going on with the current plan (declined or continued).
    if (snapshot.status === 'done') {
      expect(snapshot.context.choice).toBe(step.event.type === 'upgrade.accept' ? 'upgrade' : 'continue');
    }
  },
});

describe('upgrade outcomes', () => {
  it("'want to upgrade' selects the annual plan and proceeds", () => {
    const actor = createActor(upgradeMachine, {
      input: { planType: 'monthly', annualPlanId: 'price_annual' },
    });
    actor.start();
    actor.send({ type: 'upgrade.accept' });
    expect(actor.getSnapshot().output).toEqual({ plan: 'price_annual' });
  });

  it('declining proceeds with no new plan', () => {
    const actor = createActor(upgradeMachine, {
      input: { planType: 'quarterly', annualPlanId: 'price_annual' },
    });
    actor.start();
    actor.send({ type: 'upgrade.decline' });
    expect(actor.getSnapshot().output).toEqual({ plan: null });
  });

  it('an annual subscriber only continues', () => {
    const actor = createActor(upgradeMachine, {
      input: { planType: 'annual', annualPlanId: 'price_annual' },
    });
    actor.start();
    expect(actor.getSnapshot().hasTag('upgrade:offer')).toBe(false);
    actor.send({ type: 'upgrade.accept' });
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'upgrade.continue' });
    expect(actor.getSnapshot().output).toEqual({ plan: null });
  });
});

/** Every plan type the profile's `subscription_plan_type` takes (domain/plans.ts). */
const PLAN_TYPES = ['daily', 'weekly', 'monthly', 'quarterly', 'biannual', 'annual'];

// The default branch's description is what the chart pages show for it: it must name, plan type by
// plan type, who the guards before it leave.
describe("the default branch's description", () => {
  const screenFor = (planType: string, annualPlanId: string | null) => {
    const actor = createActor(upgradeMachine, { input: { planType, annualPlanId } }).start();
    const state = actor.getSnapshot().value;
    actor.stop();
    return state;
  };
  const description = upgradeMachine.states.deciding?.always?.at(-1)?.description ?? '';

  it('names exactly the plan types that only continue', () => {
    const named = PLAN_TYPES.filter((type) => new RegExp(`\\b${type}\\b`).test(description));
    const continuing = PLAN_TYPES.filter((type) => screenFor(type, 'price_annual') === 'offeringContinue');
    expect(named.sort()).toEqual(continuing.sort());
  });

  it('says every member only continues when no annual plan is on sale, and so it is', () => {
    expect(description).toContain('every member when no annual plan is on sale');
    expect(PLAN_TYPES.map((type) => screenFor(type, null))).toEqual(PLAN_TYPES.map(() => 'offeringContinue'));
  });
});

it("the spec's upgrade rules judge this machine's steps", () => {
  // The oracle finds a flow's rules by the id of the machine that runs it.
  expect(RULES[upgradeMachine.id]).toBe(upgradeRules);
});
