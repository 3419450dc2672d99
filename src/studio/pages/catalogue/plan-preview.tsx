// The plan cards a visitor will see, drawn by the public pages' own card from the plans on offer, in
// the visitor's language, the annual plan's saving on its card.
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../../domain/api-types.ts';
import { annualSaving, offeredPlans } from '../../../../domain/plans.ts';
import type { components } from '../../../../openapi/schema.d.ts';
import { PlanSummary } from '../../../features/signup-modal/plan-summary.tsx';
import { EmptyState } from '../../components/states.tsx';
import { Section } from './section.tsx';

type AdminPlan = components['schemas']['AdminPlan'];

/** A price as the public catalogue gives it, in the visitor's language. */
function asVisitorSees(plan: AdminPlan, language: string): Plan {
  return {
    id: plan.id,
    product: plan.productId,
    interval: plan.interval,
    interval_count: plan.intervalCount,
    amount: plan.amount,
    currency: plan.currency,
    type: plan.type,
    nickname: plan.nicknames[language] ?? plan.nicknames.en ?? null,
    trialDays: plan.trialDays,
    active: !plan.archived,
  };
}

export function PlanPreview({ membership }: { membership: AdminPlan[] }) {
  const { t, i18n } = useTranslation();
  const offered = offeredPlans(
    membership.filter((plan) => !plan.archived).map((plan) => asVisitorSees(plan, i18n.language)),
    false,
  );
  const saving = annualSaving(offered);
  return (
    <Section title={t('studio.catalogue.preview')}>
      <Text size="sm" c="dimmed">
        {t('studio.catalogue.previewHint')}
      </Text>
      {offered.length === 0 ? (
        <EmptyState title={t('studio.catalogue.noPlans')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="plan-preview">
          {offered.map((plan) => (
            <PlanSummary
              key={plan.id}
              plan={plan}
              trialOffered
              savingPercent={saving?.planId === plan.id ? saving.percent : null}
            />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}
