// One plan as a selectable card of the modal: the plan's summary in a pressable card.
import { UnstyledButton } from '@mantine/core';
import type { Plan } from '../../../domain/api-types.ts';
import { type PlanFlags, PlanSummary } from './plan-summary.tsx';
import classes from './signup-modal.module.css';

export interface PlanCardProps extends PlanFlags {
  plan: Plan;
  selected: boolean;
  onSelect: () => void;
}

export function PlanCard({ plan, selected, onSelect, ...flags }: PlanCardProps) {
  return (
    <UnstyledButton
      className={classes.card}
      onClick={onSelect}
      disabled={flags.purchased}
      aria-pressed={selected}
      data-selected={selected || undefined}
      data-purchased={flags.purchased || undefined}
    >
      <PlanSummary plan={plan} {...flags} />
    </UnstyledButton>
  );
}
