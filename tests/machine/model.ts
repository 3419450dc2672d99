// Model-based testing for the machines: paths come from xstate/graph, each path is replayed against
// the real machine with fakes injected through `.provide()`, and the transitions actually taken are
// recorded so that a test can fail when a state or transition of the machine is reached by no path.

import { describe, expect, it } from 'vitest';
import {
  type AnyActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  fromPromise,
  getNextTransitions,
  initialTransition,
  SimulatedClock,
  transition,
} from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';
import { checkStep, deviationReport, hasRules, RuleRecord, unexercised } from '../spec/oracle.ts';
import { activeNodes, initialMacrostep, type Microstep, macrostep } from './microsteps.ts';

type Snapshot = ReturnType<AnyStateMachine['getInitialSnapshot']>;
export interface PathStep {
  event: AnyEventObject;
  state: Snapshot;
}
export interface ModelPath {
  description: string;
  steps: PathStep[];
}

export interface ModelOptions {
  /**
   * Sample events by type, or a function of the state giving the samples there; an event type
   * without samples is sent as `{ type }`.
   */
  samples: Record<string, AnyEventObject[] | ((snapshot: Snapshot) => AnyEventObject[])>;
  input?: unknown;
  /**
   * What makes two snapshots the same state for path generation; by default the value and the whole
   * context. A coarser key keeps the path count bounded; replays still compare the whole snapshot.
   */
  stateKey?: (snapshot: Snapshot) => unknown;
  /**
   * With it, every sample event is sent by at least one path, not only those that take a transition
   * no other path takes: events told apart by this signature (another member, a child flow ending
   * another way) that the machine takes alike still differ on screen.
   */
  everySample?: (event: AnyEventObject) => string;
}

function eventsOf(snapshot: Snapshot, samples: ModelOptions['samples']): AnyEventObject[] {
  // The states that have transitions, in document order: the order the events are tried in.
  const sources = new Set<AnyStateNode>(getNextTransitions(snapshot).map((transition) => transition.source));
  const types = new Set<string>();
  for (const node of [...sources].sort((a, b) => a.order - b.order)) {
    for (const type of node.transitions.keys()) types.add(type);
  }
  return [...types].flatMap((type) => {
    const sample = samples[type] ?? [{ type }];
    return typeof sample === 'function' ? sample(snapshot) : sample;
  });
}

const describeEvent = (event: AnyEventObject) => event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:');

/**
 * The machine as pure logic for traversal: `transition` and `initialTransition` give each step a
 * fresh actor system, since children invoked with a `systemId` would otherwise collide in the one
 * system xstate/graph shares between steps.
 */
function isolated(machine: AnyStateMachine): AnyStateMachine {
  const logic = Object.create(machine) as AnyStateMachine;
  logic.transition = (snapshot, event) => transition(machine, snapshot, event)[0];
  logic.getInitialSnapshot = (_scope, input) => initialTransition(machine, input)[0];
  return logic;
}

/**
 * Paths that together reach every reachable state and take every transition that the sample events
 * can take: the shortest path to each state, then, for each transition still untaken, the shortest
 * path to a state where an event takes it, followed by that event. Paths contained in longer ones
 * are dropped.
 */
