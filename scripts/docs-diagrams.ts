// The Mermaid state diagrams of a chart page: the whole chart in one, or an overview and a diagram
// per compound state; the node for "any state"; the legends.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  ANY_STATE_ID,
  type Arrow,
  allNodes,
  cell,
  childrenOf,
  edgesOf,
  eventName,
  isCompound,
  MAX_ARROWS,
  MAX_EDGES,
  MAX_STATES,
  MERMAID_CONFIG,
  mermaidId,
  mermaidText,
  nameList,
  OFF_SCREEN,
  type OffScreen,
  path,
  prose,
  STAYS,
} from './docs-chart.ts';

/** The node standing for every state of the chart, where its root's transitions start. */
export const ANY_STATE = ANY_STATE_ID;
export const anyStateNode = [
  `  state "${mermaidText('from any state')}" as ${ANY_STATE}`,
  '  classDef anyState fill:#fff,stroke-dasharray:4 4',
  `  class ${ANY_STATE} anyState`,
];

/**
 * Mermaid draws the labels of parallel arrows on top of one another, so the transitions between two
 * states share one arrow, their labels joined by "or". It lays out the labels of loops badly too:
 * a transition that stays in its state is written inside the state's box instead (a compound
 * state's box holds only its name, so its loops stay arrows).
 */
export function drawArrows(list: Arrow[], compound: Set<string> = new Set()): string[] {
  const byPair = new Map<string, { from: string; to: string; labels: string[] }>();
  for (const { from, to, label } of list) {
    const pair = byPair.get(`${from} ${to}`) ?? { from, to, labels: [] };
    if (label && !pair.labels.includes(label)) pair.labels.push(label);
    byPair.set(`${from} ${to}`, pair);
  }
  return [...byPair.values()].flatMap(({ from, to, labels }) =>
    from === to && !compound.has(from)
      ? labels.map((label) => `  ${from} : ${STAYS} ${label}`)
      : [`  ${from} --> ${to}${labels.length ? ` : ${labels.join('<br/>or<br/>')}` : ''}`],
  );
}

export const fence = (lines: string[]) => [
  '```mermaid',
  ...MERMAID_CONFIG,
  'stateDiagram-v2',
  ...lines,
  '```',
];

