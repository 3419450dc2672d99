// What a plan card shows: its term, price and interval, and the flags of spec section 4. It carries
// no stylesheet of the modal's, so the home page's pricing draws plans without the modal's styles,
// but the styles of the components it draws: without them Home's plan cards and their "Best value"
// badge were drawn bare until the modal's code brought them, and the badge moved as they came.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../domain/api-types.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { withContrast } from '../../../domain/brand/colors.ts';
import { intervalLabel } from '../../../domain/plans.ts';

/** Mantine's greens all read below 4.5:1 on white (and under white text): its green 8, darkened to pass. */
const READABLE_GREEN = withContrast('#2f9e44', '#ffffff');

/** The term in months of a recurring plan (1, 3, 6 or 12), or null for other intervals. */
function termMonths(plan: Plan): number | null {
  if (plan.interval === 'year') return 12 * (plan.interval_count ?? 1);
  if (plan.interval === 'month') return plan.interval_count ?? 1;
  return null;
}

export interface PlanFlags {
  /** A challenge already bought: grayed and not selectable. */
  purchased?: boolean;
  /** The plan the member holds. */
  subscribed?: boolean;
  /** The best-value annual card's saving over monthly payments, in percent. */
  savingPercent?: number | null;
  /** False for a member who has had a free trial: the plan's trial is not theirs to take. */
  trialOffered: boolean;
  /** The card the member chose in the modal: said in words and a check mark, not by colour alone. */
  selected?: boolean;
}

function CheckIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path
        d="M2 6.5l2.5 2.5L10 3.5"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * What a plan card shows: the term, price and interval with the flags of spec section 4. The modal
 * wraps it in a selectable card; the home page's pricing puts a button under it.
 */
export function PlanSummary({
  plan,
  purchased,
  subscribed,
  savingPercent,
  trialOffered,
  selected,
}: { plan: Plan } & PlanFlags) {
  const { t, i18n } = useTranslation();
  const months = termMonths(plan);
  const interval = intervalLabel(plan);
  return (
    <Paper withBorder p="md" radius="md" pos="relative">
      {/* The flags sit on the card's top edge, so however narrow the card they never push its rows
          below those of the cards beside it. */}
      {subscribed || savingPercent || selected ? (
        <Group gap={4} pos="absolute" top={-10} right={8} wrap="nowrap">
          {selected ? (
            <Badge color="dark" leftSection={<CheckIcon />} data-testid="plan-selected">
              {t('plans.selected')}
            </Badge>
          ) : null}
          {subscribed ? <Badge color={READABLE_GREEN}>{t('plans.subscribed')}</Badge> : null}
          {savingPercent ? <Badge>{t('plans.bestValue')}</Badge> : null}
        </Group>
      ) : null}
      <Stack gap={4}>
        <Text fw={700}>{plan.nickname || (months ? t('plans.term', { count: months }) : '')}</Text>
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
        {savingPercent ? <Text c={READABLE_GREEN}>{t('plans.save', { percent: savingPercent })}</Text> : null}
        {purchased ? <Text c="dimmed">{t('plans.alreadyPurchased')}</Text> : null}
      </Stack>
    </Paper>
  );
}
