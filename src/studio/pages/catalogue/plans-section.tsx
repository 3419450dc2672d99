// The membership's plans: each one's name, amount and interval, trial, whether it is offered and
// sold; an owner adds a plan or edits one not archived.
import { Badge, Button, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../openapi/schema.d.ts';
import { WideRows } from '../../components/rows.tsx';
import { EmptyState, OK_GREEN } from '../../components/states.tsx';
import { money } from '../../money.ts';
import { Section } from './section.tsx';

type AdminPlan = components['schemas']['AdminPlan'];

export function PlansSection({
  membership,
  owner,
  onEdit,
}: {
  membership: AdminPlan[];
  owner: boolean;
  onEdit: (plan: AdminPlan | 'new') => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const interval = (plan: AdminPlan) =>
    plan.interval
      ? t(`studio.catalogue.every.${plan.interval}`, {
          count: plan.intervalCount ?? 1,
        })
      : t('studio.catalogue.oneTime');
  return (
    <Section
      title={t('studio.catalogue.plans')}
      action={
        owner ? (
          <Button size="xs" onClick={() => onEdit('new')}>
            {t('studio.catalogue.addPlan')}
          </Button>
        ) : null
      }
    >
      {membership.length === 0 ? (
        <EmptyState title={t('studio.catalogue.noPlans')} />
      ) : (
        <WideRows
          caption={t('studio.catalogue.plans')}
          miw={560}
          header={[
            t('studio.catalogue.name'),
            t('studio.member.amount'),
            t('studio.catalogue.trialDays'),
            t('studio.members.status'),
            t('studio.member.actions'),
          ]}
        >
          {membership.map((plan) => (
            <Table.Tr key={plan.id} data-testid={`studio-plan-${plan.id}`}>
              <Table.Th scope="row" fw={500}>
                {plan.nicknames[lang] ?? plan.nicknames.en}
              </Table.Th>
              <Table.Td>
                {money(plan.amount, plan.currency, lang)} · {interval(plan)}
              </Table.Td>
              <Table.Td>{plan.trialDays ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {plan.archived ? (
                    <Badge color="gray.7">{t('studio.catalogue.archived')}</Badge>
                  ) : (
                    <Badge color={OK_GREEN}>{t('studio.catalogue.offered')}</Badge>
                  )}
                  {plan.sold ? <Badge variant="outline">{t('studio.catalogue.sold')}</Badge> : null}
                </Group>
              </Table.Td>
              <Table.Td>
                {owner && !plan.archived ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onEdit(plan)}
                    aria-label={t('studio.catalogue.editOf', {
                      name: plan.nicknames[lang] ?? plan.nicknames.en,
                    })}
                  >
                    {t('studio.catalogue.edit')}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </WideRows>
      )}
    </Section>
  );
}