export function modelPaths(machine: AnyStateMachine, options: ModelOptions): ModelPath[] {
  const { stateKey } = options;
  const keyOf = (snapshot: Snapshot) =>
    stateKey
      ? JSON.stringify({ value: snapshot.value, key: stateKey(snapshot) })
      : serializeSnapshot(snapshot);
  const logic = isolated(machine);
  const takenBy = (microsteps: Microstep[]) =>
    microsteps.flatMap((step) => step.transitions.map(transitionKey));
  const model = new TestModel(logic as AnyActorLogic, {
    events: (snapshot: Snapshot) => eventsOf(snapshot, options.samples),
    serializeState: keyOf,
    input: options.input,
  });
  const taken = new Set<string>();
  // With a coarse state key, the graph may continue a path from another snapshot with the same key;
  // recomputing each step from the one before makes the expected snapshots those of the path itself.
  const settle = (events: AnyEventObject[]): PathStep[] => {
    const steps: PathStep[] = [];
    const heard = takenBy(initialMacrostep(machine, options.input));
    let state = logic.getInitialSnapshot(undefined as never, options.input);
    steps.push({ event: { type: 'xstate.init' }, state });
    for (const event of events) {
      heard.push(...takenBy(macrostep(machine, state, event)));
      state = logic.transition(state, event, undefined as never);
      steps.push({ event, state });
    }
    for (const key of heard) taken.add(key);
    return steps;
  };
  const shortest = model
    .getShortestPaths({ input: options.input, allowDuplicatePaths: true })
    .map((path) => settle(path.steps.slice(1).map((step) => step.event as AnyEventObject)));
  const toState = new Map<string, PathStep[]>(
    shortest.map((steps) => [keyOf(steps.at(-1)?.state as Snapshot), steps]),
  );
  const extra: PathStep[][] = [];
  const adjacency = model.getAdjacencyMap() as unknown as Record<
    string,
    { transitions: Record<string, { event: AnyEventObject }> }
  >;
  for (const [from, value] of Object.entries(adjacency)) {
    const prefix = toState.get(from);
    if (!prefix) continue;
    for (const { event } of Object.values(value.transitions)) {
      const heard = takenBy(macrostep(machine, prefix.at(-1)?.state as Snapshot, event));
      if (heard.every((key) => taken.has(key))) continue;
      extra.push(settle([...prefix.slice(1).map((step) => step.event), event]));
    }
  }
  const signature = (steps: PathStep[]) => steps.map((step) => JSON.stringify(step.event)).join('\n');
  const all = [...shortest, ...extra];
  const signatures = all.map(signature);
  const kept = all.filter((steps, i) => {
    const own = signatures[i] ?? '';
    return (
      steps.length > 1 &&
      !signatures.some((other, j) => j !== i && (other.startsWith(`${own}\n`) || (other === own && j < i)))
    );
  });
  /**
   * For each sample event no path sends (by its signature), the first path reaching a state where
   * it moves the machine, cut there and followed by that event.
   */
  function unsentSamples(paths: PathStep[][], signature: (event: AnyEventObject) => string) {
    const sent = new Set(paths.flatMap((steps) => steps.slice(1).map((step) => signature(step.event))));
    const added: PathStep[][] = [];
    for (const steps of paths) {
      for (const [index, { state }] of steps.entries()) {
        if (state.status !== 'active') continue;
        for (const event of eventsOf(state, options.samples)) {
          const own = signature(event);
          if (sent.has(own) || takenBy(macrostep(machine, state, event)).length === 0) continue;
          sent.add(own);
          added.push(settle([...steps.slice(1, index + 1).map((step) => step.event), event]));
        }
      }
    }
    return added;
  }
  // A machine that settles at start (a final state reached by `always`) has just its initial path.
  const chosen = kept.length > 0 ? kept : all.slice(0, 1);
  if (options.everySample) chosen.push(...unsentSamples(chosen, options.everySample));
  return chosen.map((steps) => ({
    description:
      steps
        .slice(1)
        .map((step) => `${describeEvent(step.event)} → ${JSON.stringify(step.state.value)}`)
        .join(', ') || 'settles at start',
    steps,
  }));
}

