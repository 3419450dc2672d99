// One plan as a selectable card of the modal: the plan's summary in a card that, to assistive
// technology, is a radio of the plans' radio group (`PlanCardGroup`), checked when chosen.
import { UnstyledButton } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Plan } from '../../../domain/api-types.ts';
import { type PlanFlags, PlanSummary } from './plan-summary.tsx';
import classes from './signup-modal.module.css';

export interface PlanCardProps extends PlanFlags {
  plan: Plan;
  selected: boolean;
  onSelect: () => void;
  /**
   * Whether Tab stops on this card. In a group of radios only one does (the checked card, else the
   * first that can be chosen); the arrow keys move between the others (`PlanCardGroup`).
   */
  tabbable?: boolean;
}

export function PlanCard({ plan, selected, onSelect, tabbable = true, ...flags }: PlanCardProps) {
  return (
    <UnstyledButton
      className={classes.card}
      onClick={onSelect}
      disabled={flags.purchased}
      role="radio"
      aria-checked={selected}
      tabIndex={tabbable ? 0 : -1}
      data-selected={selected || undefined}
      data-purchased={flags.purchased || undefined}
    >
      <PlanSummary plan={plan} selected={selected} {...flags} />
    </UnstyledButton>
  );
}

const NEXT_KEYS = new Set(['ArrowDown', 'ArrowRight']);
const PREVIOUS_KEYS = new Set(['ArrowUp', 'ArrowLeft']);

/**
 * The plan cards as a radio group (WAI-ARIA's radio group pattern): Tab enters and leaves the group
 * at one card, and the arrow keys move to the next or previous card that can be chosen, wrapping
 * around, and choose it.
 */
export function PlanCardGroup({
  labelledBy,
  className,
  children,
}: {
  /** The id of the text that names the group (the step's heading). */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = NEXT_KEYS.has(event.key) ? 1 : PREVIOUS_KEYS.has(event.key) ? -1 : 0;
    if (step === 0) return;
    const cards = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)'),
    ];
    if (cards.length === 0) return;
    event.preventDefault();
    const at = cards.indexOf(document.activeElement as HTMLButtonElement);
    const next = cards[(at + step + cards.length) % cards.length];
    next?.focus();
    next?.click();
  };
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={className} onKeyDown={move}>
      {children}
    </div>
  );
}
