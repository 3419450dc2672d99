// Which state nodes a snapshot is in and which transitions a step took, from XState's public API
// only (decision 104): the inspection events carry the taken transitions in a private field, so
// each microstep's transitions are worked out the way XState selects them.

import {
  Actor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createMachine,
  getInitialMicrosteps,
  getMicrosteps,
  getNextTransitions,
  getStateNodes,
  StateMachine,
} from 'xstate';

export interface Microstep {
  snapshot: AnyMachineSnapshot;
  transitions: AnyTransitionDefinition[];
}

/** The state nodes a snapshot is in, the root first, in document order. */
export function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  const nodes = new Set<AnyStateNode>(getStateNodes(snapshot.machine.root, snapshot.value));
  return [...nodes].sort((a, b) => a.order - b.order);
}

/**
 * The first of `candidates` whose guard lets `event` through in `snapshot`: the guards are run by
 * a one-state machine that has the candidates' guards as its transitions and the machine's guard
 * implementations, since XState evaluates guards for no caller outside a transition.
 */
function firstEnabled(
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
  candidates: AnyTransitionDefinition[],
): AnyTransitionDefinition | undefined {
  const probe = createMachine({
    context: snapshot.context,
    on: { '*': candidates.map((candidate) => ({ guard: candidate.guard })) },
  }).provide({ guards: snapshot.machine.implementations.guards });
  const [selected] = probe.getTransitionData(
    probe.resolveState({ value: {}, context: snapshot.context }),
    event,
  );
  const index = selected ? (probe.root.transitions.get('*') ?? []).indexOf(selected) : -1;
  return candidates[index];
}

/**
 * The eventless transition a microstep took: as XState picks it, the first `always` transition of
 * the atomic state, then of its ancestors, whose guard passes for the event being handled. The
 * machines have no parallel states and raise no events, so every later microstep is one of these;
 * one that is not throws rather than miscounting coverage.
 */
function eventless(previous: AnyMachineSnapshot, event: AnyEventObject): AnyTransitionDefinition[] {
  const candidates = getNextTransitions(previous).filter((transition) => transition.eventType === '');
  const taken = firstEnabled(previous, event, candidates);
  if (!taken)
    throw new Error(`no eventless transition explains the microstep from ${JSON.stringify(previous.value)}`);
  return [taken];
}

/**
 * What the machines a microstep invoked took to start: XState works out a child's first state when
 * it creates the child, so those transitions belong to the step that invoked it.
 */
function started(
  before: AnyMachineSnapshot | undefined,
  after: AnyMachineSnapshot,
): AnyTransitionDefinition[] {
  const known = new Set<unknown>(Object.values(before?.children ?? {}));
  return Object.values(after.children).flatMap((child) =>
    !known.has(child) && child instanceof Actor && child.logic instanceof StateMachine
      ? initialMacrostep(child.logic, child.options.input).flatMap((step) => step.transitions)
      : [],
  );
}

function attribute(
  previous: AnyMachineSnapshot,
  event: AnyEventObject,
  snapshots: AnyMachineSnapshot[],
  initial = false,
): Microstep[] {
  let before = previous;
  return snapshots.map((snapshot, index) => {
    // The first microstep of an event takes what the event selects; the later ones are eventless.
    const transitions =
      index === 0 && !initial
        ? [...before.machine.getTransitionData(before, event)]
        : eventless(before, event);
    transitions.push(...started(before, snapshot));
    before = snapshot;
    return { snapshot, transitions };
  });
}

/** The microsteps of the macrostep that `event` starts from `snapshot`. */
export function macrostep(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
): Microstep[] {
  const snapshots = getMicrosteps(machine, snapshot, event).map(([next]) => next as AnyMachineSnapshot);
  return attribute(snapshot, event, snapshots);
}

/** The microsteps of the machine's start: entering the initial states, then the eventless ones. */
export function initialMacrostep(machine: AnyStateMachine, input: unknown): Microstep[] {
  const [first, ...rest] = getInitialMicrosteps(machine, input).map(([next]) => next as AnyMachineSnapshot);
  if (!first) return [];
  return [
    { snapshot: first, transitions: started(undefined, first) },
    ...attribute(first, { type: 'xstate.init', input }, rest, true),
  ];
}
