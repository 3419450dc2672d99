// One plan as a selectable card: its term, price and interval, and the flags of spec section 4. To
// assistive technology it is a radio of the plans' radio group (`PlanCardGroup`), checked when chosen.
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../domain/api-types.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { intervalLabel } from '../../../domain/plans.ts';
import { withContrast } from '../../lib/color-shades.ts';
import classes from './signup-modal.module.css';

/** Mantine's greens all read below 4.5:1 on white (and under white text): its green 8, darkened to pass. */
const READABLE_GREEN = withContrast('#2f9e44', '#ffffff');

/** The term in months of a recurring plan (1, 3, 6 or 12), or null for other intervals. */
function termMonths(plan: Plan): number | null {
  if (plan.interval === 'year') return 12 * (plan.interval_count ?? 1);
  if (plan.interval === 'month') return plan.interval_count ?? 1;
  return null;
}

export interface PlanCardProps {
  plan: Plan;
  selected: boolean;
  onSelect: () => void;
  /** A challenge already bought: grayed and not selectable. */
  purchased?: boolean;
  /** The annual card of an annual subscriber. */
  subscribed?: boolean;
  /** The best-value annual card's saving over monthly payments, in percent. */
  savingPercent?: number | null;
  /** False for a member who has had a free trial: the plan's trial is not theirs to take. */
  trialOffered: boolean;
  /**
   * Whether Tab stops on this card. In a group of radios only one does (the checked card, else the
   * first that can be chosen); the arrow keys move between the others (`PlanCardGroup`).
   */
  tabbable?: boolean;
}

export function PlanCard({
  plan,
  selected,
  onSelect,
  purchased,
  subscribed,
  savingPercent,
  trialOffered,
  tabbable = true,
}: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const months = termMonths(plan);
  const interval = intervalLabel(plan);
  return (
    <UnstyledButton
      className={classes.card}
      onClick={onSelect}
      disabled={purchased}
      role="radio"
      aria-checked={selected}
      tabIndex={tabbable ? 0 : -1}
      data-selected={selected || undefined}
      data-purchased={purchased || undefined}
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text fw={700}>{plan.nickname || (months ? t('plans.term', { count: months }) : '')}</Text>
            {subscribed ? <Badge color={READABLE_GREEN}>{t('plans.subscribed')}</Badge> : null}
            {savingPercent ? <Badge>{t('plans.bestValue')}</Badge> : null}
          </Group>
          {months && plan.nickname ? <Text size="sm">{t('plans.term', { count: months })}</Text> : null}
          <Text size="xl" fw={700}>
            {formatMoney(plan.amount, plan.currency, billingLocale(i18n.language))}
          </Text>
          <Text size="sm" c="dimmed">
            {interval ? t(`plans.interval.${interval}`) : t('plans.oneTime')}
          </Text>
          {trialOffered && plan.trialDays ? (
            <Text size="sm">{t('plans.trial', { count: plan.trialDays })}</Text>
          ) : null}
          {savingPercent ? (
            <Text c={READABLE_GREEN}>{t('plans.save', { percent: savingPercent })}</Text>
          ) : null}
          {purchased ? <Text c="dimmed">{t('plans.alreadyPurchased')}</Text> : null}
        </Stack>
      </Paper>
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
