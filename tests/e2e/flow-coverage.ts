// The browser suite's coverage of the client's flows: what every test's pages reached (recorded by
// tests/e2e/flow-recorder.ts), added up per machine. Every state of every client machine must be
// reached in Chromium at least once; transitions are counted and printed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AnyStateMachine, type AnyStateNode, matchesState, type StateValue } from 'xstate';
import { statecharts } from '../../machines/statecharts.ts';

/** The folder, under the run's data directory, where each test writes what its pages reached. */
export const FLOW_RECORDS = 'flow-records';

/** The server's machine is not the browser's; every other chart is a client flow. */
const SERVER_CHARTS = new Set(['subscription-lifecycle']);
/**
 * The studio's flows (decision 147) not yet driven in Chromium: none since their journeys run on the
 * site served at `localhost` (tests/e2e/studio.spec.ts, decision 160). This list may only shrink.
 */
const STUDIO_CHARTS_NOT_YET_IN_CHROMIUM = new Set<string>([]);

/**
 * The states no screen can reach, with the reason: every other state of every client flow must be
 * reached in Chromium. The component UI paths list the same transitions as unreachable.
 */
export const UNREACHABLE: Record<string, string> = {
  'modal-opening.failed':
    "An opening fails only when the modal's code or the offer cannot be loaded (a dropped connection), which the browser suite does not simulate; the machine tests cover it.",
  'confirmation.notYet':
    'A confirmation page gives up only after a minute of reads without the payment events, which the browser suite does not wait for; the component tests cover it with fake timers.',
  'confirmation.checkingAgain':
    'Checking again is offered only once a confirmation page has given up (a minute without the payment events); the component tests cover it with fake timers.',
  'email-verification.skipped':
    'The modal starts the email verification only with a link to verify on a site that verifies emails, so its own check never finds nothing to do.',
  'studio-refund.changed':
    "A charge changes between the refund's confirmation and its press only when another refund of it lands in that moment, which the browser suite does not time; the machine tests and the API's refund tests cover the 409 and its new words.",
  'studio-refund.failed':
    "The refund's dialog fails only when the studio cannot be reached (a dropped connection), which the browser suite does not simulate; the machine tests cover it.",
  'studio-refund.refused':
    'A refund is refused only for a charge already refunded or a role without the right, and the studio offers neither the button (tests/e2e/studio.spec.ts checks the coach has none); the machine tests cover the refusal.',
  'catalogue-edit.refused':
    "A catalogue change is refused for good only to a role without the right, and the studio shows a coach no editor (tests/e2e/studio.spec.ts checks it); the machine tests cover the server's 403.",
  'app.running.signOut.logoutWaiting':
    "A Logout pressed while the session still checks the kept member: tests/e2e/session.spec.ts holds that check and presses Logout, but whether the press lands before the session lets the stored copy stand is a race the browser cannot pin; the app chart's machine tests cover the wait.",
};

export interface ChartCoverage {
  slug: string;
  states: { total: number; reached: number; missing: string[] };
  transitions: { total: number; reached: number; missing: string[] };
}

function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return nodes;
}

function transitionKeys(machine: AnyStateMachine): string[] {
  return stateNodes(machine).flatMap((node) => [
    ...[...node.transitions.entries()].flatMap(([type, list]) =>
      list.map((_transition, index) => `${node.id} ${type} #${index}`),
    ),
    ...(node.always ?? []).map((_transition, index) => `${node.id} always #${index}`),
  ]);
}

/** Adds up the records in `dir`, one file per test. */
export function flowCoverage(dir: string): ChartCoverage[] {
  const lines = new Set<string>(
    existsSync(dir)
      ? readdirSync(dir).flatMap((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as string[])
      : [],
  );
  const values = new Map<string, StateValue[]>();
  const transitions = new Set<string>();
  for (const line of lines) {
    const [kind, machineId, ...rest] = line.split(' ');
    if (kind === 'state' && machineId) {
      const list = values.get(machineId) ?? [];
      list.push(JSON.parse(rest.join(' ')) as StateValue);
      values.set(machineId, list);
    }
    if (kind === 'transition') transitions.add(rest.join(' '));
  }
  return statecharts
    .filter((chart) => !SERVER_CHARTS.has(chart.slug) && !STUDIO_CHARTS_NOT_YET_IN_CHROMIUM.has(chart.slug))
    .map(({ slug, machine }) => {
      const seen = values.get(machine.id) ?? [];
      const nodes = stateNodes(machine).filter((node) => node.path.length > 0);
      // A state is reached when a snapshot was in it, or when one of its transitions was taken (a
      // state left at once never shows in a snapshot).
      const reached = (node: AnyStateNode) =>
        seen.some((value) => matchesState(node.path.join('.'), value)) ||
        [...transitions].some((key) => key.startsWith(`${node.id} `));
      const missingStates = nodes
        .filter((node) => !reached(node) && !(`${slug}.${node.path.join('.')}` in UNREACHABLE))
        .map((node) => node.path.join('.'));
      const keys = transitionKeys(machine);
      const missingTransitions = keys.filter((key) => !transitions.has(key));
      return {
        slug,
        states: {
          total: nodes.length,
          reached: nodes.filter(reached).length,
          missing: missingStates,
        },
        transitions: {
          total: keys.length,
          reached: keys.length - missingTransitions.length,
          missing: missingTransitions,
        },
      };
    });
}

export function printFlowCoverage(coverage: ChartCoverage[]): void {
  console.log('\nFlows reached in Chromium (states, transitions):');
  for (const chart of coverage) {
    console.log(
      `  ${chart.slug.padEnd(20)} states ${chart.states.reached}/${chart.states.total}` +
        `  transitions ${chart.transitions.reached}/${chart.transitions.total}`,
    );
    if (chart.states.missing.length > 0)
      console.log(`    states not reached: ${chart.states.missing.join(', ')}`);
    if (chart.transitions.missing.length > 0)
      console.log(`    transitions not taken: ${chart.transitions.missing.join('; ')}`);
  }
  for (const [state, reason] of Object.entries(UNREACHABLE)) console.log(`  (${state}: ${reason})`);
}