/** Everything the fakes saw during one replay. */
export interface Effects {
  /** Side-effect actions run, by name, with the context they saw. */
  actions: { name: string; context: unknown }[];
  /** Actors started, by name, with their input. */
  actors: { name: string; input: unknown }[];
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function isSideEffect(implementation: unknown): boolean {
  return typeof implementation === 'function' && !('type' in implementation);
}

/**
 * Replays a path against the machine: user events are sent as they are; a done or error event of
 * an invoked actor settles the fake standing for it; an `after` event advances a simulated clock
 * to one millisecond short of the delay (the machine must not have moved), then to the delay.
 * After each step, the state value, tags and context must equal what the model expected, and the
 * step must keep every rule of the spec that applies to it (tests/spec/): the paths come from the
 * machine, the rules from the spec.
 */
export async function replay(
  machine: AnyStateMachine,
  path: ModelPath,
  options: {
    input?: unknown;
    check?: (snapshot: Snapshot, step: PathStep, effects: Effects, previous: Snapshot | undefined) => void;
    visited?: Coverage;
    /** How failures name the path (a UI path's id); the path's events by default. */
    label?: string;
  } = {},
): Promise<Effects> {
  const effects: Effects = { actions: [], actors: [] };
  const pending = new Map<string, Deferred[]>();
  const implementations = machine.implementations;
  const actors = Object.fromEntries(
    Object.keys(implementations.actors).map((name) => [
      name,
      fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            effects.actors.push({ name, input });
            pending.set(name, [...(pending.get(name) ?? []), { resolve, reject }]);
          }),
      ),
    ]),
  );
  const actions = Object.fromEntries(
    Object.entries(implementations.actions)
      .filter(([, implementation]) => isSideEffect(implementation))
      .map(([name]) => [
        name,
        ({ context }: { context: unknown }) => effects.actions.push({ name, context }),
      ]),
  );
  const delays = implementations.delays as Record<string, number>;
  const clock = new SimulatedClock();
  const provided = machine.provide({ actors, actions } as Parameters<AnyStateMachine['provide']>[0]);
  const actor = createActor(provided, {
    input: options.input,
    clock,
  });
  const visit = (microsteps: Microstep[]) => {
    for (const { snapshot, transitions } of microsteps) {
      for (const taken of transitions) options.visited?.addTransition(taken);
      // Transient states (left at once by an `always` transition) show only in microsteps.
      for (const node of activeNodes(snapshot)) options.visited?.addState(node);
    }
  };
  visit(initialMacrostep(provided, options.input));
  actor.start();
  let previous: Snapshot | undefined;
  let actionsSeen = 0;
  let actorsSeen = 0;
  for (const [index, step] of path.steps.entries()) {
    const { event } = step;
    let waited: number | null = null;
    if (index > 0) {
      // What this step takes, from the snapshot it starts at; the replay then checks that the actor
      // got where the same step led the model.
      visit(macrostep(provided, actor.getSnapshot() as Snapshot, event));
      const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
      if (settled) {
        const [, kind, id = ''] = settled;
        // The newest: an earlier actor of the same id was stopped when its state was left.
        const deferred = pending.get(id)?.pop();
        if (!deferred) throw new Error(`no running actor ${id} to settle at step ${index}`);
        if (kind === 'done') deferred.resolve(event.output);
        else deferred.reject(event.error);
      } else if (after) {
        const delay = delays[after[1] ?? ''];
        if (delay === undefined) throw new Error(`unknown delay in ${event.type}`);
        // The delay is observed, not taken on trust: the spec's rules bound it both ways.
        const waiting = serializeSnapshot(actor.getSnapshot() as Snapshot);
        clock.increment(delay - 1);
        await new Promise((resolve) => setImmediate(resolve));
        if (serializeSnapshot(actor.getSnapshot() as Snapshot) !== waiting)
          throw new Error(`step ${index} (${event.type}): moved before its ${delay} ms`);
        clock.increment(1);
        waited = delay;
      } else {
        actor.send(event);
      }
    }
    // The fakes settle through promise callbacks, all run before the next turn of the event loop, so
    // after one turn the actor is where the step leads or it never gets there.
    await new Promise((resolve) => setImmediate(resolve));
    const snapshot = actor.getSnapshot() as Snapshot;
    const expected = serializeSnapshot(step.state);
    if (serializeSnapshot(snapshot) !== expected) {
      throw new Error(
        `step ${index} (${event.type}): expected ${expected}, got ${serializeSnapshot(snapshot)}`,
      );
    }
    const expectedTags = [...step.state.tags].sort();
    const actualTags = [...snapshot.tags].sort();
    if (JSON.stringify(expectedTags) !== JSON.stringify(actualTags)) {
      throw new Error(`step ${index}: tags ${actualTags.join(',')} instead of ${expectedTags.join(',')}`);
    }
    for (const node of activeNodes(snapshot)) options.visited?.addState(node);
    checkStep(
      {
        flow: machine.id,
        path: options.label ?? path.description,
        index,
        input: options.input,
        event,
        before: previous,
        after: snapshot,
        waited,
        ran: effects.actions.slice(actionsSeen).map((action) => action.name),
        started: effects.actors.slice(actorsSeen),
      },
      options.visited?.spec,
    );
    actionsSeen = effects.actions.length;
    actorsSeen = effects.actors.length;
    options.check?.(snapshot, step, effects, previous);
    previous = snapshot;
  }
  actor.stop();
  return effects;
}

function transitionKey(transition: AnyTransitionDefinition): string {
  const list =
    transition.eventType === ''
      ? transition.source.always
      : transition.source.transitions.get(transition.eventType);
  return `${transition.source.id} ${transition.eventType || 'always'} #${list?.indexOf(transition) ?? -1}`;
}

