import { describe, expect, it } from 'vitest';
import { type AnyTransitionDefinition, createActor } from 'xstate';
import { statecharts } from '../../../machines/statecharts.ts';
import { upgradeMachine } from '../../../machines/upgrade/upgrade.machine.ts';
import { BRANCH_NAMES, branchKey } from '../../../scripts/docs-branches.ts';

/** Every plan type the profile's `subscription_plan_type` takes (domain/plans.ts). */
const PLAN_TYPES = ['daily', 'weekly', 'monthly', 'quarterly', 'biannual', 'annual'];

const screenFor = (planType: string, annualPlanId: string | null) => {
  const actor = createActor(upgradeMachine, { input: { planType, annualPlanId } }).start();
  const state = actor.getSnapshot().value;
  actor.stop();
  return state;
};

describe('branch names', () => {
  it('names only transitions that exist', () => {
    const keys = (chart: (typeof statecharts)[number]) => {
      const found: string[] = [];
      const walk = (node: typeof chart.machine.root) => {
        const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
        for (const transition of transitions) found.push(branchKey(transition as AnyTransitionDefinition));
        for (const child of Object.values(node.states)) walk(child as typeof node);
      };
      walk(chart.machine.root);
      return found;
    };
    for (const [id, names] of Object.entries(BRANCH_NAMES)) {
      const chart = statecharts.find((candidate) => candidate.machine.id === id);
      expect(chart, id).toBeDefined();
      for (const key of Object.keys(names)) expect(chart && keys(chart)).toContain(key);
    }
  });

  it("names the upgrade's default branch for exactly the plan types its guards leave", () => {
    const named = BRANCH_NAMES.upgrade?.['deciding → offeringContinue (always)'];
    const continuing = PLAN_TYPES.filter((type) => screenFor(type, 'price_annual') === 'offeringContinue');
    expect([...(named?.planTypes ?? [])].sort()).toEqual(continuing.sort());
    for (const type of named?.planTypes ?? []) expect(named?.label).toContain(type);
    for (const type of PLAN_TYPES.filter((other) => !continuing.includes(other)))
      expect(named?.label).not.toContain(type);
    // The label's other claim: with no annual plan on sale, every member only continues.
    expect(named?.label).toContain('every member when no annual plan is on sale');
    expect(PLAN_TYPES.map((type) => screenFor(type, null))).toEqual(PLAN_TYPES.map(() => 'offeringContinue'));
  });
});
