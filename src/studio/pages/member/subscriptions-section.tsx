// A member's subscriptions: plan, amount, status, the period's end; an owner cancels one now or at
// the period's end (the dialog says what the member loses first).
import { Button, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../openapi/schema.d.ts';
import { money } from '../../money.ts';
import { TableSection } from './section.tsx';
import { useWhen } from './when.ts';

type Member = components['schemas']['StudioMember'];

export function SubscriptionsSection({
  member,
  owner,
  onCancel,
}: {
  member: Member;
  owner: boolean;
  onCancel: (cancel: { id: string; at: 'now' | 'period_end' }) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const when = useWhen();
  return (
    <TableSection
      title={t('studio.member.subscriptions')}
      empty={t('studio.member.noSubscriptions')}
      rows={member.subscriptions}
      header={[
        t('studio.members.plan'),
        t('studio.member.amount'),
        t('studio.members.status'),
        t('studio.member.periodEnd'),
        t('studio.member.actions'),
      ]}
    >
      {member.subscriptions.map((subscription) => (
        <Table.Tr key={subscription.id}>
          <Table.Th scope="row" fw={500}>
            {subscription.plan}
          </Table.Th>
          <Table.Td>{money(subscription.amount, subscription.currency, lang)}</Table.Td>
          <Table.Td>
            {t(`studio.status.${subscription.status}`)}
            {subscription.cancelAtPeriodEnd ? ` · ${t('studio.member.endsAtPeriodEnd')}` : ''}
          </Table.Td>
          <Table.Td>{when(subscription.currentPeriodEnd)}</Table.Td>
          <Table.Td>
            {owner && subscription.status !== 'canceled' ? (
              <Group gap={4} wrap="nowrap">
                {!subscription.cancelAtPeriodEnd ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onCancel({ id: subscription.id, at: 'period_end' })}
                  >
                    {t('studio.member.cancelPeriodEnd')}
                  </Button>
                ) : null}
                <Button
                  size="xs"
                  variant="default"
                  color="red.9"
                  onClick={() => onCancel({ id: subscription.id, at: 'now' })}
                >
                  {t('studio.member.cancelNow')}
                </Button>
              </Group>
            ) : null}
          </Table.Td>
        </Table.Tr>
      ))}
    </TableSection>
  );
}
