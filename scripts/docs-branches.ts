// Names for the default branches of the charts, by who takes them. A default (`else`) branch says
// nothing of its own: it is whoever the guards before it leave, and a product owner should not have
// to work out the complement of a guard. A test checks each name's plan types against the machine.
import type { AnyTransitionDefinition } from 'xstate';

export interface BranchName {
  /** What the chart pages show for the branch, in place of its description. */
  label: string;
  /** The plan types (`subscription_plan_type`) the label says take the branch when the guards could pass. */
  planTypes: readonly string[];
}

/** By chart (the machine's id) and transition: `source → target (event)`. */
export const BRANCH_NAMES: Readonly<Record<string, Readonly<Record<string, BranchName>>>> = {
  upgrade: {
    'deciding → offeringContinue (always)': {
      label:
        'Any other member (an annual, biannual, weekly or daily plan), and every member when no annual plan is on sale: only continues.',
      planTypes: ['annual', 'biannual', 'weekly', 'daily'],
    },
  },
};

/** A transition's key in BRANCH_NAMES. */
export function branchKey(transition: AnyTransitionDefinition): string {
  const source = transition.source.path.join('.');
  const targets = (transition.target ?? []).map((target) => target.path.join('.')).join(', ');
  return `${source} → ${targets || source} (${transition.eventType || 'always'})`;
}

/** What the pages say a transition does: its branch name if it has one, else its description. */
export function describedAs(transition: AnyTransitionDefinition): string {
  const named = BRANCH_NAMES[transition.source.machine.id]?.[branchKey(transition)];
  return named?.label ?? transition.description ?? '';
}
