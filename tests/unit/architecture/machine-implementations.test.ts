// Every action and guard a machine declares in its setup is used by its chart (decision 172): one
// no transition, entry or exit names is dead code the mutation run still mutates, and a reader of
// the setup takes it for a rule the flow follows.

import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, and, not, setup } from 'xstate';
import { statecharts } from '../../../machines/statecharts.ts';

interface Node {
  entry: readonly unknown[];
  exit: readonly unknown[];
  transitions: Map<string, readonly { actions: readonly unknown[]; guard?: unknown }[]>;
  always?: readonly { actions: readonly unknown[]; guard?: unknown }[];
  states: Record<string, Node>;
}

/** The name a chart gives an action or a guard: a string, `{ type }`, or none (written inline). */
function nameOf(reference: unknown): string | undefined {
  if (typeof reference === 'string') return reference;
  if (reference && typeof reference === 'object' && 'type' in reference) return String(reference.type);
  return undefined;
}

/** A guard's names, those under `and`, `or` and `not` included. */
function guardNames(guard: unknown): string[] {
  const own = nameOf(guard);
  if (own !== undefined) return [own];
  const inner = typeof guard === 'function' && 'guards' in guard ? (guard.guards as unknown[]) : [];
  return inner.flatMap(guardNames);
}

/** The actions and guards every state of a chart names, its nested states included. */
function referencedBy(machine: AnyStateMachine): { actions: Set<string>; guards: Set<string> } {
  const actions = new Set<string>();
  const guards = new Set<string>();
  const visit = (node: Node) => {
    for (const action of [...node.entry, ...node.exit]) actions.add(nameOf(action) ?? '');
    for (const transition of [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) {
      for (const action of transition.actions) actions.add(nameOf(action) ?? '');
      for (const name of guardNames(transition.guard)) guards.add(name);
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as Node);
  return { actions, guards };
}

/** What a machine declares and its chart never names. */
function unused(machine: AnyStateMachine): { actions: string[]; guards: string[] } {
  const used = referencedBy(machine);
  const left = (kind: 'actions' | 'guards') =>
    Object.keys(machine.implementations[kind]).filter((name) => !used[kind].has(name));
  return { actions: left('actions'), guards: left('guards') };
}

describe('the actions and guards a machine declares', () => {
  it('finds one no transition, entry or exit names, combined guards read through', () => {
    const machine = setup({
      actions: { onEntry: () => {}, onExit: () => {}, onMove: () => {}, dead: () => {} },
      guards: { plain: () => true, inAlways: () => true, inNot: () => true, deadGuard: () => true },
    }).createMachine({
      initial: 'a',
      states: {
        a: {
          entry: 'onEntry',
          exit: [{ type: 'onExit' }],
          on: { go: { target: 'b', guard: and(['plain', not('inNot')]), actions: 'onMove' } },
        },
        b: { always: { target: 'a', guard: 'inAlways' } },
      },
    });
    expect(unused(machine)).toEqual({ actions: ['dead'], guards: ['deadGuard'] });
  });

  it.each(statecharts.map((chart) => [chart.slug, chart.machine] as const))(
    '%s uses every one',
    (_, machine) => {
      expect(unused(machine)).toEqual({ actions: [], guards: [] });
    },
  );
});
