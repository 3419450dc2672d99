// The charts as the pages word them: their states and transitions, the labels of their arrows
// (what happens first, the event second, a message in English, a mark on what no screen causes).
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { withEnglishTexts } from './message-texts.ts';

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** A readable name for an event type: done and error events of children, delays, eventless. */
export function eventName(type: string): string {
  if (type === '') return 'always';
  const child = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (child) return `${child[2]} ${child[1] === 'done' ? 'done' : 'failed'}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1]}`;
  return type;
}

export function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function' && 'guards' in guard) {
    const inner = guard.guards;
    const parts = Array.isArray(inner) ? inner.map(guardName) : [guardName(inner)];
    return `${guard.name}(${parts.join(', ')})`;
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'inline';
}

export const mermaidId = (node: AnyStateNode) =>
  node.parent ? node.id.replace(/[^A-Za-z0-9]/g, '_') : ANY_STATE_ID;
/** The root's id in a diagram: the node for "any state" (see `anyStateNode`). */
export const ANY_STATE_ID = 'any_state';
export const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** A description for a table: a message's English text, its catalogue key in small print after it. */
export const prose = (text: string | undefined) =>
  cell(withEnglishTexts(text ?? '', (key) => ` <sub>${key}</sub>`));
export const path = (node: AnyStateNode) => node.path.join('.') || '(any state)';
export const childrenOf = (node: AnyStateNode) => Object.values(node.states as Record<string, AnyStateNode>);
export const isCompound = (node: AnyStateNode) => childrenOf(node).length > 0;
export const nameList = (nodes: AnyStateNode[], key: (node: AnyStateNode) => string) => {
  const names = nodes.map((node) => `\`${key(node)}\``);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

/** Beyond these, one diagram no longer reads at page width, and the chart is split. */
export const MAX_STATES = 20;
export const MAX_EDGES = 24;
/** Arrows per diagram of a split chart; a scope with more is drawn in parts, by source state. */
export const MAX_ARROWS = 8;
/**
 * Characters per line of a label: narrow labels keep a diagram within the page's width, and Mermaid
 * breaks lines wider than 200 px itself, mid-phrase.
 */
export const LABEL_WIDTH = 18;
/** Marks a transition that keeps its state, written inside the state's box. */
export const STAYS = '↻';
/**
 * Mermaid's default (basis) curve moves a label off the place the layout kept for it, often onto
 * another label; an interpolating curve passes through that place. State diagrams read the
 * flowchart's setting.
 */
export const MERMAID_CONFIG = ['---', 'config:', '  flowchart:', '    curve: catmullRom', '---'];

export interface Edge {
  source: AnyStateNode;
  target: AnyStateNode;
  label: string;
}

/** An arrow of a diagram, between Mermaid ids; `[*]` is the way in (or out). */
export interface Arrow {
  from: string;
  to: string;
  label: string;
}

/**
 * Mermaid reads `:` and `;` as syntax and `<` as markup; its entity codes show the characters
 * themselves. Backticks are code formatting in the machine's descriptions, noise in a diagram.
 */
export const mermaidText = (text: string) =>
  text.replace(/`/g, '').replace(/[#:;<>]/g, (char) => `#${char.charCodeAt(0)};`);

/** Greedy word wrap; the event in parentheses is one word, so it is never split. */
export function wrap(words: string[]): string {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= LABEL_WIDTH) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return lines.map(mermaidText).join('<br/>');
}

/**
 * Marks the label of a transition no screen can cause (the executor table's `notThroughScreens`):
 * Mermaid's state diagrams have no dashed arrow, so the label carries a dashed one.
 */
export const OFF_SCREEN = '⇢';

/** The events no screen can cause, each with the executor table's reason, of a chart that has a table. */
export type OffScreen = ReadonlyMap<string, string>;

/** What a product owner reads first is what happens; the event that triggers it comes second. */
export function edgeLabel(transition: AnyTransitionDefinition, offScreen: OffScreen): string {
  const event = eventName(transition.eventType);
  const description = withEnglishTexts(transition.description ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const mark = offScreen.has(transition.eventType) ? [OFF_SCREEN] : [];
  return wrap([...mark, ...(description.length ? [...description, `(${event})`] : [event])]);
}

/**
 * One edge per target; a transition without a target stays in its state (an edge to itself). The
 * root's own transitions (an `on` of the whole chart) are taken in any state: their source is the
 * root, drawn as a node of its own.
 */
export function edgesOf(machine: AnyStateMachine, offScreen: OffScreen = new Map()): Edge[] {
  return allNodes(machine.root).flatMap((source) =>
    transitionsOf(source).flatMap((transition) =>
      ((transition.target ?? [source]) as AnyStateNode[]).map((target) => ({
        source,
        target,
        label: edgeLabel(transition, offScreen),
      })),
    ),
  );
}