/** The whole chart in one diagram, compound states drawn around their children. */
export function wholeChart(machine: AnyStateMachine, offScreen: OffScreen): string[] {
  const lines: string[] = [];
  const declare = (node: AnyStateNode, indent: string) => {
    for (const child of childrenOf(node)) {
      if (isCompound(child)) {
        // Label and body on separate lines: the form every Mermaid version accepts.
        lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
        lines.push(`${indent}state ${mermaidId(child)} {`);
        declare(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
      }
      if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
    }
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  };
  declare(machine.root, '  ');
  const edges = edgesOf(machine, offScreen);
  if (edges.some(({ source }) => source === machine.root)) lines.push(...anyStateNode);
  const arrows = edges.map(({ source, target, label }) => ({
    from: mermaidId(source),
    to: mermaidId(target),
    label,
  }));
  const compounds = allNodes(machine.root).filter((node) => node !== machine.root && isCompound(node));
  lines.push(...drawArrows(arrows, new Set(compounds.map(mermaidId))));
  return fence(lines);
}

/** An arrow of a scope's diagram, with the child state it is drawn with. */
export interface ScopeArrow {
  /** The arrow's source, or its target for a way in from outside. */
  owner: AnyStateNode;
  arrow: Arrow;
  /** The child of the scope the arrow points to, if it stays in the scope. */
  target?: AnyStateNode;
  /** The state outside the scope the arrow leaves for. */
  outside?: AnyStateNode;
}

/**
 * The diagrams of one compound state (or of the machine's root: the overview): its direct
 * children, nested compound states collapsed into single nodes. An edge between two states inside
 * one collapsed child belongs to that child's own diagram; an edge leaving the scope ends at a
 * node standing for the state outside, one per arrow (a shared one would pull long arrows across
 * the diagram); an edge entering from outside starts at `[*]`. More than MAX_ARROWS arrows make
 * a diagram too wide for the page, so the children are then drawn in parts, each with the arrows
 * that leave it.
 */
export function scopeDiagrams(machine: AnyStateMachine, scope: AnyStateNode, offScreen: OffScreen): string[] {
  const children = childrenOf(scope);
  /** The child of the scope that is the node or holds it; undefined outside the scope. */
  const inScope = (node: AnyStateNode) =>
    children.find((child) => child.path.every((key, index) => node.path[index] === key));
  const owned: ScopeArrow[] = [];
  const initial = scope.initial?.target?.[0] as AnyStateNode | undefined;
  const initialChild = initial && inScope(initial);
  if (initialChild) {
    owned.push({ owner: initialChild, arrow: { from: '[*]', to: mermaidId(initialChild), label: '' } });
  }
  for (const child of children.filter((node) => node.type === 'final')) {
    owned.push({ owner: child, arrow: { from: mermaidId(child), to: '[*]', label: '' } });
  }
  /** The root's transitions into the scope (or kept, on the overview), drawn from the any-state node. */
  const fromAnyState: Arrow[] = [];
  for (const { source, target, label } of edgesOf(machine, offScreen)) {
    if (source === machine.root) {
      const to = target === machine.root && scope === machine.root ? target : inScope(target);
      if (to) fromAnyState.push({ from: ANY_STATE, to: mermaidId(to), label });
      continue;
    }
    const from = inScope(source);
    const to = inScope(target);
    if (!from) {
      if (to) owned.push({ owner: to, arrow: { from: '[*]', to: mermaidId(to), label } });
    } else if (!to) {
      const id = `outside_${mermaidId(from)}_${mermaidId(target)}`;
      owned.push({ owner: from, arrow: { from: mermaidId(from), to: id, label }, outside: target });
    } else if (to !== from || (source === from && target === to)) {
      owned.push({ owner: from, arrow: { from: mermaidId(from), to: mermaidId(to), label }, target: to });
    }
  }
  const weight = (child: AnyStateNode) =>
    new Set(
      owned
        .filter(({ owner, arrow }) => owner === child && arrow.label && arrow.from !== arrow.to)
        .map(({ arrow }) => `${arrow.from} ${arrow.to}`),
    ).size;
  const parts: { sources: AnyStateNode[]; load: number }[] = [];
  for (const child of children) {
    const last = parts.at(-1);
    if (last && last.load + weight(child) <= MAX_ARROWS) {
      last.sources.push(child);
      last.load += weight(child);
    } else {
      parts.push({ sources: [child], load: weight(child) });
    }
  }
  return parts.flatMap(({ sources }, index) => {
    const mine = owned.filter(({ owner }) => sources.includes(owner));
    const lines = children
      .filter((child) => sources.includes(child) || mine.some(({ target }) => target === child))
      .map((child) => `  state "${child.key}" as ${mermaidId(child)}`);
    const outside = mine.flatMap(({ arrow, outside }) => (outside ? [{ id: arrow.to, node: outside }] : []));
    const outsideIds = [...new Set(outside.map(({ id }) => id))];
    for (const id of outsideIds) {
      const node = outside.find((entry) => entry.id === id)?.node as AnyStateNode;
      lines.push(
        `  state "${mermaidText(`${path(node)} (${node === scope ? 'again' : 'outside'})`)}" as ${id}`,
      );
    }
    const anyState = index === 0 ? fromAnyState : [];
    if (anyState.length) lines.push(...anyStateNode);
    lines.push(...drawArrows([...mine.map(({ arrow }) => arrow), ...anyState]));
    if (outsideIds.length) {
      lines.push(
        '  classDef outside fill:#fff,stroke-dasharray:4 4',
        `  class ${outsideIds.join(',')} outside`,
      );
    }
    return [
      ...(index ? [''] : []),
      ...(parts.length > 1 ? [`From ${nameList(sources, (node) => node.key)}:`, ''] : []),
      ...fence(lines),
    ];
  });
}

/**
 * A chart small enough is one diagram; a bigger one is an overview of its top-level states plus a
 * section per compound state, each drawn at a size a page can show.
 */
export function diagrams(machine: AnyStateMachine, offScreen: OffScreen): string[] {
  const states = allNodes(machine.root).length - 1;
  const split = states > MAX_STATES || edgesOf(machine).length > MAX_EDGES;
  const compounds = allNodes(machine.root).filter((node) => node !== machine.root && isCompound(node));
  const drawn = split
    ? [
        ...scopeDiagrams(machine, machine.root, offScreen),
        ...compounds.flatMap((node) => [
          '',
          `### ${path(node)}`,
          '',
          [node.description, `A dashed node stands for a state outside \`${path(node)}\`.`]
            .filter(Boolean)
            .map(prose)
            .join(' '),
          '',
          ...scopeDiagrams(machine, node, offScreen),
        ]),
      ]
    : wholeChart(machine, offScreen);
  const intro = split
    ? [
        `The chart is too big for one diagram. The overview shows the top-level states${compounds.length ? `; each compound state (${nameList(compounds, path)}) has a diagram of its own below` : ''}. A diagram with more than ${MAX_ARROWS} arrows is drawn in parts, each with the arrows that leave some of its states.`,
      ]
    : [];
  const legend = [
    ...(drawn.some((line) => line.includes(` : ${STAYS} `))
      ? [`${STAYS} inside a state: a transition that keeps the member in that state.`]
      : []),
    ...(drawn.some((line) => line.includes(ANY_STATE))
      ? [
          'The dashed node "from any state" stands for every state of the chart: its transitions are taken wherever the chart stands.',
        ]
      : []),
    ...offScreenLegend(offScreen, drawn),
  ];
  return [...[...intro, ...legend].flatMap((line) => [line, '']), ...drawn];
}

/**
 * The legend of the transitions no screen can cause, each event with the executor table's reason:
 * the UI paths leave them out, and a reader should not look for a button that causes them.
 */
export function offScreenLegend(offScreen: OffScreen, drawn: string[]): string[] {
  const shown = [...offScreen].filter(([event]) =>
    drawn.some((line) => line.includes(mermaidText(`(${eventName(event)})`))),
  );
  if (!shown.length) return [];
  return [
    [
      `${OFF_SCREEN} in a label marks a transition no screen can cause (Mermaid's state diagrams have no dashed arrow): the UI paths leave it out, for the reason their executor table (\`tests/paths/executors\`) gives:`,
      '',
      ...shown.map(([event, reason]) => `- \`${eventName(event)}\`: ${cell(reason)}`),
    ].join('\n'),
  ];
}
