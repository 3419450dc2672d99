// The member's journey through the signup modal, end to end, for the statecharts index: its steps in
// order, from the closed modal to checkout, each flow a step runs as a box linking to its page. It is
// drawn from the modal's chart (its top-level states, their children and what they invoke), so it
// changes when the chart does; the chart pages hold everything it leaves out.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { Statechart } from '../machines/statecharts.ts';
import { withEnglishTexts } from './message-texts.ts';

/** The chart the journey is drawn from. */
export const JOURNEY_CHART = 'signup-modal';

/**
 * The events every step offers, which lead back or out rather than on: drawn, they would tie every
 * step to every other. The chart's own page draws them.
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  'modal.back': 'the back arrow',
  'modal.close': 'the close button',
};

/** Mermaid's flowcharts read `end` as a keyword: the ids are prefixed. */
const START = 'j_start';
const END = 'j_end';
const LABEL_WIDTH = 22;

const children = (node: AnyStateNode) => Object.values(node.states as Record<string, AnyStateNode>);
const id = (node: AnyStateNode) => `j_${node.path.join('_')}`;
const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
];

/** Flowchart labels read `"` as the label's end and `#` as an entity; the rest is text. */
const text = (words: string) => words.replace(/"/g, '#quot;').replace(/`/g, '');

function wrapped(words: string): string {
  const lines: string[] = [];
  for (const word of words.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= LABEL_WIDTH)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.map(text).join('<br/>');
}

/**
 * The head of a description: up to its first colon or semicolon (a branch's who), and for a state's
 * name up to a parenthesis too.
 */
const headOf = (description: string | undefined, cut = /: |;/) =>
  withEnglishTexts(description ?? '')
    .split(cut)[0]
    ?.replace(/\.$/, '')
    .trim() ?? '';

/** A step's name: its description up to the second clause (`Step 1: the account step`). */
function stepName(node: AnyStateNode): string {
  const [first = '', second = ''] = (node.description ?? node.key).split(/: /);
  return headOf(/^Step \d/.test(first) ? `${first}${second ? ` — ${second}` : ''}` : first, /: |[(;]/);
}

/** A state the chart passes through at once, choosing the next: its transitions are all eventless. */
const passesThrough = (node: AnyStateNode) =>
  children(node).length === 0 &&
  node.invoke.length === 0 &&
  node.transitions.size === 0 &&
  !!node.always?.length;

interface Hop {
  to: AnyStateNode;
  label: string;
}

/** Where a transition leads, through the states passed at once; each end with the last branch's words. */
function hopsOf(target: AnyStateNode, label: string, seen = new Set<AnyStateNode>()): Hop[] {
  const entered = target.initial?.target?.[0] as AnyStateNode | undefined;
  if (entered) return hopsOf(entered, label, seen);
  if (!passesThrough(target) || seen.has(target)) return [{ to: target, label }];
  seen.add(target);
  return (target.always ?? []).flatMap((branch) =>
    ((branch.target ?? []) as AnyStateNode[]).flatMap((next) =>
      hopsOf(next, headOf(branch.description), seen),
    ),
  );
}

/** The chart of a machine some state invokes, with the charts its own states invoke, depth first. */
function flowsOf(machine: AnyStateMachine, charts: Statechart[]): { chart: Statechart; parent: string }[] {
  const found: { chart: Statechart; parent: string }[] = [];
  const visit = (node: AnyStateNode, owner: AnyStateMachine, parent: string) => {
    for (const invoked of node.invoke) {
      const logic = owner.implementations.actors[invoked.src as string];
      const chart = charts.find((candidate) => candidate.machine === logic);
      if (chart && !found.some((entry) => entry.chart === chart)) {
        found.push({ chart, parent });
        visit(chart.machine.root, chart.machine, `flow_${chart.machine.id}`);
      }
    }
    for (const child of children(node)) visit(child, owner, owner === machine ? id(child) : parent);
  };
  visit(machine.root, machine, id(machine.root));
  return found;
}

/** The journey diagram and its caption, as Markdown lines; none when the chart is missing. */
export function renderJourney(charts: Statechart[]): string[] {
  const chart = charts.find((candidate) => candidate.slug === JOURNEY_CHART);
  if (!chart) return [];
  const { machine } = chart;
  const start = machine.root.initial?.target?.[0] as AnyStateNode;
  const steps = children(machine.root)
    .flatMap((top) => (children(top).length ? children(top) : []))
    .filter((node) => !passesThrough(node));
  const nodeOf = (node: AnyStateNode) => (node === start ? END : steps.includes(node) ? id(node) : undefined);
  const lines = [
    `  ${START}(["${wrapped(headOf(start.description, /: |[(;]/))}"])`,
    ...steps.map((step) => `  ${id(step)}("${wrapped(stepName(step))}")`),
    `  ${END}(["${wrapped('The modal closes')}"])`,
  ];
  const edges = new Map<string, { from: string; to: string; labels: string[]; back: boolean }>();
  const add = (from: string, hop: Hop, back: boolean) => {
    const to = nodeOf(hop.to);
    if (!to || to === from) return;
    const edge = edges.get(`${from} ${to}`) ?? { from, to, labels: [], back };
    if (hop.label && !edge.labels.includes(hop.label)) edge.labels.push(hop.label);
    edges.set(`${from} ${to}`, edge);
  };
  // The modal opens on the step its opening asks for: the branches that choose it are the chart's detail.
  for (const transition of transitionsOf(start))
    for (const target of transition.target ?? [])
      for (const hop of hopsOf(target, '')) add(START, { to: hop.to, label: '' }, false);
  for (const step of steps) {
    for (const transition of transitionsOf(step)) {
      if (LEFT_OUT[transition.eventType]) continue;
      for (const target of (transition.target ?? []) as AnyStateNode[]) {
        for (const hop of hopsOf(target, headOf(transition.description))) {
          add(id(step), hop, steps.indexOf(hop.to) !== -1 && steps.indexOf(hop.to) < steps.indexOf(step));
        }
      }
    }
  }
  for (const { from, to, labels, back } of edges.values()) {
    // A way back is drawn one rank longer: between two steps with arrows both ways (step 3 and the
    // checkout), the two labels would otherwise sit on each other at the same middle.
    const label = labels.length ? `|"${labels.map(wrapped).join('<br/>or<br/>')}"|` : '';
    lines.push(`  ${from} ${back ? '-..->' : '-->'}${label} ${to}`);
  }
  const flows = flowsOf(machine, charts);
  for (const { chart: flow, parent } of flows) {
    lines.push(
      `  flow_${flow.machine.id}[["${wrapped(flow.title)}"]]`,
      `  ${parent} -.- flow_${flow.machine.id}`,
    );
    lines.push(`  click flow_${flow.machine.id} "${flow.slug}.md"`);
  }
  lines.push('  classDef flow fill:#eef,stroke:#557');
  if (flows.length)
    lines.push(`  class ${flows.map(({ chart: flow }) => `flow_${flow.machine.id}`).join(',')} flow`);
  const leftOut = Object.values(LEFT_OUT).join(' and ');
  return [
    '## The member’s journey',
    '',
    `From the closed modal to checkout, as the [${chart.title}](${chart.slug}.md) chart runs it: the modal opens on the step its opening asks for; each rounded box is one of its states, an arrow the way on (with who takes it), a dashed arrow a way back. A box with double sides is a flow of its own that the step runs, linked to its page: ${flows.map(({ chart: flow }) => `[${flow.title}](${flow.slug}.md)`).join(', ')}. Left out: ${leftOut}, offered at every step, and the states the chart passes through at once to choose the next.`,
    '',
    '```mermaid',
    // Top to bottom: left to right, Mermaid laid the seven states out wider than a page and drew
    // labels over one another.
    'flowchart TD',
    ...lines,
    '```',
    '',
  ];
}
