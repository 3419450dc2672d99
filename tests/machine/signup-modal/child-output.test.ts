import { describe, expect, it } from 'vitest';
import { childFailed, outputOf } from '../../../machines/signup-modal/signup-modal.guards.ts';

// The modal and its account step ask these on any event (guards are typed for every event), so they
// must hold for an event that is no child flow's end as well as for one that is. (Not named after the
// guards' file: the mutation run would take it for their own test and skip the machines' model tests,
// which pin the other guards.)
describe("reading a child flow's output", () => {
  it("gives a flow's output record, and nothing for an event without one or with a bare value", () => {
    const output = { started: false, error: 'Please verify your email before proceeding to checkout' };
    expect(outputOf({ type: 'xstate.done.actor.checkout', output })).toBe(output);
    expect(outputOf({ type: 'plans.next' })).toBeNull();
    expect(
      outputOf({ type: 'xstate.done.actor.startCheckoutSession', output: 'https://pay.example/s' }),
    ).toBeNull();
  });

  it('calls a flow failed only when it ended with an error', () => {
    expect(childFailed({ event: { type: 'xstate.done.actor.checkout', output: { error: 'Blocked' } } })).toBe(
      true,
    );
    expect(childFailed({ event: { type: 'xstate.done.actor.checkout', output: { error: null } } })).toBe(
      false,
    );
    expect(childFailed({ event: { type: 'plans.next' } })).toBe(false);
  });
});