/** The states and transitions of a machine definition, and those that the replays took. */
export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  readonly visitedStates = new Set<string>();
  readonly visitedTransitions = new Set<string>();
  /** The machine's id: which flow's rules of the spec its steps are checked against. */
  readonly flow: string;
  /** The rules of the spec the replays exercised, and the known deviations they showed. */
  readonly spec = new RuleRecord();

  constructor(machine: AnyStateMachine) {
    this.flow = machine.id;
    const walk = (node: AnyStateNode) => {
      this.states.add(node.id);
      for (const list of node.transitions.values()) {
        list.forEach((_t: AnyTransitionDefinition, i: number) => {
          this.transitions.add(`${node.id} ${_t.eventType} #${i}`);
        });
      }
      (node.always ?? []).forEach((_t: AnyTransitionDefinition, i: number) => {
        this.transitions.add(`${node.id} always #${i}`);
      });
      for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
    };
    walk(machine.root);
  }

  addState(node: AnyStateNode) {
    this.visitedStates.add(node.id);
  }

  addTransition(transition: AnyTransitionDefinition) {
    this.visitedTransitions.add(transitionKey(transition));
    // A transient initial state is left before any snapshot shows it; taking its transition visits it.
    for (let node: AnyStateNode | undefined = transition.source; node; node = node.parent)
      this.addState(node);
  }

  missing() {
    return {
      states: [...this.states].filter((id) => !this.visitedStates.has(id)),
      transitions: [...this.transitions].filter((key) => !this.visitedTransitions.has(key)),
    };
  }
}

/**
 * Declares one test per generated path (for each input) and the coverage test that fails when a
 * state or a transition of the machine is reached by no path. Paths are generated once, when the
 * file is collected, and the time that takes is printed rather than raced against a test timeout.
 */
export function describeModel(
  name: string,
  machine: AnyStateMachine,
  options: {
    samples: ModelOptions['samples'];
    stateKey?: ModelOptions['stateKey'];
    inputs?: { label: string; input: unknown }[];
    check?: (snapshot: Snapshot, step: PathStep, effects: Effects, previous: Snapshot | undefined) => void;
    everySample?: ModelOptions['everySample'];
  },
): { label: string; paths: ModelPath[] }[] {
  const coverage = new Coverage(machine);
  const inputs = options.inputs ?? [{ label: '', input: undefined }];
  const started = performance.now();
  const generated = inputs.map(({ label, input }) => ({
    label,
    input,
    paths: modelPaths(machine, {
      samples: options.samples,
      stateKey: options.stateKey,
      input,
      ...(options.everySample ? { everySample: options.everySample } : {}),
    }),
  }));
  const count = generated.reduce((sum, { paths }) => sum + paths.length, 0);
  console.info(`${name}: ${count} paths generated in ${Math.round(performance.now() - started)} ms`);
  describe(`${name}, paths generated from the statechart`, () => {
    for (const { label, input, paths } of generated) {
      it.each(paths.map((path) => [`${label}${path.description}`, path] as const))(
        '%s',
        async (_title, path) => {
          await replay(machine, path, {
            input,
            visited: coverage,
            check: options.check,
            label: `${label}${path.description}`,
          });
        },
      );
    }
    it(`visits every state and every transition of the ${name}`, () => {
      expect(coverage.missing()).toEqual({ states: [], transitions: [] });
    });
    it(`exercises every rule of the spec for the ${name}`, () => {
      expectSpecCovered(coverage);
    });
  });
  return generated;
}

/**
 * Fails when a rule of the flow's spec was exercised by no replayed path, as an untaken transition
 * fails the coverage test; prints the known deviations the paths showed.
 */
export function expectSpecCovered(coverage: Coverage): void {
  if (!hasRules(coverage.flow))
    console.info(`${coverage.flow}: no rules of the spec yet (tests/spec/oracle.ts)`);
  for (const line of deviationReport(coverage.flow, coverage.spec)) console.info(`${coverage.flow}: ${line}`);
  expect(unexercised(coverage.flow, coverage.spec)).toEqual([]);
}

/**
 * The screens show that they wait (a spinner, a disabled button: the UI paths' "waiting for the
 * server", "sending", "asking the server") exactly while the flow waits for the server: a state
 * carries `loading` when, and only when, one of the given calls is running.
 */
export function expectLoadingWhileCalling(snapshot: Snapshot, calls: readonly string[]): void {
  const running = calls.filter((id) => id in snapshot.children);
  expect(snapshot.hasTag('loading'), `calls running: ${running.join(', ') || 'none'}`).toBe(
    running.length > 0,
  );
}
